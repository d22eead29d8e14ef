/**
 * `npm run db:migration -- <name>`: writes prisma/migrations/NNNN_<name>/migration.sql with the SQL that turns
 * the committed schema (git HEAD) into the working one. Needs no database: Prisma diffs the two schema files.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const prismaDir = fileURLToPath(new URL("..", import.meta.url));
const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Usage: npm run db:migration -- <name>   (lower-case letters, digits and _)");
  process.exit(2);
}

const committed = execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { cwd: prismaDir, encoding: "utf8" });
const working = readFileSync(path.join(prismaDir, "schema.prisma"), "utf8");
if (committed === working) {
  console.error("prisma/schema.prisma has no uncommitted changes: nothing to migrate.");
  process.exit(1);
}
const migrationsDir = path.join(prismaDir, "migrations");
const next = readdirSync(migrationsDir).filter((d) => /^\d{4}_/.test(d)).length + 1;
const dir = path.join(migrationsDir, `${String(next).padStart(4, "0")}_${name}`);

const scratch = mkdtempSync(path.join(tmpdir(), "shop-migration-"));
try {
  const old = path.join(scratch, "schema.prisma");
  writeFileSync(old, committed);
  // never let the CLI open a real embedded database (stack notes): PGLITE_DIR=memory://
  const sql = execFileSync(
    path.join(prismaDir, "../node_modules/.bin/prisma"),
    ["migrate", "diff", "--from-schema-datamodel", old, "--to-schema-datamodel", "schema.prisma", "--script"],
    { cwd: prismaDir, encoding: "utf8", env: { ...process.env, PGLITE_DIR: "memory://" } },
  );
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql);
  console.log(`Wrote ${path.relative(process.cwd(), path.join(dir, "migration.sql"))}. Review it, then commit it with the schema.`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
