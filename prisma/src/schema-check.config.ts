/**
 * Prisma config for `npm run db:check-schema` (src/check-schema.ts): the CLI's database is a fresh in-memory
 * PGlite with every migration applied, so `prisma db pull` describes the database the migrations produce.
 */
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { listMigrations } from "./migrate";

process.env.DATABASE_URL ??= "postgresql://pglite@localhost/pglite"; // placeholder so the schema validates
const prismaDir = path.join(import.meta.dirname, "..");

export default defineConfig({
  schema: path.join(prismaDir, "schema.prisma"),
  migrations: { path: path.join(prismaDir, "migrations") },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => {
    const pglite = new PGlite("memory://", { extensions: { pg_trgm } });
    for (const migration of listMigrations()) await pglite.exec(migration.sql);
    return new PrismaPGlite(pglite) as unknown as PrismaPg;
  },
});
