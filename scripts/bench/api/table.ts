/**
 * The table of `npm run bench`: a row as it is printed when measured, and each database's table as markdown,
 * printed and written to bench-results/api-<database>.md (../results.ts).
 */
import os from "node:os";
import type autocannon from "autocannon";
import { runHeader, writeResults } from "../results";
import type { Memory } from "./processes";
import { BESIDE_SECONDS, IDLE_SECONDS, TARGETS, TURN_SECONDS, type DatabaseKind } from "./settings";

export interface Row {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  /** the bare route's req/s right before and right after the row (their mean) */
  beside: number | null;
  /** req/s over `beside` */
  ratio: number | null;
  /** the server's CPU per request, µs */
  cpuUs: number | null;
  /** bytes of one answer on the wire, on average */
  answerBytes: number | null;
  /** req/s over the bare route's answering as many bytes (reads only) */
  sameBytesRatio: number | null;
  /** "" when every request was answered with 2xx in time */
  failed: string;
  target: string;
}

export const fmt = (value: number, digits = 0) => value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const loadAverage = () => os.loadavg().map((value) => value.toFixed(2)).join(" / ");

/** A row of a load as soon as it is measured, with its status codes when some requests failed. */
export function printLoadRow(row: Row, result: autocannon.Result): void {
  console.log(
    `${row.name.padEnd(40)} ${fmt(row.rps).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(5)} ms  CPU ${row.cpuUs === null ? "?" : fmt(row.cpuUs)} µs/req` +
      (row.ratio === null ? "" : `  ${fmt(row.ratio, 2)} × the ceiling beside it (${fmt(row.beside!)} req/s)`) +
      (row.sameBytesRatio === null ? "" : `  ${fmt(row.sameBytesRatio, 2)} × a bare answer of ${fmt(row.answerBytes!)} bytes`) +
      (row.failed ? `  failed: ${row.failed} (${JSON.stringify(result.statusCodeStats)})` : "") +
      (row.target ? `  ${row.target}` : ""),
  );
}

/** A row of requests timed one at a time (measureReload): no rate, only their times. */
export function printTimedRow(row: Row): void {
  console.log(`${row.name.padEnd(40)} p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.target}`);
}

export interface ApiTable {
  kind: DatabaseKind;
  counts: { products: number; orders: number };
  /** loadAverage() before the database's rows and after them */
  loadBefore: string;
  loadAfter: string;
  rows: Row[];
  /** the API process's memory 3 s after start, idle (IDLE_SECONDS after start), once the catalogue is read, after the load */
  memory: { started: Memory; idle: Memory; loaded: Memory; after: Memory };
}

/** One database's table, printed and written to bench-results/api-<kind>.md; returns its markdown. */
export function writeApiTable({ kind, counts, loadBefore, loadAfter, rows, memory: { started, idle, loaded, after } }: ApiTable): string {
  const rss = (m: Memory) => (m ? `${fmt(m.rssMb, 1)} MB` : "?");
  const idleMet = idle ? idle.rssMb <= TARGETS.idleRssMb : false;
  const afterMet = after ? after.rssMb <= TARGETS.afterLoadRssMb : false;
  const markdown = [
    `## API benchmark: ${kind === "embedded" ? "embedded database (PGlite)" : "PostgreSQL"}`,
    "",
    `${runHeader()} · ` +
      `${fmt(counts.products)} products, ${fmt(counts.orders)} orders · ` +
      `load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after`,
    "",
    "| route | conns | req/s | p50 ms | p99 ms | ceiling beside, req/s | × ceiling | bytes/answer | × bare, same bytes | server CPU µs/req | failed | target |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.connections} | ${row.rps ? fmt(row.rps) : "—"} | ${row.p50} | ${row.p99} | ${row.beside === null ? "—" : fmt(row.beside)} | ${row.ratio === null ? "—" : fmt(row.ratio, 2)} | ${row.answerBytes ? fmt(row.answerBytes) : "—"} | ${row.sameBytesRatio === null ? "—" : fmt(row.sameBytesRatio, 2)} | ${row.cpuUs === null ? "—" : fmt(row.cpuUs)} | ${row.failed || 0} | ${row.target} |`,
    ),
    "",
    `× ceiling: the row's req/s over the bare route's (ceiling beside). Rows with bytes/answer and × bare (the reads) take turns with the bare route, ${TURN_SECONDS} s each ` +
      "for the row's duration, so that both see the same seconds of the machine (its speed can swing within seconds); such " +
      "a row's p99 is the worst of its slices'. Other rows: the bare route measured right before and right after " +
      `the row, their mean, ${BESIDE_SECONDS} s each. The first row, measured before the API started, is the run's first reading of the machine. ` +
      "Varied rows send a unique `_` parameter (ignored by the routes, part of the kept answers' key): every answer " +
      "is worked out from the in-memory catalogue. Pages: server-rendered HTML as a browser asks for it (compressed); " +
      "the catalogue's first page is kept; product pages are first opened once each, every product of the catalogue (the row " +
      "'first render'), then drawn at random from all of them for each request, each with a unique `_` parameter, which " +
      "a page does not depend on (its kept copy serves every address of the product). Admin saves: 10 edits of one product, one at a time, each answered " +
      "after the catalogue is loaded again, while one shopper reads catalogue pages back to back. " +
      "Started under that load: a new API process whose catalogue is loaded by the varied catalogue row's first requests, " +
      "then that row measured in it; compare its server CPU with the varied row's. server CPU: the " +
      "server process's CPU time (all threads) during the row over the requests answered, the steadiest figure on " +
      "a shared machine. Statistics: one connection, 30 requests each. failed: non-2xx answers, or " +
      "requests without an answer after autocannon's 10 s. The read targets are stated for PostgreSQL. " +
      "bytes/answer: status line, headers and body on the wire, on average. × bare, same bytes: the row's req/s over " +
      "the bare route's when it answers as many bytes (measured right after the row): the load generator shares the " +
      "two cores and receives every byte, so an answer's size alone lowers the ceiling; this column is what the " +
      "shop's own work leaves of it.",
    "",
    `API process resident memory (VmRSS): ${rss(started)} 3 s after start, ${rss(idle)} idle ${IDLE_SECONDS} s after start ` +
      `(target ≤ ${TARGETS.idleRssMb} MB: ${idleMet ? "met" : "**missed**"}), ` +
      `${rss(loaded)} once the catalogue is in memory (after the first reads), ` +
      `${rss(after)} after the load (target ≤ ${TARGETS.afterLoadRssMb} MB: ${afterMet ? "met" : "**missed**"}), peak ${after ? `${fmt(after.peakMb, 1)} MB` : "?"}.`,
    "",
  ].join("\n");
  const file = writeResults(`api-${kind}.md`, "npm run bench", markdown);
  console.log(`\n${markdown}\n(saved to ${file})`);
  return markdown;
}
