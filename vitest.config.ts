import { defineConfig } from "vitest/config";

/**
 * One runner, five kinds of tests:
 * - unit: pure rules in `shared`
 * - core: the domain's modules called directly (no HTTP) on a fresh database (embedded, or PostgreSQL via DATABASE_URL)
 * - api: the real server through inject/HTTP on a fresh database (embedded, or PostgreSQL via DATABASE_URL); also the bot and the two together (server/test)
 * - web: React components and stores in happy-dom
 * - browser: the built app in Debian's Chromium through playwright-core (scripts/test.mjs decides whether it runs)
 */
/**
 * Node 25+ has a global `localStorage` of its own (Web Storage, on by default, unusable without a storage file) that
 * hides happy-dom's: the component tests' workers start without it. Node 20 does not know the flag at all, so it is
 * passed only where Node knows it.
 */
const withoutNodeWebStorage = process.allowedNodeEnvironmentFlags.has("--no-experimental-webstorage") ? ["--no-experimental-webstorage"] : [];

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["shared/src/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "api",
          include: ["api/test/**/*.test.ts", "bot/test/**/*.test.ts", "server/test/**/*.test.ts", "prisma/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["prisma/test/database-image.setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      {
        test: {
          name: "core",
          include: ["core/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["prisma/test/database-image.setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["apps/web/src/test-helpers/setup.ts"],
          testTimeout: 15_000,
          execArgv: withoutNodeWebStorage,
        },
      },
      {
        test: {
          name: "browser",
          // BROWSER_TEST_FILES=e2e/a.test.ts,e2e/b.test.ts: only those files, beside the other projects of the same
          // run (CI's Node 26 leg runs the website's file so: .ci/run)
          include: process.env.BROWSER_TEST_FILES ? process.env.BROWSER_TEST_FILES.split(",") : ["e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/helpers/web-build.ts"],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // the files share the run's workers with the other projects' (two at a time on a 2-core machine:
          // scripts/test.mjs), each with its own server and Chromium, which mostly wait on each other. One at a
          // time after the other projects they took 666 s of a 907 s run on this 2-core machine; two at a time
          // among them, 300 s of 623 s
          pool: "forks",
          // what a page does after a step (a chunk arriving, a debounced search, a merge with the cloud) takes
          // longer than expect.poll's default second on a slow or busy machine
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
