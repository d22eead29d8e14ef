import path from "node:path";
import { ConfigError, loadConfig } from "@shop/core/config";
import { BackupError, restoreBackup } from "./backup";

/** `npm run restore -- <file>`: a backup back into an empty data directory or database (DATA_DIR, DATABASE_URL). */
async function main() {
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const source = process.argv[2];
  if (!source) throw new BackupError("Usage: npm run restore -- <file.tar.gz>");
  const file = path.resolve(cwd, source);
  const config = loadConfig();
  const manifest = await restoreBackup(file, { databaseUrl: config.databaseUrl, dataDir: config.dataDir, uploadDir: config.uploadDir });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored ${file} (made ${manifest.createdAt}): ${rows} rows, ${manifest.pictures} pictures, into ` +
      (config.databaseUrl ? "the PostgreSQL database" : path.join(config.dataDir, "db")) + ".",
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
