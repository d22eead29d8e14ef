/**
 * `npm run db:check-schema`: checks that prisma/schema.prisma describes exactly the database the migrations
 * produce. Prisma introspects a fresh in-memory database with every migration applied (src/schema-check.config.ts)
 * and diffs what it found against the schema; any table, column, type, default, key or index on one side only
 * is printed as the SQL that would close the gap, and the exit code is 1. Needs no database server and never
 * opens a real one.
 *
 * What a Prisma schema cannot express is outside the comparison: trigger functions and triggers, sequences
 * that belong to no column, CHECK constraints, expression indexes, extensions. The schema names the migration
 * that holds each of them.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const prismaDir = fileURLToPath(new URL("..", import.meta.url));
const prisma = path.join(prismaDir, "../node_modules/.bin/prisma");
// never let the CLI open a real embedded database (docs/database.md): PGLITE_DIR=memory://, no DATABASE_URL
const { DATABASE_URL: _serverUrl, ...inherited } = process.env;
const env = { ...inherited, PGLITE_DIR: "memory://" };

const scratch = mkdtempSync(path.join(tmpdir(), "shop-schema-check-"));
try {
  const pulled = execFileSync(prisma, ["db", "pull", "--print", "--config", "src/schema-check.config.ts"], {
    cwd: prismaDir,
    encoding: "utf8",
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // the CLI prints a warning about the datasource url above the schema itself
  const start = pulled.indexOf("generator client");
  if (start === -1) throw new Error(`prisma db pull printed no schema:\n${pulled}`);
  const introspected = path.join(scratch, "introspected.prisma");
  writeFileSync(introspected, pulled.slice(start));
  const diff = spawnSync(
    prisma,
    ["migrate", "diff", "--from-schema-datamodel", introspected, "--to-schema-datamodel", "schema.prisma", "--script", "--exit-code"],
    { cwd: prismaDir, encoding: "utf8", env },
  );
  // --exit-code: 0 no difference, 2 a difference, anything else an error
  if (diff.status === 0) {
    console.log("prisma/schema.prisma describes exactly the database the migrations produce.");
  } else if (diff.status === 2) {
    console.error("prisma/schema.prisma and the migrations differ. SQL that would turn the migrated database into the schema:\n");
    console.error(diff.stdout);
    process.exitCode = 1;
  } else {
    console.error(diff.stdout, diff.stderr);
    process.exitCode = 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
