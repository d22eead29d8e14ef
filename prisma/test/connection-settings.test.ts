import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db";

/**
 * Every connection plans the shop's prepared statements once, for any parameters (db.ts, PLAN_CACHE_MODE), set
 * before the connection runs anything else. On PostgreSQL: the server on this machine when DATABASE_URL is not set.
 */
describe("connection settings", () => {
  it("sets plan_cache_mode on every new PostgreSQL connection before its first statement, queueing nothing behind it", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres", poolSize: 4, migrate: false });
    try {
      // more at once than the pool has connections: each new connection answers with the setting in place
      const rows = await Promise.all(Array.from({ length: 12 }, () => db.read<{ plan_cache_mode: string }>("SHOW plan_cache_mode", [])));
      expect(rows.map(([row]) => row?.plan_cache_mode)).toEqual(Array(12).fill("force_generic_plan"));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      await db.close();
    }
  });

  it("sets it on the embedded database, whose shared memory stays small", async () => {
    const db = await openDatabase({ embeddedDir: "memory://", migrate: false });
    try {
      expect(await db.read<{ plan_cache_mode: string }>("SHOW plan_cache_mode", [])).toEqual([{ plan_cache_mode: "force_generic_plan" }]);
      // it lives in the API process's WebAssembly heap (db.ts, EMBEDDED_SETTINGS): PostgreSQL's defaults make ≈ 145 MB
      const [size] = await db.read<{ shared_memory_size: string }>("SHOW shared_memory_size", []);
      expect(size?.shared_memory_size).toMatch(/^\d+MB$/);
      expect(parseInt(size!.shared_memory_size, 10)).toBeLessThanOrEqual(12);
    } finally {
      await db.close();
    }
  });
});
