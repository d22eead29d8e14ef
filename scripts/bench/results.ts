/**
 * Where the benchmarks leave their tables: `bench-results/<name>.md`, one file per benchmark (and database),
 * replaced by every run and committed, so the figures the docs point at are the ones a run printed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const RESULTS_DIR = path.join(ROOT, "bench-results");

/** When and where a run was measured: `2026-11-23 20:56 UTC · 2 × AMD EPYC … · Node v20.20.2`. */
export function runHeader(at: Date = new Date()): string {
  const cpus = os.cpus();
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC · ${cpus.length} × ${cpus[0]?.model.trim() ?? "CPU"} · Node ${process.version}`;
}

/**
 * Writes `bench-results/<name>` (the last run's file is replaced) with a first line saying which command wrote
 * it. `markdown` is the run's tables, starting with its title and `runHeader()`. Returns the path from the
 * repository root.
 */
export function writeResults(name: string, command: string, markdown: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  writeFileSync(file, `<!-- written by \`${command}\`; every run replaces this file -->\n\n${markdown.trimEnd()}\n`);
  return path.relative(ROOT, file);
}
