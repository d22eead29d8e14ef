import type { PGlite, Transaction } from "@electric-sql/pglite";

/** resolves on the next turn of the event loop: what is waiting (sockets, timers) is served first */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs work one piece at a time, each piece on a fresh turn of the event loop.
 *
 * Why: PGlite runs PostgreSQL in this thread, and its own queue hands the database from one statement or
 * transaction to the next through promise callbacks alone. Node drains promise callbacks after every socket
 * event, so under a burst (50 checkouts at once) the whole queue ran in one stretch of ≈ 0.3 s after each
 * event: the server accepted one new connection per stretch, and a shopper who connected during the burst
 * waited up to 10 s for the request even to be read. Starting each piece with setImmediate lets Node accept
 * connections and read requests between two pieces; the pieces still run in arrival order.
 */
export class EventLoopTurns {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.last.then(nextTurn).then(work);
    this.last = result.catch(() => {});
    return result;
  }
}

/**
 * The same PGlite with its statements and transactions taken in turns (see EventLoopTurns), and the statements
 * inside a transaction each on a fresh turn too. Node accepts one new connection per turn of the event loop
 * (libuv takes one from the listen queue each time), so a turn that ran a whole checkout (one transaction, ten
 * statements, 10–200 ms) let one connection in per checkout: when a burst's connections all reached the listen
 * queue before the server had accepted them, a shopper who connected next was let in after the whole burst.
 * Turning between a transaction's statements lets the queue empty ten times as fast. The transaction still holds
 * the database meanwhile: other work waits for it in EventLoopTurns, exactly as PGlite's own queue would make it
 * wait; inside a transaction, statements go through the transaction's own handle, as before.
 */
export function inTurns(pglite: PGlite, turns = new EventLoopTurns()): PGlite {
  const query: PGlite["query"] = (...args) => turns.run(() => pglite.query(...args));
  const exec: PGlite["exec"] = (...args) => turns.run(() => pglite.exec(...args));
  const transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    turns.run(() => pglite.transaction((tx) => callback(statementsInTurns(tx))))) as PGlite["transaction"];
  const own: Record<PropertyKey, unknown> = { query, exec, transaction };
  return new Proxy(pglite, {
    get(target, property) {
      if (Object.hasOwn(own, property)) return own[property];
      // PGlite keeps its state in private fields: its other methods must run on the PGlite itself
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A transaction's handle whose statements each start on a fresh turn of the event loop. */
function statementsInTurns(tx: Transaction): Transaction {
  return {
    query: async (...args) => (await nextTurn(), tx.query(...args)),
    sql: async (...args) => (await nextTurn(), tx.sql(...args)),
    exec: async (...args) => (await nextTurn(), tx.exec(...args)),
    rollback: () => tx.rollback(),
    listen: (...args) => tx.listen(...args),
    get closed() {
      return tx.closed;
    },
  };
}
