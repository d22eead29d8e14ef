import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/** Modes of what the shop writes in DATA_DIR: its owner alone reads and writes (docs/database.md#the-data-directory). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** files and folders this process creates get no permission for the group or others */
export const PRIVATE_UMASK = 0o077;

/**
 * Makes the data directory its owner's alone: the process's umask for every file it creates from now on, the
 * directory itself, and the modes of whatever an earlier version left readable by others (the embedded database
 * holds the JWT secret and the password hashes). Walks the tree once and changes only modes open to others, so a
 * directory already right costs one lstat per entry. Symbolic links are left alone.
 */
export function protectDataDir(dataDir: string): { changed: number } {
  process.umask(PRIVATE_UMASK);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return closeToOthers(dataDir);
}

/** Takes the group's and others' permissions from `dir` and everything under it; returns how many modes changed. */
export function closeToOthers(dir: string): { changed: number } {
  let changed = 0;
  const fix = (target: string, isDirectory: boolean, mode: number) => {
    if ((mode & 0o077) === 0) return;
    chmodSync(target, isDirectory ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
    changed += 1;
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue;
      const target = path.join(dir, entry.name);
      fix(target, entry.isDirectory(), lstatSync(target).mode);
      if (entry.isDirectory()) walk(target);
    }
  };
  fix(dir, true, lstatSync(dir).mode);
  walk(dir);
  return { changed };
}
