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

  it("still runs Prisma's interactive transactions, each whole (a transaction's statements never wait for a turn)", async () => {
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
