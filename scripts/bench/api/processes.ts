/**
 * The processes `npm run bench` starts — the API as `npm start` runs it, and the bare route (../bare-fastify.ts) —
 * and what is read of them from /proc: resident memory and CPU time. A process started here is killed if the
 * benchmark is interrupted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ADMIN, BENCH_BOT, ROOT } from "./settings";

const children = new Set<ChildProcess>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill("SIGKILL");
    process.exit(130);
  });
}

export interface Started {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * `node <file>` (one process: its pid is the server's), ready when `ready` matches its output. TypeScript runs
 * through `--import tsx`; the API runs as `npm start` runs it, built (server/dist/main.mjs).
 */
export async function startNode(file: string, env: Record<string, string>, ready: RegExp, nodeArgs: string[] = [], timeoutMs = 120_000): Promise<Started> {
  const child = spawn(process.execPath, [...(file.endsWith(".ts") ? ["--import", "tsx"] : []), ...nodeArgs, file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const port = ready.exec(output)?.[1];
    if (port) return { child, url: `http://127.0.0.1:${port}`, output: () => output, stop };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  await stop();
  throw new Error(`${file} did not start:\n${output}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Memory = { rssMb: number; peakMb: number } | null;

/** Resident memory of a process in MB, and its peak so far (VmHWM), from /proc. */
export function memoryOf(pid: number): Memory {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms; null when it cannot be read. Divided
 * by the requests of a row it gives the server's CPU per request: steadier than req/s on a shared machine,
 * where the load generator and other work take turns on the same cores.
 */
export function cpuMsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // after "(name) ": state is field 3; utime and stime are fields 14 and 15, in clock ticks (100 a second)
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** extra node options for the API, e.g. BENCH_NODE_OPTIONS=--cpu-prof (space-separated) */
const NODE_OPTIONS_EXTRA = (process.env.BENCH_NODE_OPTIONS ?? "").split(" ").filter(Boolean);

/**
 * How `npm start` runs the server: the environment settings and node options of server/package.json's "serve"
 * script (`NAME=value … node <options> dist/main.mjs`), so that the benchmark measures the same process.
 * Settings written with shell expansions (NODE_ENV=${NODE_ENV:-production}) are the benchmark's own to set.
 */
function serveScript(): { env: Record<string, string>; nodeArgs: string[] } {
  const serve = (JSON.parse(readFileSync(path.join(ROOT, "server/package.json"), "utf8")) as { scripts: { serve: string } }).scripts.serve;
  const words = serve.trim().split(/\s+/);
  const node = words.indexOf("node");
  if (node < 0 || words[words.length - 1] !== "dist/main.mjs") throw new Error(`server/package.json "serve" is not "… node … dist/main.mjs": ${serve}`);
  const env = Object.fromEntries(
    words
      .slice(0, node)
      .filter((word) => !word.includes("$"))
      .map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]),
  );
  return { env, nodeArgs: words.slice(node + 1, -1) };
}

let built = false;
/** The API, built once per run, on the database `env` names (Prepared.env), answering its health check. */
export async function startApi(env: Record<string, string>): Promise<Started> {
  if (!built) {
    await new Promise<void>((resolve, reject) =>
      spawn(process.execPath, ["scripts/build-server.mjs", "server"], { cwd: ROOT, stdio: "inherit" }).once("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`the server build failed (${code})`)),
      ),
    );
    built = true;
  }
  const serve = serveScript();
  const api = await startNode(
    "server/dist/main.mjs",
    {
      ...serve.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      ADMIN_LOGIN: ADMIN.login,
      ADMIN_PASSWORD: ADMIN.password,
      INIT_CWD: ROOT,
      // a bot token queues every order's notifications in the outbox, as in production; with the bot's username
      // unknown (no TELEGRAM_BOT_USERNAME, getMe refused at once by a closed local port) the website orders
      // directly (checkoutMode direct), which is what the order routes measure
      TELEGRAM_BOT_TOKEN: BENCH_BOT.token,
      TELEGRAM_API_ROOT: "http://127.0.0.1:9",
      MANAGER_CHAT_IDS: BENCH_BOT.managerChatId,
      BOT_MODE: "off",
      // the bench sends thousands of requests from one address: the per-address limits are off
      RATE_LIMIT_ORDERS: "0",
      RATE_LIMIT_RECOMMENDATIONS: "0",
      RATE_LIMIT_TELEGRAM_USER: "0",
      ...env,
    },
    /Shop:\s+http:\/\/localhost:(\d+)/,
    [...serve.nodeArgs, ...NODE_OPTIONS_EXTRA],
  );
  const health = await fetch(`${api.url}/api/health`);
  if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
  return api;
}
