/**
 * What every part of `npm run bench` (../api.ts) shares: the load's connections and seconds, the shop's targets,
 * and the admin, customer and bot the benchmark's shop runs with.
 */
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
export const ADMIN = { login: "admin", password: "bench-admin-password" };
/** orders placed by the benchmark carry this name and are deleted afterwards, so a reused seed stays as seeded */
export const BENCH_CUSTOMER = "Нагрузочный Тест";
export const CONNECTIONS = 50;
export const STATS_CONNECTIONS = 1;
/** statistics are measured over a number of requests (one at a time), whatever each takes */
export const STATS_REQUESTS = 30;
export const STATS_WARMUP_REQUESTS = 3;
export const WARMUP_SECONDS = 2;
/** seconds of the bare route right before and right after each row: the ceiling beside the row */
export const BESIDE_SECONDS = 5;
/** read rows take turns with the bare route in slices this long (measureInTurns) */
export const TURN_SECONDS = 2;
/**
 * Idle memory is read this long after start, with no request since the health check: V8 gives memory back
 * (a smaller young generation, compacted heap) only once its memory reducer sees the process idle, which starts
 * 8 s after the last allocation and takes a few collections (measured: 20–40 s after start, and 47–50 s on a
 * machine twice as slow). The figure 3 s after start, before that, is printed too.
 */
export const IDLE_SECONDS = 60;

/**
 * order creation: the rate on each database, and on PostgreSQL also the p99 (the embedded database queues 50
 * connections on one thread); product pages: varied ids across every product; memory: resident after the whole load
 */
export const TARGETS = {
  readP99Ms: 15,
  readRatio: 0.5,
  pageP99Ms: 30,
  pageRatio: 0.3,
  statsMs: 150,
  idleRssMb: 150,
  afterLoadRssMb: 300,
  orders: { postgresql: 1500, embedded: 500 },
  orderP99Ms: { postgresql: 100 } as Record<string, number>,
};
/**
 * The API runs as a shop with a bot whose process is elsewhere (BOT_MODE=off): every order writes its manager
 * card to the outbox in its own transaction, as in production, and nothing is sent.
 */
export const BENCH_BOT = { token: "123456789:bench_token_not_for_telegram_000", managerChatId: "-1009990000002" };

export type DatabaseKind = "embedded" | "postgresql";
