import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Response as InjectResponse } from "light-my-request";
import { CONFLICT_ATTEMPTS } from "@shop/prisma/unavailable";
import { CONTACT, line } from "./helpers/checkout";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { createTestApp, type TestApp } from "./helpers/test-app";

/**
 * Deadlocks and serialization failures (docs/api.md#errors): the database gives up one of the transactions, and
 * the shop runs it again (prisma/src/unavailable.ts, retryingConflicts) instead of answering 500. Two transactions
 * can deadlock only where several connections write at once: the deadlocks are PostgreSQL's (without DATABASE_URL
 * the test uses the PostgreSQL server on this machine); the retry of the transaction helper is tested on the suite's
 * database.
 */

const waitFor = async (condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("an order and another transaction locking the same products in opposite orders (PostgreSQL)", () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp({ database: "postgresql" });
    f = await createFixture(t.prisma);
    for (const product of f.products.slice(0, 2)) await t.prisma.product.update({ where: { id: product.id }, data: { stock: 50 } });
  });
  afterAll(async () => t?.close());

  const deadlocks = async () =>
    (await t.db.read<{ deadlocks: number }>(`SELECT deadlocks::int AS deadlocks FROM pg_stat_database WHERE datname = current_database()`, []))[0]!
      .deadlocks;

  it("runs the order's statement again after PostgreSQL gives it up as a deadlock, and answers 201", async () => {
    const [first, second] = [f.products[0]!, f.products[1]!].sort((a, b) => a.id - b.id) as [Fixture["products"][0], Fixture["products"][0]];
    const deadlocksBefore = await deadlocks();
    let order: Promise<InjectResponse> | null = null;
    await t.db.transaction(async (sql) => {
      // this transaction waits long before it looks for a deadlock: the order's statement finds it first
      await sql.query(`SET LOCAL deadlock_timeout = '30s'`, []);
      // the second product first (an admin's change of its stock), while the order locks in id order: first, second
      await sql.query(`SELECT stock FROM products WHERE id = $1 FOR UPDATE`, [second.id]);
      order = t.app.inject({ method: "POST", url: "/api/orders", payload: { ...CONTACT, cart_items: [line(first, 2), line(second, 3)] } });
      await waitFor(
        async () =>
          (
            await t.db.read<{ waiting: number }>(
              `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              [],
            )
          )[0]!.waiting > 0,
        "the order to wait for the second product",
      );
      // now the first product, which the order holds: a deadlock, which PostgreSQL breaks by ending the order's statement
      await sql.query(`UPDATE products SET stock = stock + 5, updated_at = now() WHERE id = $1`, [first.id]);
      await sql.query(`UPDATE products SET stock = stock + 5, updated_at = now() WHERE id = $1`, [second.id]);
    });
    const response = await order!;
    expect(response.statusCode, response.body).toBe(201);
    // the order took its pieces after the other transaction's, nothing lost or taken twice
    const stocks = await t.prisma.product.findMany({ where: { id: { in: [first.id, second.id] } }, orderBy: { id: "asc" }, select: { stock: true } });
    expect(stocks.map((product) => product.stock)).toEqual([50 + 5 - 2, 50 + 5 - 3]);
    expect(await t.prisma.order.count({ where: { id: response.json<{ id: number }>().id } })).toBe(1);
    // it was a deadlock indeed (PostgreSQL counts them; its statistics arrive within a second or so)
    await waitFor(async () => (await deadlocks()) > deadlocksBefore, "PostgreSQL to count the deadlock");
  });

  it("answers a burst of Mini App checkouts while admins change the same products' stock with 201s, never 500", async () => {
    const [first, second] = [f.products[0]!, f.products[1]!];
    const token = await t.adminToken();
    const before = await t.prisma.product.findMany({ where: { id: { in: [first.id, second.id] } }, orderBy: { id: "asc" }, select: { stock: true } });
    const checkouts = Array.from({ length: 8 }, (_, index) =>
      t.app.inject({
        method: "POST",
        url: "/api/orders",
        payload: { ...CONTACT, cart_items: index % 2 ? [line(first, 1), line(second, 1)] : [line(second, 1), line(first, 1)] },
      }),
    );
    const changes = Array.from({ length: 8 }, (_, index) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/products/${(index % 2 ? first : second).id}/stock`,
        headers: { authorization: `Bearer ${token}` },
        payload: { delta: 1 },
      }),
    );
    const answers = await Promise.all([...checkouts, ...changes]);
    expect(answers.slice(0, 8).map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    expect(answers.slice(8).map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const after = await t.prisma.product.findMany({ where: { id: { in: [first.id, second.id] } }, orderBy: { id: "asc" }, select: { stock: true } });
    expect(after.map((product) => product.stock)).toEqual(before.map((product) => product.stock! - 8 + 4));
  });
});

describe("the transaction helper", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const conflict = (code: string) => Object.assign(new Error("could not serialize access due to concurrent update"), { code });

  it("runs a transaction given up as a serialization failure or deadlock again from the start, and rolls the failed runs back", async () => {
    await t.db.read(`CREATE TABLE conflict_runs (run int)`, []);
    let runs = 0;
    const result = await t.db.transaction(async (sql) => {
      runs++;
      await sql.query(`INSERT INTO conflict_runs VALUES ($1)`, [runs]);
      if (runs < 3) throw conflict(runs === 1 ? "40001" : "40P01");
      return "done";
    });
    expect(result).toBe("done");
    expect(runs).toBe(3);
    // only the last run's row: the two before were rolled back
    expect(await t.db.read(`SELECT run FROM conflict_runs`, [])).toEqual([{ run: 3 }]);
  });

  it("gives up after a bounded number of runs, and does not run again what failed for another reason", async () => {
    let runs = 0;
    const endless = t.db.transaction(async () => {
      runs++;
      throw conflict("40P01");
    });
    await expect(endless).rejects.toMatchObject({ code: "40P01" });
    expect(runs).toBe(CONFLICT_ATTEMPTS);

    let otherRuns = 0;
    const other = t.db.transaction(async () => {
      otherRuns++;
      throw Object.assign(new Error("duplicate key"), { code: "23505" });
    });
    await expect(other).rejects.toMatchObject({ code: "23505" });
    expect(otherRuns).toBe(1);
  });
});
