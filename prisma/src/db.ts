import { mkdirSync } from "node:fs";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { applyMigrations, type RunInTransaction } from "./migrate";
import { EventLoopTurns, inTurns } from "./event-loop-turns";
import { preparedStatements } from "./pglite-prepared";
import { closeToOthers } from "./data-dir";
import { retryingConflicts } from "./unavailable";

import type { Prisma } from "./generated/client";
import type { PGlite } from "@electric-sql/pglite";

export { Prisma, PrismaClient } from "./generated/client";

export type DatabaseKind = "postgresql" | "embedded";

/**
 * Statements inside one transaction, through the driver: `text` with $1…$n and its values, rows as the driver
 * gives them. Both drivers give int4 and float8 as numbers, timestamptz as Date, json as parsed values, int4[] as
 * number[]; cast int8 and numeric in the statement (to text or float8) so both give the same.
 */
export interface Sql {
  query<Row>(text: string, values: readonly unknown[]): Promise<Row[]>;
}

/**
 * How the job queue (core/src/jobs, pg-boss) reaches this database: a PostgreSQL server by its URL (the queue opens
 * a small pool of its own), or the embedded database itself, whose one connection it shares with the shop.
 */
export type JobsConnection = { kind: "postgresql"; url: string } | { kind: "embedded"; pglite: PGlite };

export interface Database {
  prisma: PrismaClient;
  kind: DatabaseKind;
  jobsConnection: JobsConnection;
  /**
   * Plain SQL past Prisma, for the hottest reads (catalogue page, product, search) and start-up work (which so
   * never loads Prisma's query compiler): `text` with $1…$n and its values, rows as the driver gives them (int4 →
   * number, numeric → string, json → parsed). With `prepare`, PostgreSQL plans the statement once per connection
   * and reuses the plan — only for statements whose best plan does not depend on the values (named statements:
   * behind PgBouncer use session pooling). Never inside a transaction (PGlite would wait for it). A statement the
   * database gives up in a deadlock or serialization failure is sent again (retryingConflicts, a few times).
   */
  read<Row>(text: string, values: readonly unknown[], options?: { prepare?: boolean }): Promise<Row[]>;
  /**
   * One transaction through the driver, for the shop's writes that must be fast (placing an order): no ORM in
   * between, and on PostgreSQL every statement is prepared once per connection (its plan reused; behind
   * PgBouncer use session pooling). Committed when `work` resolves, rolled back when it throws. Like any
   * transaction on the embedded database, it holds the database until it ends: use `sql` only, never `read`
   * or `prisma`, inside it. A transaction the database gives up in a deadlock or serialization failure is run
   * again from the start (retryingConflicts, a few times): `work` must not act outside the transaction before it
   * resolves.
   */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Statements outside a transaction, as an `Sql`: each commits on its own. With `prepare`, each is planned once per
 * connection (see Database.read). The one way a module that takes an `Sql` runs without a transaction.
 */
export function autoCommitSql(db: Pick<Database, "read">, options?: { prepare?: boolean }): Sql {
  return { query: (text, values) => db.read(text, values, options) };
}

/**
 * A Prisma interactive transaction as an `Sql`, for a change made with Prisma's models (the admin's edits) whose
 * transaction must also run one of the shop's statements (the stock messages an edit causes).
 */
export function prismaTransactionSql(tx: Prisma.TransactionClient): Sql {
  return { query: (text, values) => tx.$queryRawUnsafe(text, ...values) };
}

/** Prepared statements get a name per distinct text; past this many texts new ones are simply not prepared. */
const MAX_PREPARED_STATEMENTS = 200;

/** How long a statement waits for a connection to PostgreSQL (a new one, or a free one of the pool). */
export const CONNECTION_TIMEOUT_MS = 10_000;

export interface DatabaseOptions {
  /** postgresql://… of a PostgreSQL server; without it the embedded database is used */
  databaseUrl?: string;
  /** where the embedded database keeps its files; "memory://" keeps nothing */
  embeddedDir?: string;
  /**
   * an embedded database's files to start from (a tarball of PGlite's `dumpDataDir`, e.g. one migrated database
   * copied into every test's: test-database.ts); only with a new "memory://" database
   */
  embeddedImage?: Blob;
  /** connections to the PostgreSQL server (default 10) */
  poolSize?: number;
  /** apply pending migrations before returning (the default) */
  migrate?: boolean;
}

/**
 * How the shop's own prepared statements are planned: once per connection, for any parameters. PostgreSQL's
 * default re-plans a statement for every call while a plan for its actual values looks cheaper than the general
 * one; for the order statements (a dozen CTEs over parameter arrays) that estimate is always off, and planning
 * cost more than running them (≈ 1 ms of the database's time per order). Every statement the shop prepares looks
 * rows up by key, where the general plan is the same plan. Prisma's statements are unnamed and planned per call
 * whatever this says.
 */
const PLAN_CACHE_MODE = "plan_cache_mode=force_generic_plan";

/**
 * Server settings of the embedded database. Its shared memory lives in the API process's own memory (PGlite's
 * WebAssembly heap, touched at start and never given back), and the shop's data files stay in the operating
 * system's page cache anyway: 8 MB of buffers instead of PostgreSQL's default 128 MB, and room for 5 connections
 * instead of 100 (PGlite has one; each allowed connection sizes the lock and process tables), 12 MB of shared
 * memory in all instead of ≈ 145. Command-line settings: they win over postgresql.conf and are not written into the
 * data directory.
 */
export const EMBEDDED_SETTINGS = ["shared_buffers=8MB", "max_connections=5", PLAN_CACHE_MODE];

/**
 * Opens the shop's database: a PostgreSQL server when a URL is given, otherwise PGlite in this process.
 * PGlite has no lock of its own, so only one process may open a directory at a time.
 * PGlite also runs one statement at a time and queues everything behind an open transaction:
 * inside `prisma.$transaction(async (tx) => …)` use `tx` only, never `prisma`, or the call waits forever.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // a server that does not answer (a network cut without a reset) or a pool busy this long is a 503, not a
      // request that waits for minutes; the wait for a free connection counts too
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      // a connection whose server went away without a word is found out, instead of a query that never returns
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // run before the pool hands a new connection out; a server refusing it fails that query, as an unreachable one would
      onConnect: async (client) => void (await client.query(`SET ${PLAN_CACHE_MODE.replace("=", " = ")}`)),
    });
    pool.on("error", () => {}); // an idle client losing its connection is retried by the next query
    // A connection ended by the server while checked out and between two statements (a transaction's, Prisma's)
    // emits 'error' on its client, which nobody listens to then: Node would end the process. Heard here, the
    // client's next statement fails as unreachable (a 503) and the pool drops it when it is released.
    pool.on("connect", (client) => void client.on("error", () => {}));
    const runInTransaction: RunInTransaction = async (work) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await work({
          exec: async (sql) => void (await client.query(sql)),
          query: async (sql, params) => (await client.query(sql, params)).rows,
        });
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    };
    const statementNames = new Map<string, string>();
    const statementName = (text: string) => {
      let name = statementNames.get(text);
      if (!name && statementNames.size < MAX_PREPARED_STATEMENTS) statementNames.set(text, (name = `shop_${statementNames.size + 1}`));
      return name;
    };
    const read: Database["read"] = async <Row>(text: string, values: readonly unknown[], options?: { prepare?: boolean }) => {
      const name = options?.prepare ? statementName(text) : undefined;
      const result = await retryingConflicts(() => pool.query<Row & pg.QueryResultRow>({ text, values: values as unknown[], name }));
      return result.rows;
    };
    const transaction: Database["transaction"] = (work) => retryingConflicts(() => transactionOnce(work));
    const transactionOnce: Database["transaction"] = async (work) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work({
          query: async <Row>(text: string, values: readonly unknown[]) =>
            (await client.query<Row & pg.QueryResultRow>({ text, values: values as unknown[], name: statementName(text) })).rows,
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    };
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    const jobsConnection: JobsConnection = { kind: "postgresql", url: options.databaseUrl };
    return finishOpening(options, "postgresql", jobsConnection, prisma, read, transaction, runInTransaction, () => pool.end());
  }

  const dir = options.embeddedDir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(dir, { recursive: true });
  // loaded only for the embedded database: a server on PostgreSQL never holds PGlite's WebAssembly in memory
  const [{ PGlite }, { pg_trgm }, { PrismaPGlite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("pglite-prisma-adapter"),
  ]);
  const embedded = await PGlite.create(dir, {
    // pg_trgm: the trigram indexes of search (migration 0002)
    extensions: { pg_trgm },
    ...(options.embeddedImage && dir.startsWith("memory://") ? { loadDataDir: options.embeddedImage } : {}),
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ["-c", setting])],
  });
  // PGlite writes a new database's files readable by everyone, whatever the umask (files it makes later follow it)
  if (!dir.startsWith("memory://")) closeToOthers(dir);
  // every statement and transaction on its own event-loop turn, so requests are read while a burst is served
  const turns = new EventLoopTurns();
  const pglite = inTurns(embedded, turns);
  const prepared = preparedStatements(embedded);
  const runInTransaction: RunInTransaction = (work) =>
    pglite.transaction(async (tx) => {
      await work({
        exec: async (sql) => void (await tx.exec(sql)),
        query: async <Row>(sql: string, params?: unknown[]) => (await tx.query<Row>(sql, params)).rows,
      });
    });
  // pglite-prisma-adapter is typed against an older @prisma/driver-adapter-utils; the runtime contract is the same
  const adapter = new PrismaPGlite(pglite) as unknown as PrismaPg;
  const prisma = new PrismaClient({ adapter });
  const read: Database["read"] = async <Row>(text: string, values: readonly unknown[], options?: { prepare?: boolean }) =>
    options?.prepare
      ? turns.run(() => prepared.query<Row>(text, values))
      : (await pglite.query<Row>(text, values as unknown[])).rows;
  // one connection has no deadlocks; a conflict its work reports itself is run again as on PostgreSQL
  const transaction: Database["transaction"] = (work) =>
    retryingConflicts(() =>
      pglite.transaction((tx) => work({ query: async <Row>(text: string, values: readonly unknown[]) => (await tx.query<Row>(text, values as unknown[])).rows })),
    );
  return finishOpening(options, "embedded", { kind: "embedded", pglite }, prisma, read, transaction, runInTransaction, () => embedded.close());
}

async function finishOpening(
  options: DatabaseOptions,
  kind: DatabaseKind,
  jobsConnection: JobsConnection,
  prisma: PrismaClient,
  read: Database["read"],
  transaction: Database["transaction"],
  runInTransaction: RunInTransaction,
  closeDriver: () => Promise<void>,
): Promise<Database> {
  const db: Database = {
    prisma,
    kind,
    jobsConnection,
    read,
    transaction,
    async close() {
      await prisma.$disconnect();
      await closeDriver();
    },
  };
  if (options.migrate !== false) {
    try {
      await applyMigrations(runInTransaction);
    } catch (error) {
      await db.close().catch(() => {});
      throw error;
    }
  }
  return db;
}
