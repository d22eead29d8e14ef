import { rmSync } from "node:fs";
import { buildWeb, chromiumPath } from "./server";

/**
 * The browser project's global setup: one build of the web app for every browser test file of the run, instead of
 * one per server. The build is the same for all of them (no test builds with settings of its own), and the server
 * only reads it, so servers started at the same time share it safely. Its folder reaches the test files' workers as
 * E2E_WEB_DIST_DIR (startServer's default) and is removed after the run. Nothing is built without Chromium (the
 * files skip) or against a shop that is already running (E2E_BASE_URL).
 */
export default function setup(): (() => void) | undefined {
  if (!chromiumPath() || process.env.E2E_BASE_URL || process.env.E2E_WEB_DIST_DIR) return undefined;
  const started = Date.now();
  const dir = buildWeb();
  console.log(`browser tests: web app built once in ${((Date.now() - started) / 1000).toFixed(1)} s (${dir})`);
  process.env.E2E_WEB_DIST_DIR = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.E2E_WEB_DIST_DIR;
  };
}
