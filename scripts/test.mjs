#!/usr/bin/env node
// `npm test`: the whole suite — unit, API and domain (embedded database, or PostgreSQL when DATABASE_URL is set),
// web components, and browser tests in Debian's Chromium when it is installed. `npm test -- --project api
// --project core` runs only the projects named (CI's legs do: .ci/run); any other argument goes to vitest as is.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";

const extra = process.argv.slice(2);
const named = extra.flatMap((arg, i) => (arg === "--project" ? [extra[i + 1]] : arg.startsWith("--project=") ? [arg.slice(10)] : []));
const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
const projects = named.length ? [] : ["unit", "api", "core", "web"];
if (!named.length && chromium) projects.push("browser");
if (!chromium && (named.length === 0 || named.includes("browser"))) {
  console.log("Chromium not found: browser tests skipped — install with apt-get install -y chromium");
}

console.log(`Database: ${process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite"}; projects: ${(named.length ? named : projects).join(", ")}`);
if (!process.env.REDIS_URL) console.log("REDIS_URL not set: the tests of request limits shared through Redis are skipped (CI's PostgreSQL leg sets it)");
// vitest runs cores − 1 files at once: one on a 2-core machine. Most test files wait on something else (the
// PostgreSQL server, a spawned API process, Chromium), so two at a time finish the suite about 40 % sooner there.
const workers = extra.some((arg) => arg.startsWith("--maxWorkers")) ? [] : [`--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`];
// on the PostgreSQL leg the browser tests' servers get fresh databases on the same server (e2e/helpers/server.ts)
if (process.env.DATABASE_URL && !process.env.E2E_DATABASE_URL) process.env.E2E_DATABASE_URL = process.env.DATABASE_URL;
const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...workers, ...extra];
const result = spawnSync("npx", args, { stdio: "inherit" });
process.exit(result.status ?? 1);
