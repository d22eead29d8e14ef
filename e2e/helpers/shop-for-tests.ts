import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { chromiumPath, startServer, type ShopServer, type StartOptions } from "./server";

/** True when Debian's Chromium is installed; without it a browser test file skips its tests, saying why once. */
export const haveChromium = chromiumPath() !== null;
if (!haveChromium) console.warn("Chromium is not installed (apt-get install -y chromium): browser tests are skipped.");

export interface ShopForTests {
  /** the real shop (startServer), there from the file's first test on */
  readonly server: ShopServer;
  readonly browser: Browser;
  /** a JSON answer of the shop's API; anything but 2xx throws with the status and body */
  api<T>(path: string, init?: RequestInit): Promise<T>;
}

/**
 * The real shop and a Chromium for one test file: started before its tests (a file's own `beforeAll` registered
 * after this call runs once they are up) and stopped after them. Nothing starts without Chromium.
 */
export function shopForTests(options: StartOptions = {}): ShopForTests {
  let server: ShopServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!haveChromium) return;
    server = await startServer(options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test or a later beforeAll`);
    return value;
  };
  return {
    get server() {
      return started(server, "the shop");
    },
    get browser() {
      return started(browser, "Chromium");
    },
    async api<T>(path: string, init?: RequestInit): Promise<T> {
      const response = await started(server, "the shop").fetch(path, init);
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}
