import { defineConfig } from "vitest/config";

/**
 * One runner, four kinds of tests:
 * - unit: pure rules in `shared`
 * - api: the real server through inject/HTTP on a fresh database (embedded, or PostgreSQL via DATABASE_URL); also the bot and the two together (server/test)
 * - web: React components and stores in happy-dom
 * - browser: the built app in Debian's Chromium through playwright-core (scripts/test.mjs decides whether it runs)
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["shared/src/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "api",
          include: ["api/test/**/*.test.ts", "bot/test/**/*.test.ts", "server/test/**/*.test.ts", "prisma/test/**/*.test.ts"],
          environment: "node",
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
        },
      },
      {
        test: {
          name: "browser",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 300_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
    ],
  },
});
