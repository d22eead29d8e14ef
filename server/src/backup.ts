import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import * as tar from "tar";
import { openDatabase, type Database, type DatabaseKind, type Sql } from "@shop/prisma/db";
import { protectDataDir } from "@shop/prisma/data-dir";
import { listMigrations } from "@shop/prisma/migrate";

/**
 * One archive (.tar.gz) with the whole shop: every table of the database as JSON lines read in one REPEATABLE READ
 * snapshot (so orders, their lines and the statistics agree), the sequences, and the uploaded pictures
 * (docs/database.md#backup-and-restore). The same archive restores into either database: it needs nothing but
 * the driver, no pg_dump.
 */
export const BACKUP_FORMAT = 1;

export interface Manifest {
  format: number;
  createdAt: string;
  database: DatabaseKind;
  /** the migrations the database had: a backup restores into a shop at exactly these */
  migrations: string[];
  tables: { name: string; rows: number }[];
  sequences: { name: string; value: string; isCalled: boolean }[];
  pictures: number;
}

export class BackupError extends Error {}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Rows an archive leaves out. The generated JWT secret: whoever held an archive could sign admin tokens with it
 * for the shop it came from; a restored shop generates a new one at its first start, and admins sign in again
 * (services/secrets.ts). A JWT_SECRET from the environment is never in the database.
 */
const LEFT_OUT: Record<string, string> = { app_settings: `WHERE key <> 'jwt_secret'` };
const ROWS_PER_INSERT = 2_000;

async function readSnapshot(db: Database, write: (table: string, rows: string[]) => void): Promise<Omit<Manifest, "createdAt" | "pictures">> {
  return db.transaction(async (sql) => {
    await sql.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", []);
    const migrations = await sql.query<{ name: string }>(
      `SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
      [],
    );
    const tables = await sql.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`,
      [],
    );
    const counted: Manifest["tables"] = [];
    for (const { name } of tables) {
      // JSON text straight from the database: numbers, big integers and dates are never parsed on the way
      const rows = await sql.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${quote(name)} t ${LEFT_OUT[name] ?? ""}`, []);
      write(name, rows.map((row) => row.row));
      counted.push({ name, rows: rows.length });
    }
    const sequences = await sql.query<{ name: string; value: string; is_called: boolean }>(
      `SELECT sequencename AS name, coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS is_called
         FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
      [],
    );
    return {
      format: BACKUP_FORMAT,
      database: db.kind,
      migrations: migrations.map((row) => row.name),
      tables: counted,
      sequences: sequences.map((row) => ({ name: row.name, value: row.value, isCalled: row.is_called })),
    };
  });
}

/** Writes the archive to `file` from a database that may be serving the shop meanwhile. */
export async function writeBackup(db: Database, uploadDir: string, file: string): Promise<Manifest> {
  const staging = mkdtempSync(path.join(tmpdir(), "shop-backup-"));
  try {
    const root = path.join(staging, "backup");
    mkdirSync(path.join(root, "database"), { recursive: true });
    const snapshot = await readSnapshot(db, (table, rows) =>
      writeFileSync(path.join(root, "database", `${table}.jsonl`), rows.length > 0 ? rows.join("\n") + "\n" : ""),
    );
    // pictures after the snapshot: every picture a row names was saved before its row (file names never repeat)
    const pictures = existsSync(uploadDir) ? readdirSync(uploadDir).filter((name) => !name.startsWith(".")) : [];
    mkdirSync(path.join(root, "uploads"));
    for (const name of pictures) symlinkSync(path.join(uploadDir, name), path.join(root, "uploads", name));
    const manifest: Manifest = { ...snapshot, createdAt: new Date().toISOString(), pictures: pictures.length };
    writeFileSync(path.join(root, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    await tar.create({ gzip: true, file, cwd: staging, follow: true, portable: true }, ["backup"]);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export interface RestoreTarget {
  /** PostgreSQL; null = the embedded database under dataDir/db */
  databaseUrl: string | null;
  dataDir: string;
  uploadDir: string;
}

async function checkEmpty(target: RestoreTarget): Promise<void> {
  const problems: string[] = [];
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ tables: number }>(`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public'`);
      if (rows[0]!.tables > 0) problems.push(`the database already has ${rows[0]!.tables} tables (restore needs a new, empty database: createdb)`);
    } finally {
      await client.end();
    }
  } else {
    const dbDir = path.join(target.dataDir, "db");
    if (existsSync(dbDir) && readdirSync(dbDir).length > 0) problems.push(`the embedded database ${dbDir} already exists`);
  }
  if (existsSync(target.uploadDir) && readdirSync(target.uploadDir).length > 0) problems.push(`the picture folder ${target.uploadDir} is not empty`);
  if (problems.length > 0) {
    throw new BackupError(`Restore refused, nothing was changed: ${problems.join("; ")}. Restore into an empty data directory or database.`);
  }
}

/** Tables so that each comes after the tables it refers to. */
async function inDependencyOrder(sql: Sql, tables: string[]): Promise<string[]> {
  const references = await sql.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
    [],
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, "");
  const ordered: string[] = [];
  const visit = (table: string, seen: Set<string>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const ref of references) if (unquote(ref.child) === table && tables.includes(unquote(ref.parent))) visit(unquote(ref.parent), seen);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/**
 * Brings an archive back into an empty data directory or database (refusing anything else before changing it):
 * migrates the new database, replaces what the migrations put in it with the archive's rows (triggers off, so the
 * statistics are the archive's own), sets the sequences, then copies the pictures.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  const staging = mkdtempSync(path.join(tmpdir(), "shop-restore-"));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const root = path.join(staging, "backup");
    if (!existsSync(path.join(root, "manifest.json"))) throw new BackupError(`${file} is not a backup of this shop (no backup/manifest.json inside)`);
    const manifest = JSON.parse(readFileSync(path.join(root, "manifest.json"), "utf8")) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Backup format ${manifest.format} is not supported (this shop reads ${BACKUP_FORMAT})`);
    const migrations = listMigrations().map((migration) => migration.name);
    if (migrations.join() !== manifest.migrations.join()) {
      throw new BackupError(
        `The backup was made by a shop with migrations up to ${manifest.migrations.at(-1)}, this shop has them up to ` +
          `${migrations.at(-1)}: restore it with the shop's version that made it, then upgrade.`,
      );
    }
    await checkEmpty(target);

    protectDataDir(target.dataDir);
    const db = await openDatabase({ databaseUrl: target.databaseUrl ?? undefined, embeddedDir: path.join(target.dataDir, "db"), poolSize: 2 });
    try {
      await db.transaction(async (sql) => {
        const tables = await inDependencyOrder(sql, manifest.tables.map((table) => table.name));
        for (const table of tables) await sql.query(`ALTER TABLE ${quote(table)} DISABLE TRIGGER USER`, []);
        for (const table of [...tables].reverse()) await sql.query(`DELETE FROM ${quote(table)}`, []);
        for (const table of tables) {
          const lines = readFileSync(path.join(root, "database", `${table}.jsonl`), "utf8").split("\n").filter(Boolean);
          for (let start = 0; start < lines.length; start += ROWS_PER_INSERT) {
            const batch = "[" + lines.slice(start, start + ROWS_PER_INSERT).join(",") + "]";
            await sql.query(`INSERT INTO ${quote(table)} SELECT * FROM json_populate_recordset(NULL::${quote(table)}, $1::json)`, [batch]);
          }
        }
        for (const table of tables) await sql.query(`ALTER TABLE ${quote(table)} ENABLE TRIGGER USER`, []);
        for (const sequence of manifest.sequences) {
          await sql.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [quote(sequence.name), sequence.value, sequence.isCalled]);
        }
      });
    } finally {
      await db.close();
    }
    mkdirSync(target.uploadDir, { recursive: true });
    cpSync(path.join(root, "uploads"), target.uploadDir, { recursive: true });
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
