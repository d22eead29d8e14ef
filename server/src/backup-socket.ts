import { rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Database } from "@shop/prisma/db";
import { writeBackup, type Manifest } from "./backup";

/**
 * The embedded database can be open in one process only, so while the shop runs it makes the backups itself:
 * `npm run backup` asks it over a Unix socket in DATA_DIR (a folder only its owner may enter) to write the archive
 * to a file, and waits for the answer (docs/database.md#backup-and-restore).
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, "backup.sock");
/** what a Unix socket's path may hold on Linux (108 bytes with the final NUL), with a little room */
const MAX_SOCKET_PATH = 100;

type Answer = { ok: true; manifest: Manifest } | { ok: false; message: string };

export function serveBackups(
  db: Database,
  options: { dataDir: string; uploadDir: string; warn(message: string): void },
): { close(): Promise<void> } | null {
  const socketPath = backupSocketPath(options.dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    options.warn(`DATA_DIR is too long a path for the backup socket: npm run backup works while the shop is stopped`);
    return null;
  }
  rmSync(socketPath, { force: true }); // left by a shop that did not stop cleanly
  const server = net.createServer((connection) => {
    let request = "";
    connection.setEncoding("utf8");
    connection.on("error", () => {});
    connection.on("data", (chunk: string) => {
      request += chunk;
      const end = request.indexOf("\n");
      if (end < 0) return;
      connection.removeAllListeners("data");
      const answer = (body: Answer) => connection.end(JSON.stringify(body) + "\n");
      writeBackup(db, options.uploadDir, request.slice(0, end)).then(
        (manifest) => answer({ ok: true, manifest }),
        (error: unknown) => answer({ ok: false, message: (error as Error).message }),
      );
    });
  });
  server.on("error", (error) => options.warn(`backup socket: ${error.message}`));
  server.listen(socketPath);
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Asks the running shop for a backup to `file`; null when no shop answers on this data directory's socket. */
export function requestBackup(dataDir: string, file: string): Promise<Manifest | null> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(backupSocketPath(dataDir));
    let reply = "";
    let connected = false;
    connection.setEncoding("utf8");
    connection.on("connect", () => {
      connected = true;
      connection.write(file + "\n");
    });
    connection.on("data", (chunk: string) => (reply += chunk));
    connection.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) resolve(null);
      else reject(error);
    });
    connection.on("end", () => {
      try {
        const answer = JSON.parse(reply) as Answer;
        if (answer.ok) resolve(answer.manifest);
        else reject(new Error(answer.message));
      } catch {
        reject(new Error(`the shop gave no answer to the backup request`));
      }
    });
  });
}
