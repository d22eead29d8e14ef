/**
 * Whether an error means the database cannot serve right now (docs/api.md#errors: 503), as opposed to a statement
 * the database refused. One list for both drivers and Prisma:
 * - the socket's errors (refused, reset, timed out), pg's "Connection terminated", the pool's time-out;
 * - PostgreSQL's connection exceptions (class 08), lack of resources (class 53: too many connections, disk full,
 *   out of memory), its shutdown and start-up (57P01–57P03), and a database closed to connections
 *   (`ALTER DATABASE … ALLOW_CONNECTIONS false`: 55000 at severity FATAL; the same code at ERROR is a statement's
 *   own mistake, such as currval before nextval);
 * - Prisma's "can't reach" / "connection closed" (P1001, P1002, P1017) and its driver adapters' kinds for them;
 * - the embedded database closing or closed (a request still running while the process shuts down).
 */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "P1001",
  "P1002",
  "P1017",
]);
/** SQLSTATE classes: connection exception, insufficient resources */
const UNREACHABLE_CLASSES = ["08", "53"];
/** what @prisma/adapter-pg makes of the socket's errors and of 53300 */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database server|PGlite is clos(ed|ing)/i;

/**
 * Whether the database gave up a transaction or statement only because of another one running at the same time: a
 * serialization failure (40001) or a deadlock (40P01), Prisma's P2034 for both. Nothing of it was written, and the
 * same work run again normally succeeds.
 */
const CONFLICT_CODES = new Set(["40001", "40P01", "P2034"]);
const CONFLICT_KINDS = new Set(["TransactionWriteConflict"]);

interface ErrorLike {
  code?: unknown;
  originalCode?: unknown;
  kind?: unknown;
  severity?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/** The error and the errors it wraps (cause, Prisma's driver error, an AggregateError's list), at most 6 deep. */
function* chain(error: unknown, depth = 0): Generator<ErrorLike> {
  if (!error || typeof error !== "object" || depth > 6) return;
  const candidate = error as ErrorLike;
  yield candidate;
  const inner = [candidate.cause, candidate.meta?.driverAdapterError, ...(Array.isArray(candidate.errors) ? candidate.errors : [])];
  for (const next of inner) yield* chain(next, depth + 1);
}

const codesOf = (candidate: ErrorLike) => [candidate.code, candidate.originalCode].filter((code): code is string => typeof code === "string");

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const candidate of chain(error)) {
    for (const code of codesOf(candidate)) {
      if (UNREACHABLE_CODES.has(code)) return true;
      if (code.length === 5 && UNREACHABLE_CLASSES.includes(code.slice(0, 2))) return true;
      if (code === "55000" && candidate.severity === "FATAL") return true;
    }
    if (typeof candidate.kind === "string" && UNREACHABLE_KINDS.has(candidate.kind)) return true;
    if (typeof candidate.message === "string" && UNREACHABLE_MESSAGES.test(candidate.message)) return true;
  }
  return false;
}

export function isTransientConflict(error: unknown): boolean {
  for (const candidate of chain(error)) {
    if (codesOf(candidate).some((code) => CONFLICT_CODES.has(code))) return true;
    if (typeof candidate.kind === "string" && CONFLICT_KINDS.has(candidate.kind)) return true;
  }
  return false;
}

/** Times a transaction or statement given up in a conflict is run in all, the first time included. */
export const CONFLICT_ATTEMPTS = 5;

/**
 * Runs `work`, and runs it again when the database gave it up in a conflict with another transaction
 * (isTransientConflict), up to CONFLICT_ATTEMPTS times, after a random pause that doubles each time (up to 10, 20,
 * 40, 80 ms: two transactions that deadlocked do not meet again at the same moment). The last conflict is thrown:
 * the API answers it 503. `work` must be safe to run again: a transaction rolled back, or one statement.
 */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= CONFLICT_ATTEMPTS || !isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** (attempt - 1)));
    }
  }
}
