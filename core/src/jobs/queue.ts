import { PgBoss, fromPglite, type Job, type SendOptions } from "pg-boss";
import type { Database } from "@shop/prisma/db";

/**
 * The shop's job queue (docs/architecture.md#jobs): delayed, bulk and periodic work — forgotten-cart reminders,
 * broadcasts, review requests —
 * kept in the shop's own database by pg-boss, in its schema `pgboss` (created and migrated by pg-boss itself, left
 * out of the Prisma schema and of the backup: docs/dependencies.md). Every API instance runs the workers; a job is
 * taken by one of them (`FOR UPDATE SKIP LOCKED`), so it runs once however many instances there are. On the
 * embedded database the queue shares the shop's one PGlite connection.
 */

/** The queues and how their jobs behave. */
export const QUEUES = {
  /** a Mini App cart to look at once it may be forgotten: one waiting job per customer (policy short) */
  cartReminder: { name: "cart-reminder", options: { policy: "short", retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 } },
  /**
   * a broadcast to send: one sender at a time per broadcast (policy singleton); an interrupted one is retried from
   * the queue, and a crashed instance's job comes back once its heartbeat stops
   */
  broadcast: { name: "broadcast", options: { policy: "singleton", retryLimit: 1000, retryDelay: 5, heartbeatSeconds: 30, expireInSeconds: 24 * 3600 } },
  /**
   * a round of review requests (docs/product.md#reviews), made by the queue's schedule every few minutes: one round
   * waiting at a time (policy short); a failed round is simply the next one
   */
  reviewRequests: { name: "review-requests", options: { policy: "short", retryLimit: 0, expireInSeconds: 600 } },
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]["name"];

export interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What other modules ask of the queue. */
export interface JobQueue {
  /** A job for `queue`, run once by whichever instance takes it first, not before `startAfter`. */
  enqueue(queue: QueueName, data: object, options?: { startAfter?: Date; singletonKey?: string }): Promise<void>;
}

export type JobHandler = (data: Record<string, unknown>, job: { id: string; signal: AbortSignal; retryCount: number }) => Promise<void>;

export interface JobRunner extends JobQueue {
  /**
   * A job for `queue` at every `cron` time (Moscow time), made once whichever instances ask for it (pg-boss keeps one
   * schedule per queue).
   */
  schedule(queue: QueueName, cron: string): Promise<void>;
  /** Runs `handler` for every job of `queue` taken by this instance. */
  work(queue: QueueName, handler: JobHandler, options?: { pollingIntervalSeconds?: number; batchSize?: number }): Promise<void>;
  /**
   * Stops taking jobs and waits for those running (their `signal` is aborted, so long ones stop between two
   * steps) up to `timeoutMs`; the queue's connection closes.
   */
  stop(timeoutMs?: number): Promise<void>;
}

/** Opens the queue on the shop's database: its schema is created or migrated, the shop's queues made. */
export async function startJobQueue(db: Pick<Database, "jobsConnection">, log: JobLog): Promise<JobRunner> {
  const connection = db.jobsConnection;
  const boss =
    connection.kind === "postgresql"
      ? new PgBoss({ connectionString: connection.url, max: 3, application_name: "shop-jobs" })
      : new PgBoss({ db: fromPglite(connection.pglite), backend: "pglite" });
  boss.on("error", (error: Error) => log.error({ err: error.message }, "job queue error"));
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    const existing = await boss.getQueue(queue.name);
    if (!existing) await boss.createQueue(queue.name, { ...queue.options });
  }

  return {
    async enqueue(queue, data, options = {}) {
      const send: SendOptions = {};
      if (options.startAfter) send.startAfter = options.startAfter;
      if (options.singletonKey) send.singletonKey = options.singletonKey;
      await boss.send(queue, data, send);
    },
    async schedule(queue, cron) {
      await boss.schedule(queue, cron, {}, { tz: "Europe/Moscow" });
    },
    async work(queue, handler, options = {}) {
      // a poll takes up to `batchSize` jobs, and polls again at once while they come back full: a backlog (a
      // thousand carts due at once) drains at the speed of the handler, not one job per poll
      const batchSize = options.batchSize ?? 1;
      const work = { batchSize, burstWhenBatchFull: batchSize > 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
      await boss.work<Record<string, unknown>>(queue, work, async (jobs: Job<Record<string, unknown>>[]) => {
        // a failure fails the batch (pg-boss retries each of its jobs): the shop's handlers may run again safely
        for (const job of jobs) await handler(job.data ?? {}, { id: job.id, signal: job.signal, retryCount: job.retryCount });
      });
    },
    async stop(timeoutMs = 20_000) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
