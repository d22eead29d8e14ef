import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const migrationsDir = fileURLToPath(new URL("../migrations", import.meta.url));

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** What the migration runner needs from a driver: a transaction in which multi-statement SQL can run. */
export interface SqlTransaction {
  /** runs one or more statements without parameters */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}
export type RunInTransaction = (work: (tx: SqlTransaction) => Promise<void>) => Promise<void>;

export function listMigrations(): Migration[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Applies pending migrations in one transaction and records each in Prisma's own `_prisma_migrations` table,
 * so that `prisma migrate status` agrees. `prisma migrate deploy` is not used: it hangs on PGlite and fails
 * through adapter-pg (docs/database.md). An advisory lock keeps API instances that start together from
 * applying the same migration twice.
 */
export async function applyMigrations(runInTransaction: RunInTransaction): Promise<string[]> {
  const applied: string[] = [];
  await runInTransaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(727401)");
    await tx.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const done = await tx.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const doneByName = new Map(done.map((row) => [row.migration_name, row.checksum]));
    for (const migration of listMigrations()) {
      const previous = doneByName.get(migration.name);
      if (previous !== undefined) {
        if (previous !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum differs).`);
        }
        continue;
      }
      await tx.exec(migration.sql);
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      applied.push(migration.name);
    }
  });
  return applied;
}
