import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredPreparedOrders } from "@shop/core/orders";
import { createTestApp, type TestApp } from "./helpers/test-app";

const HOUR = 3600 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ preparedOrdersCleanupEveryMs: 100 });
});
afterAll(async () => t?.close());

const prepared = (token: string, expiresInMs: number, used = false) =>
  t.prisma.preparedOrder.create({
    data: { token, payload: { version: 2 }, expiresAt: new Date(Date.now() + expiresInMs), usedAt: used ? new Date() : null },
  });
const tokens = async () => (await t.prisma.preparedOrder.findMany({ orderBy: { token: "asc" } })).map((row) => row.token);

describe("expired prepared checkouts", () => {
  it("are deleted on a schedule once they expired more than a day ago, used or not; the rest stay", async () => {
    await prepared("valid", 23 * HOUR);
    await prepared("just-expired", -HOUR);
    await prepared("long-expired", -25 * HOUR);
    await prepared("long-expired-used", -48 * HOUR, true);
    const deadline = Date.now() + 5_000;
    while ((await tokens()).length > 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await tokens()).toEqual(["just-expired", "valid"]);
  });

  it("deleteExpiredPreparedOrders deletes them at once and says how many", async () => {
    const quiet = await createTestApp({ preparedOrdersCleanupEveryMs: 0 });
    try {
      for (const [token, expiresInMs] of [["a", -30 * HOUR], ["b", -30 * HOUR], ["c", -HOUR]] as const) {
        await quiet.prisma.preparedOrder.create({ data: { token, payload: {}, expiresAt: new Date(Date.now() + expiresInMs) } });
      }
      expect(await deleteExpiredPreparedOrders(quiet.db)).toBe(2);
      expect(await deleteExpiredPreparedOrders(quiet.db)).toBe(0);
      expect((await quiet.prisma.preparedOrder.findMany()).map((row) => row.token)).toEqual(["c"]);
    } finally {
      await quiet.close();
    }
  });
});
