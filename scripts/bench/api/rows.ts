/**
 * The rows of `npm run bench`'s table and how each is measured: the machine's ceiling, the order path's ceiling,
 * a route under load against the ceiling beside it, the in-memory catalogue's reload, and a start under load.
 */
import type autocannon from "autocannon";
import type { CeilingResult } from "../order-ceiling";
import { bytesPerAnswer, failures, load, measureBare, measureBetween, measureInTurns, withCpu, type CeilingBeside } from "./load";
import { startApi, type Started } from "./processes";
import { uncached, type Route } from "./routes";
import { CONNECTIONS, STATS_WARMUP_REQUESTS, WARMUP_SECONDS } from "./settings";
import { fmt, printLoadRow, type Row } from "./table";

/** the last row: the varied catalogue row in a new process, its catalogue loaded by that row's first requests */
const START_UNDER_LOAD = "catalogue, varied, in a process started under that load";

/** A row of a load: its rate, latency, CPU and answers; no ceiling beside it and no target until the caller adds them. */
function loadRow(name: string, route: Pick<Route, "connections">, result: autocannon.Result, cpuUs: number | null): Row {
  return {
    name,
    connections: route.connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    beside: null,
    ratio: null,
    cpuUs,
    answerBytes: bytesPerAnswer(result),
    sameBytesRatio: null,
    failed: failures(result),
    target: "",
  };
}

/** A row with latencies only, nothing measured against a ceiling, its `target` column saying what it counted. */
function timesRow(times: Pick<Row, "name" | "connections" | "rps" | "p50" | "p99" | "target">): Row {
  return { ...times, beside: null, ratio: null, cpuUs: null, answerBytes: null, sameBytesRatio: null, failed: "" };
}

/** The machine's ceiling, the table's first row: the bare route before the API starts. */
export async function measureCeiling(duration: number): Promise<Row> {
  const { result, cpuUs } = await measureBare(duration);
  return { ...loadRow("ceiling: bare Fastify route", { connections: CONNECTIONS }, result, cpuUs), ratio: 1 };
}

/** The order transaction straight on the database (databases.ts, measureDatabaseOrders) as a row. */
export function orderCeilingRow(orderCeiling: CeilingResult): Row {
  return timesRow({
    name: "order transaction straight on the database (the order path's ceiling)",
    connections: CONNECTIONS,
    rps: orderCeiling.tps,
    p50: orderCeiling.p50,
    p99: orderCeiling.p99,
    target: `${fmt(orderCeiling.transactions)} transactions`,
  });
}

/**
 * A route loaded after its warm-up: a read in turns with the bare route and then against the bare route answering
 * as many bytes, any other row of 50 connections between two readings of the bare route, a one-connection row on
 * its own. Printed as soon as it is measured.
 */
export async function measureRoute(api: Started, route: Route, ceilingBeside: CeilingBeside, duration: number): Promise<Row> {
  // the ceiling is measured with 50 connections; one-connection rows are not comparable with it
  const comparable = route.connections === CONNECTIONS;
  await route.prepare?.();
  // a row of a number of requests is warmed up with a few (at least one per connection)
  await load(api.url, route, "seconds" in route.load ? { seconds: WARMUP_SECONDS } : { requests: Math.max(STATS_WARMUP_REQUESTS, route.connections) });
  const { result, cpuUs, beside } =
    comparable && route.read
      ? await measureInTurns(api.child.pid!, api.url, route, ceilingBeside, duration)
      : await measureBetween(api.child.pid!, api.url, route, comparable ? ceilingBeside : null);
  const ratio = beside === null ? null : result.requests.average / beside;
  await route.finish?.();
  const answerBytes = bytesPerAnswer(result);
  const sameBytes = route.read ? (await measureBare(duration, answerBytes)).result.requests.average : null;
  const row: Row = {
    ...loadRow(route.name, route, result, cpuUs),
    beside,
    ratio,
    sameBytesRatio: sameBytes ? result.requests.average / sameBytes : null,
    target: route.target?.(result, ratio) ?? "",
  };
  printLoadRow(row, result);
  return row;
}

/**
 * The in-memory catalogue's price: an admin edit answers once the catalogue is loaded again, while shoppers'
 * reads go on from the last one. Edits a product ten times (the same values: still a write), timing each save,
 * while one shopper reads catalogue pages back to back, timing each read.
 */
export async function measureReload(base: string, productId: number, token: string): Promise<Row[]> {
  const product = (await (await fetch(`${base}/api/products/${productId}`)).json()) as { categories: { id: number }[] } & Record<string, unknown>;
  const body = JSON.stringify({ ...product, categoryIds: product.categories.map((c) => c.id) });
  const saves: number[] = [];
  const reads: number[] = [];
  let editing = true;
  const shopper = (async () => {
    for (let page = 1; editing; page++) {
      const started = performance.now();
      const read = await fetch(`${base}/api/products?page=${page}&${uncached()}`);
      if (!read.ok) throw new Error(`catalogue read: ${read.status}`);
      await read.arrayBuffer();
      reads.push(performance.now() - started);
    }
  })();
  try {
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const edit = await fetch(`${base}/api/admin/products/${productId}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body,
      });
      if (!edit.ok) throw new Error(`admin edit: ${edit.status} ${await edit.text()}`);
      await edit.arrayBuffer();
      saves.push(performance.now() - started);
    }
  } finally {
    editing = false;
    await shopper;
  }
  const row = (name: string, times: number[]): Row => {
    times.sort((x, y) => x - y);
    return timesRow({
      name,
      connections: 1,
      rps: 0,
      p50: Math.round(times[times.length >> 1]!),
      p99: Math.round(times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!),
      target: `slowest ${Math.round(times[times.length - 1]!)} ms of ${times.length}`,
    });
  };
  return [row("admin product save (answers once the catalogue is reloaded)", saves), row("catalogue reads during those saves", reads)];
}

/**
 * A start under load: a new API process whose catalogue is loaded by the first requests of the varied catalogue
 * row, 50 connections waiting for it, then the same row measured in that process (docs/api.md, Garbage collection:
 * such a start once left every later request ≈ 40 % dearer). Its server CPU per request is read against the
 * varied row's.
 */
export async function measureStartUnderLoad(env: Record<string, string>, route: Route): Promise<Row> {
  const api = await startApi(env);
  try {
    await load(api.url, route, { seconds: WARMUP_SECONDS });
    const { result, cpuUs } = await withCpu(api.child.pid!, () => load(api.url, route, route.load));
    const row = loadRow(START_UNDER_LOAD, route, result, cpuUs);
    printLoadRow(row, result);
    return row;
  } catch (error) {
    console.error(api.output());
    throw error;
  } finally {
    await api.stop();
  }
}
