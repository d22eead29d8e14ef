import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../src/db";
import { EventLoopTurns } from "../src/event-loop-turns";

/** Counts event-loop turns (setImmediate callbacks) until stopped. */
function countTurns() {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  return () => {
    running = false;
    return turns;
  };
}

describe("EventLoopTurns", () => {
  it("runs work in arrival order, one piece at a time, each on a turn of its own, past failures", async () => {
    const turns = new EventLoopTurns();
    const log: string[] = [];
    let running = 0;
    const piece = (name: string, fail = false) =>
      turns.run(async () => {
        running++;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await Promise.resolve();
        log.push(`end ${name}`);
        running--;
        if (fail) throw new Error(name);
        return name;
      });
    const stop = countTurns();
    const results = await Promise.allSettled([piece("a"), piece("b", true), piece("c")]);
    const turnCount = stop();
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(turnCount).toBeGreaterThanOrEqual(3);
  });
});

// always the embedded database, also on the PostgreSQL leg: this is about PGlite running in the server's thread
describe("embedded database under a burst", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ embeddedDir: "memory://" });
  });
  afterAll(async () => {
    await db.close();
  });

  it("lets the event loop turn between statements instead of running the whole queue in one stretch", async () => {
    const stop = countTurns();
    const reads = await Promise.all(Array.from({ length: 30 }, (_, i) => db.read<{ n: number }>("SELECT $1::int AS n", [i])));
    const turnCount = stop();
    expect(reads.map((rows) => rows[0]!.n)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // a socket event (a new connection, a request's bytes) waits for at most one statement, not for all 30
    expect(turnCount).toBeGreaterThanOrEqual(30);
  });

  it("lets the event loop turn between the statements of a transaction too, while other statements wait for its end", async () => {
    const log: string[] = [];
    let read: Promise<unknown> = Promise.resolve();
    let turnCount = 0;
    await db.prisma.$transaction(async (tx) => {
      const stop = countTurns();
      for (let i = 0; i < 20; i++) await tx.$queryRaw`SELECT ${i}::int AS n`;
      turnCount = stop();
      // issued while the transaction runs (not awaited here): the database is the transaction's until it ends
      read = db.read("SELECT 1 AS n", []).then(() => log.push("read"));
      await tx.$queryRaw`SELECT 1`;
      log.push("transaction's last statement");
    });
    await read;
    expect(log).toEqual(["transaction's last statement", "read"]);
    // one connection is accepted per turn: the listen queue empties during a transaction, not one per transaction
    expect(turnCount).toBeGreaterThanOrEqual(20);
  });

  it("still runs Prisma's interactive transactions, each whole", async () => {
    const numbers = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.prisma.$transaction(async (tx) => {
          const [row] = await tx.$queryRaw<{ n: bigint }[]>`SELECT nextval('order_number_seq') AS n`;
          const [again] = await tx.$queryRaw<{ n: bigint }[]>`SELECT currval('order_number_seq') AS n`;
          expect(again!.n).toBe(row!.n);
          return Number(row!.n);
        }),
      ),
    );
    expect(new Set(numbers).size).toBe(10);
  });
});
