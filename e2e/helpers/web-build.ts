import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildWeb, chromiumPath, copyDataDir, E2E_DATA_DIRS_ENV, startServer, type StartOptions, type StartingDataDir } from "./server";

/**
 * The browser project's global setup, for every browser test file of the run:
 * - one build of the web app instead of one per server. The build is the same for all of them (no test builds with
 *   settings of its own), and the server only reads it, so servers started at the same time share it safely. Its
 *   folder reaches the test files' workers as E2E_WEB_DIST_DIR (startServer's default).
 * - the starting data directories (startServer's E2E_DATA_DIRS): a shop started once empty and once with the demo
 *   catalogue, each stopped, so that a test's server copies one instead of migrating and seeding the demo again
 *   (≈ 35 s of a busy machine's time per server, 4 s from a copy). They are made while the app builds.
 * Both are removed after the run. Nothing is made without Chromium (the files skip) or against a shop that is
 * already running (E2E_BASE_URL).
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (!chromiumPath() || process.env.E2E_BASE_URL || process.env.E2E_WEB_DIST_DIR) return undefined;
  const started = Date.now();
  const dataDirs = mkdtempSync(path.join(tmpdir(), "shop-e2e-data-"));
  // the starting shops serve no pages: they only need the API, and the build is not there yet
  const noPages = mkdtempSync(path.join(tmpdir(), "shop-e2e-no-pages-"));
  const make = async (name: StartingDataDir, options: StartOptions) => {
    const server = await startServer({ ...options, webDistDir: noPages, keepDataDir: path.join(dataDirs, name) });
    await server.stop();
  };
  const [dir] = await Promise.all([
    buildWeb(),
    make("empty", { seed: false }),
    (async () => {
      await make("demo", { keepSeededStock: true });
      copyDataDir(path.join(dataDirs, "demo"), path.join(dataDirs, "demo-uncounted"));
      await make("demo-uncounted", {});
    })(),
  ]);
  rmSync(noPages, { recursive: true, force: true });
  console.log(`browser tests: web app built and starting shops made once in ${((Date.now() - started) / 1000).toFixed(1)} s (${dir}, ${dataDirs})`);
  process.env.E2E_WEB_DIST_DIR = dir;
  process.env[E2E_DATA_DIRS_ENV] = dataDirs;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDirs, { recursive: true, force: true });
    delete process.env.E2E_WEB_DIST_DIR;
    delete process.env[E2E_DATA_DIRS_ENV];
  };
}
