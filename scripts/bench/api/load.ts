/**
 * The load tools of `npm run bench`: autocannon against a route, the server's CPU per request while it runs, and
 * the bare route (../bare-fastify.ts) as the ceiling a row is held against — measured in turns with a read row
 * (measureInTurns, its slices merged by mergeSlices), or right before and right after any other row (measureBetween).
 */
import autocannon from "autocannon";
import { cpuMsOf, startNode } from "./processes";
import type { Route } from "./routes";
import { BESIDE_SECONDS, CONNECTIONS, TURN_SECONDS, WARMUP_SECONDS } from "./settings";

export async function load(url: string, route: Pick<Route, "connections" | "next">, amount: Route["load"]): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: route.connections,
    ...("seconds" in amount ? { duration: amount.seconds } : { amount: amount.requests }),
    requests: [
      {
        setupRequest: (request) => {
          const next = route.next();
          return { ...request, path: next.path, method: next.method ?? "GET", body: next.body, headers: { ...request.headers, ...next.headers } };
        },
      },
    ],
  });
}

/** The server's CPU per answered request while `work` ran, in µs. */
export async function withCpu<T extends autocannon.Result>(pid: number, work: () => Promise<T>): Promise<{ result: T; cpuUs: number | null }> {
  const before = cpuMsOf(pid);
  const result = await work();
  const after = cpuMsOf(pid);
  return { result, cpuUs: before === null || after === null || result.requests.total === 0 ? null : ((after - before) * 1000) / result.requests.total };
}

/** What one answer averaged on the wire: status line, headers and body. */
export const bytesPerAnswer = (result: autocannon.Result) => (result.requests.total > 0 ? result.throughput.total / result.requests.total : 0);

/** Non-2xx answers and requests that got no answer (autocannon gives up after 10 s). */
export function failures(result: autocannon.Result): string {
  const parts: string[] = [];
  if (result.non2xx) parts.push(`${result.non2xx} non-2xx`);
  if (result.timeouts) parts.push(`${result.timeouts} timed out`);
  if (result.errors - result.timeouts > 0) parts.push(`${result.errors - result.timeouts} errors`);
  return parts.join(", ");
}

/**
 * The bare Fastify route under the same load for `duration` seconds: the machine's ceiling, or with `answerBytes`
 * a bare answer of that many bytes (bare-fastify.ts), what an answer of a read's size costs without the shop's work.
 */
export async function measureBare(duration: number, answerBytes?: number): Promise<{ result: autocannon.Result; cpuUs: number | null }> {
  const bare = await startNode("scripts/bench/bare-fastify.ts", answerBytes ? { BARE_ANSWER_BYTES: String(Math.round(answerBytes)) } : {}, /listening (\d+)/);
  try {
    const route = { connections: CONNECTIONS, next: () => ({ path: "/" }) };
    await load(bare.url, route, { seconds: WARMUP_SECONDS });
    return await withCpu(bare.child.pid!, () => load(bare.url, route, { seconds: duration }));
  } finally {
    await bare.stop();
  }
}

/**
 * The bare route kept running through a database's rows, to measure the ceiling beside each row (measureInTurns,
 * measureBetween): the machine's speed drifts over minutes, so a row is held against the ceiling of its own
 * minutes rather than against the one measured at the start of the run.
 */
export async function startCeilingBeside(): Promise<CeilingBeside> {
  const bare = await startNode("scripts/bench/bare-fastify.ts", {}, /listening (\d+)/);
  const route = { connections: CONNECTIONS, next: () => ({ path: "/" }) };
  await load(bare.url, route, { seconds: WARMUP_SECONDS });
  return {
    measure: async (seconds = BESIDE_SECONDS) => (await load(bare.url, route, { seconds })).requests.average,
    stop: () => bare.stop(),
  };
}

export interface CeilingBeside {
  /** the bare route's req/s over `seconds` (BESIDE_SECONDS) */
  measure(seconds?: number): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A read row measured in turns with the bare route: TURN_SECONDS of the row, TURN_SECONDS of the bare route, and so
 * on for the row's `duration` (every other pair the bare route first), so that the row and its ceiling see the same
 * seconds of the machine. On a shared machine its speed can swing within seconds (seen: the bare route at 19 600
 * and at 36 400 req/s in 3-second runs a few seconds apart), and a ceiling measured only before and after a row
 * then says more about those seconds than about the row. The row's rate and server CPU are over all its slices, its
 * p50 is the median of theirs and its p99 the worst of theirs; `beside` is the bare route's rate over its slices.
 */
export async function measureInTurns(
  pid: number,
  url: string,
  route: Route,
  ceiling: CeilingBeside,
  duration: number,
): Promise<{ result: autocannon.Result; cpuUs: number | null; beside: number }> {
  const turns = Math.max(1, Math.round(duration / TURN_SECONDS));
  const slices: { result: autocannon.Result; cpuUs: number | null }[] = [];
  let bare = 0;
  for (let turn = 0; turn < turns; turn++) {
    if (turn % 2 === 1) bare += await ceiling.measure(TURN_SECONDS);
    slices.push(await withCpu(pid, () => load(url, route, { seconds: TURN_SECONDS })));
    if (turn % 2 === 0) bare += await ceiling.measure(TURN_SECONDS);
  }
  const result = mergeSlices(slices.map((slice) => slice.result));
  const total = result.requests.total;
  const cpu = slices.every((slice) => slice.cpuUs !== null) && total > 0 ? slices.reduce((all, slice) => all + slice.cpuUs! * slice.result.requests.total, 0) / total : null;
  return { result, cpuUs: cpu, beside: bare / turns };
}

/** Slices of one load as one result: requests, bytes and failures summed, the median p50, the worst p99. */
function mergeSlices(results: autocannon.Result[]): autocannon.Result {
  const sum = (of: (result: autocannon.Result) => number) => results.reduce((total, result) => total + of(result), 0);
  const total = sum((result) => result.requests.total);
  const p50s = results.map((result) => result.latency.p50).sort((a, b) => a - b);
  const statusCodeStats: autocannon.Result["statusCodeStats"] = {};
  for (const result of results) {
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {}) as [keyof typeof statusCodeStats, { count: number }][]) {
      statusCodeStats[code] = { count: (statusCodeStats[code]?.count ?? 0) + count };
    }
  }
  const first = results[0]!;
  return {
    ...first,
    duration: sum((result) => result.duration),
    requests: { ...first.requests, total, average: total / sum((result) => result.duration) },
    latency: { ...first.latency, p50: p50s[Math.floor(p50s.length / 2)]!, p99: Math.max(...results.map((result) => result.latency.p99)) },
    throughput: { ...first.throughput, total: sum((result) => result.throughput.total) },
    non2xx: sum((result) => result.non2xx),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    statusCodeStats,
  };
}

/** Any other row: measured in one go, with the bare route (when given) measured right before and right after it. */
export async function measureBetween(
  pid: number,
  url: string,
  route: Route,
  ceiling: CeilingBeside | null,
): Promise<{ result: autocannon.Result; cpuUs: number | null; beside: number | null }> {
  const before = ceiling ? await ceiling.measure() : null;
  await route.prepare?.();
  const { result, cpuUs } = await withCpu(pid, () => load(url, route, route.load));
  return { result, cpuUs, beside: ceiling === null || before === null ? null : (before + (await ceiling.measure())) / 2 };
}
