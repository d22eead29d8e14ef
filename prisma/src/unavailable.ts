/**
 * Whether an error means the database cannot be reached right now (docs/api.md#errors: 503), as opposed to a
 * statement the database refused. One list for both drivers and Prisma: the socket's errors (refused, reset, timed
 * out), pg's "Connection terminated", PostgreSQL's shutdown and connection classes (57P01–57P03, 08xxx), and
 * Prisma's "can't reach" / "connection closed" (P1001, P1002, P1017). The embedded database lives in this
 * process and is never unreachable.
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
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "P1001",
  "P1002",
  "P1017",
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database server/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 6) return false;
  const candidate = error as {
    code?: unknown;
    originalCode?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  for (const code of [candidate.code, candidate.originalCode]) if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
  if (typeof candidate.message === "string" && UNREACHABLE_MESSAGES.test(candidate.message)) return true;
  const inner = [candidate.cause, candidate.meta?.driverAdapterError, ...(Array.isArray(candidate.errors) ? candidate.errors : [])];
  return inner.some((next) => isDatabaseUnavailable(next, depth + 1));
}
