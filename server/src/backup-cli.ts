import path from "node:path";
import { ConfigError, loadConfig } from "@shop/core/config";
import { openDatabase } from "@shop/prisma/db";
import { PRIVATE_UMASK } from "@shop/prisma/data-dir";
import { existsSync } from "node:fs";
import { BackupError, writeBackup, type Manifest } from "./backup";
import { requestBackup } from "./backup-socket";

/** `npm run backup -- <file>`: the shop's database and pictures in one archive, while the shop keeps running. */
async function main() {
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const target = process.argv[2];
  if (!target) throw new BackupError("Usage: npm run backup -- <file.tar.gz>");
  const file = path.resolve(cwd, target);
  // the archive holds customers' names, phones and addresses and the admins' password hashes: its owner's alone
  process.umask(PRIVATE_UMASK);
  const config = loadConfig();
  let manifest: Manifest | null = null;
  if (!config.databaseUrl) {
    manifest = await requestBackup(config.dataDir, file);
    if (manifest) console.log("The running shop wrote the backup.");
    else if (!existsSync(path.join(config.dataDir, "db"))) throw new BackupError(`No shop data in ${config.dataDir} (DATA_DIR).`);
  }
  if (!manifest) {
    const db = await openDatabase({
      databaseUrl: config.databaseUrl ?? undefined,
      embeddedDir: path.join(config.dataDir, "db"),
      poolSize: 1,
      migrate: false,
    });
    try {
      manifest = await writeBackup(db, config.uploadDir, file);
    } finally {
      await db.close();
    }
  }
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Backup written to ${file}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.pictures} pictures.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
