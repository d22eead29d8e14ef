import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "./db";

/**
 * A new, empty database on the PostgreSQL server that `serverUrl` names, for one test file or one test server:
 * its URL, and how to drop it.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = "/" + name;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The PostgreSQL server of this machine, for the tests that need PostgreSQL whichever database the suite runs on. */
export const LOCAL_POSTGRESQL = "postgresql://postgres@127.0.0.1:5432/postgres";

/**
 * A fresh, migrated database for one test file of any workspace: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by DATABASE_URL (or by `serverUrl`; created here, dropped on close).
 */
export async function openTestDatabase(serverUrl = process.env.DATABASE_URL): Promise<Database> {
  if (!serverUrl) return openDatabase({ embeddedDir: "memory://" });
  const scratch = await createScratchDatabase(serverUrl, "shop_test");
  const db = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}
