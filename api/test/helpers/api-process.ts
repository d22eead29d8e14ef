import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const REPO_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export interface ApiProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** what the process printed, for failure messages */
  output(): string;
  /** SIGTERM (the server's graceful shutdown), SIGKILL if it has not exited after `graceMs` */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The real server (`tsx server/src/main.ts`) as its own process on a free loopback port (PORT=0; the port is read
 * from the address it prints). Resolves once /api/health answers 200.
 */
export async function startApiProcess(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<ApiProcess> {
  const child = spawn(path.join(REPO_ROOT, "node_modules/.bin/tsx"), ["server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: "0", SEED_DEMO: "0", LOG_LEVEL: "warn", INIT_CWD: REPO_ROOT, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let url: string | null = null;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the API process exited with ${child.exitCode}`);
      url ??= (() => {
        const port = /Shop:\s+http:\/\/localhost:(\d+)/.exec(output)?.[1];
        return port ? `http://127.0.0.1:${port}` : null;
      })();
      if (url) {
        const healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
        if (healthy) return { url, child, output: () => output, stop };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the API process did not answer /api/health in time");
  } catch (error) {
    await stop(2_000);
    throw new Error(`${(error as Error).message}\n--- output ---\n${output}`, { cause: error });
  }
}
