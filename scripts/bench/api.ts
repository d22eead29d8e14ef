/**
 * npm run bench — the API under load on the large seed (10 000 products, 100 000 orders), on the embedded
 * database and on PostgreSQL.
 *
 * For each database: seed it (or reuse the copy kept from the last run), start the real server as a child
 * process (built as `npm start` builds it and run with the settings of its "serve" script, NODE_ENV=production,
 * its own node process so its memory can be read), load it with autocannon on loopback, and print a table: req/s,
 * p50, p99 and the ratio to the machine's ceiling — a bare Fastify route in a separate process: the read rows take
 * turns with it (measureInTurns), every other row has it measured right before and right after (the machine's speed
 * drifts over minutes, and on some machines swings within seconds; the run's first reading of it, before the API
 * starts, is the table's first row). Each read row is also compared with the bare route answering as many bytes per answer, measured right
 * after it: on loopback with the load generator on the same cores, an answer's size alone lowers the ceiling, and
 * that ratio is what the shop's own work costs. Also the server's resident memory 3 s after start, idle (IDLE_SECONDS after start) and after the
 * load. The tables are written to bench-results/api-embedded.md and bench-results/api-postgresql.md (results.ts).
 *
 * Catalogue reads are answered from the in-memory catalogue (core/src/catalog/store.ts), and the answer of
 * a URL asked for again is kept until the catalogue changes (api/src/plugins/app/catalog.ts). So the catalogue
 * has three rows: one URL (a popular page: a kept answer), varied pages, filters and sorts, and the same varied
 * pages asked for as a browser asks (Accept-Encoding with brotli: each answer is also compressed). The varied rows
 * (catalogue, product, search) also carry a unique `_` parameter, which the routes ignore but the kept answers'
 * key includes: they measure filtering, sorting, searching and writing the answer, never a kept one.
 * Recommendations (1–3 random products in the cart) and the admin's product list (50 products a page, half
 * of the requests with a search) read the same catalogue and are never kept. Two rows load the pages a browser
 * opens, server-rendered and compressed, when the web app is built (`npm run build`): the catalogue's first page
 * (kept: docs/web-app.md, «Kept pages») and product pages: every product's page once (their first render), then
 * varied ids across all products, each with a unique `_` parameter (a product page is kept by product: «Kept product
 * pages»). Two last
 * rows measure what the in-memory catalogue costs: an admin save answers after the catalogue is loaded again, while
 * a shopper's reads during those saves go on from the last one. The last row starts a new API process and loads it
 * at once with the varied catalogue pages, so that 50 connections wait for its catalogue to load (a restart under
 * traffic), then measures that row again in it: its server CPU per request against the varied row's.
 * Order creation runs as a shop with a bot (each order queues its manager card in the outbox in its transaction)
 * with an Idempotency-Key on every request: ordinary orders of 1–3 random products whose stock is not counted,
 * and orders of one popular product with counted stock (every order locks and decrements its row; the stock is
 * set high enough before the warm-up and before the measured load, and not counted again afterwards); before the API starts, an order-shaped transaction is run straight
 * on the database by 50 clients (order-ceiling.ts): the order path's ceiling.
 * Statistics run with one connection, 30 requests each: their target (≤ 150 ms) is the time one admin waits for
 * one chart, and 50 concurrent copies of one aggregate would measure queueing instead.
 *
 * Options (after `npm run bench --`):
 *   --reuse               reuse the seeded databases of the last run (bench-results/.cache/embedded, and the
 *                         database shop_bench on the PostgreSQL server) instead of seeding them again
 *   --db=embedded|postgresql   one database only
 *   --duration=10         seconds of load per route, after a 2-second warm-up (statistics: 30 requests, after 3)
 *   --only=<text>         only routes whose name contains the text (the ceiling always runs)
 * Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) names the server; the
 * benchmark creates its own database shop_bench there. Without a reachable server the PostgreSQL part is skipped.
 * BENCH_NODE_OPTIONS adds node options to the API process, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (the
 * profile is written when the server stops).
 *
 * This file runs the rows for each database and composes the parts in api/:
 *   settings.ts    connections, seconds, targets, and the admin, customer and bot the shop runs with
 *   options.ts     the command line above
 *   databases.ts   seeding (or reusing) each database, deleting the benchmark's orders, the order path's ceiling
 *   processes.ts   starting and stopping the API and the bare route, their memory and CPU time from /proc
 *   load.ts        autocannon, the server's CPU per request, the bare route measured in turns or beside a row
 *   routes.ts      what each row loads and its target, drawn from the running shop's catalogue
 *   rows.ts        how each row of the table is measured
 *   table.ts       printing the rows and writing the tables (../results.ts)
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { measureDatabaseOrders, prepareEmbedded, preparePostgres, serverReachable } from "./api/databases";
import { startCeilingBeside, type CeilingBeside } from "./api/load";
import { parseOptions, type Options } from "./api/options";
import { memoryOf, sleep, startApi, type Memory } from "./api/processes";
import { orderTargetsFor, readCatalogue, routes, signInAdmin, VARIED_CATALOGUE, type Route } from "./api/routes";
import { measureCeiling, measureReload, measureRoute, measureStartUnderLoad, orderCeilingRow } from "./api/rows";
import { IDLE_SECONDS, ROOT, TARGETS, type DatabaseKind } from "./api/settings";
import { fmt, loadAverage, printTimedRow, writeApiTable, type Row } from "./api/table";

const options = parseOptions(process.argv.slice(2));

async function runDatabase(kind: DatabaseKind, { reuse, duration, only, serverUrl }: Options): Promise<string | null> {
  console.log(`\n=== ${kind} ===`);
  if (kind === "postgresql" && !(await serverReachable(serverUrl))) {
    const note = `PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, "//***@")} is not reachable: the PostgreSQL benchmark is skipped.`;
    console.log(note);
    return null;
  }
  const prepared = kind === "embedded" ? await prepareEmbedded(reuse) : await preparePostgres(serverUrl, reuse);
  console.log(`Data: ${fmt(prepared.counts.products)} products, ${fmt(prepared.counts.orders)} orders (seed: ${prepared.seededIn}).`);
  const loadBefore = loadAverage();

  const ceiling = await measureCeiling(duration);
  console.log(`ceiling: ${fmt(ceiling.rps)} req/s, p99 ${ceiling.p99} ms`);

  const orderCeiling = await measureDatabaseOrders(prepared, duration);
  console.log(`order transactions straight on the database: ${fmt(orderCeiling.tps)}/s, p99 ${orderCeiling.p99} ms`);

  const api = await startApi(prepared.env);
  const rows: Row[] = [ceiling, orderCeilingRow(orderCeiling)];
  let ceilingBeside: CeilingBeside | undefined;
  let started: Memory;
  let idle: Memory;
  let loaded: Memory;
  let after: Memory;
  let variedCatalogue: Route | undefined;
  try {
    await sleep(3_000);
    started = memoryOf(api.child.pid!);
    console.log(`API 3 s after start: ${started ? fmt(started.rssMb, 1) : "?"} MB resident`);
    await sleep(IDLE_SECONDS * 1000 - 3_000);
    idle = memoryOf(api.child.pid!);
    console.log(`API idle ${IDLE_SECONDS} s after start: ${idle ? fmt(idle.rssMb, 1) : "?"} MB resident`);

    const catalogue = await readCatalogue(api.url);
    loaded = memoryOf(api.child.pid!);
    const token = await signInAdmin(api.url);

    ceilingBeside = await startCeilingBeside();
    const measured = routes(catalogue, token, orderTargetsFor(kind, orderCeiling), api.url, duration).filter((r) => !only || r.name.includes(only));
    variedCatalogue = measured.find((route) => route.name === VARIED_CATALOGUE);
    for (const route of measured) rows.push(await measureRoute(api, route, ceilingBeside, duration));
    for (const row of await measureReload(api.url, catalogue.ids[0]!, token)) {
      rows.push(row);
      printTimedRow(row);
    }
    after = memoryOf(api.child.pid!);
    console.log(`API after the load: ${after ? fmt(after.rssMb, 1) : "?"} MB resident (target ≤ ${TARGETS.afterLoadRssMb} MB), peak ${after ? fmt(after.peakMb, 1) : "?"} MB`);
  } catch (error) {
    console.error(api.output());
    throw error;
  } finally {
    await ceilingBeside?.stop();
    await api.stop();
  }
  try {
    // after the first process has stopped: the embedded database takes one process at a time
    if (variedCatalogue) rows.push(await measureStartUnderLoad(prepared.env, variedCatalogue));
  } finally {
    await prepared.cleanUp();
  }
  return writeApiTable({ kind, counts: prepared.counts, loadBefore, loadAfter: loadAverage(), rows, memory: { started, idle, loaded, after } });
}

console.log(`API benchmark · ${os.cpus().length} CPUs · load average ${loadAverage()} · ${options.duration} s per route${options.reuse ? " · reusing seeds" : ""}`);
if (!existsSync(path.join(ROOT, "apps/web/dist/index.html"))) console.log("The web app is not built: the page rows are left out (npm run build first to measure them).");
for (const kind of ["embedded", "postgresql"] as const) {
  if (options.db && options.db !== kind) continue;
  await runDatabase(kind, options);
}
