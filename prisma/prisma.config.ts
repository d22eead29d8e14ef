import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PGlite } from "@electric-sql/pglite";

// The CLI only generates the client and diffs schemas here; it never touches the app's data directory.
const serverUrl = process.env.DATABASE_URL;
process.env.DATABASE_URL ??= "postgresql://pglite@localhost/pglite"; // placeholder so the schema validates

export default defineConfig({
  schema: "schema.prisma",
  migrations: { path: "migrations" },
  experimental: { adapter: true },
  engine: "js",
  adapter: async () =>
    serverUrl
      ? new PrismaPg({ connectionString: serverUrl })
      : (new PrismaPGlite(new PGlite(process.env.PGLITE_DIR ?? "memory://")) as unknown as PrismaPg),
});
