import type { Database } from "@shop/prisma/db";
import { remindForgottenCart, type CartReminderMessage } from "../carts";
import { runBroadcast, unfinishedBroadcasts, type BroadcastSender } from "../broadcasts";
import { sendDueReviewRequests, type ReviewRequestMessages } from "../reviews";
import { QUEUES, startJobQueue, type JobLog, type JobRunner } from "./queue";

/** Review requests are looked for every ten minutes (a request row keeps anybody from being asked twice). */
export const REVIEW_REQUESTS_CRON = "*/10 * * * *";

/** What the shop's jobs do, wired by the server (docs/architecture.md#jobs). */
export interface ShopJobsOptions {
  db: Database;
  log: JobLog;
  /** how long a Mini App cart waits before its reminder; 0 turns reminders off */
  cartReminderDelayMs: number;
  /** the reminder's message (the bot builds it); without a bot there are no reminders */
  cartReminderMessage?: CartReminderMessage;
  /** sends broadcast messages (the bot); without a bot broadcasts cannot start */
  broadcastSender?: BroadcastSender;
  /** the review request's message (the bot builds it); without a bot nobody is asked */
  reviewRequestMessages?: ReviewRequestMessages;
  /** broadcast messages a second at the most */
  broadcastsPerSecond: number;
  /** how often an idle worker looks for jobs (seconds; pg-boss also wakes it on new jobs where it can) */
  pollingIntervalSeconds?: number;
  /** run no workers: this instance only queues jobs */
  queueOnly?: boolean;
}

export interface ShopJobs {
  /** A Mini App cart changed: it is looked at once it may be forgotten (`remindAt`; null: empty cart). */
  cartChanged(telegramUserId: number, remindAt: Date | null): Promise<void>;
  /** A broadcast was recorded: send it. */
  broadcastCreated(broadcastId: number): Promise<void>;
  /** whether broadcasts can be sent (a bot is configured) */
  canBroadcast: boolean;
  /** whether forgotten carts are reminded of */
  remindsCarts: boolean;
  runner: JobRunner;
  /** Stops taking jobs; running ones stop between two steps (a broadcast between two messages) and are taken again later. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts the job queue on the shop's database and this instance's workers. Every API instance runs them; a job is
 * run by one (pg-boss's SKIP LOCKED claim). Broadcasts still being sent are queued again, so a shop restarted in the
 * middle of one goes on with it (the queue's singleton policy keeps it to one sender).
 */
export async function startShopJobs(options: ShopJobsOptions): Promise<ShopJobs> {
  const { db, log } = options;
  const runner = await startJobQueue(db, log);
  const remindsCarts = options.cartReminderDelayMs > 0 && !!options.cartReminderMessage;
  const pollingIntervalSeconds = options.pollingIntervalSeconds;
  // pg-boss aborts a job's own signal only once its grace period is over: long jobs are told at once
  const stopping = new AbortController();

  const enqueueBroadcast = (broadcastId: number) =>
    runner.enqueue(QUEUES.broadcast.name, { broadcastId }, { singletonKey: `broadcast:${broadcastId}` });

  if (!options.queueOnly) {
    if (remindsCarts) {
      const message = options.cartReminderMessage!;
      await runner.work(
        QUEUES.cartReminder.name,
        async (data) => {
          const telegramUserId = Number(data.telegramUserId);
          const outcome = await remindForgottenCart(db, telegramUserId, { now: new Date(), delayMs: options.cartReminderDelayMs, message });
          // the cart changed since the job was queued, or a reminder was sent less than a week ago: look again then
          if (outcome.kind === "later") {
            await runner.enqueue(QUEUES.cartReminder.name, { telegramUserId }, { startAfter: outcome.at, singletonKey: String(telegramUserId) });
          }
        },
        { pollingIntervalSeconds, batchSize: 20 },
      );
    }
    if (options.broadcastSender) {
      const sender = options.broadcastSender;
      await runner.work(
        QUEUES.broadcast.name,
        async (data, job) => {
          const broadcastId = Number(data.broadcastId);
          const result = await runBroadcast(db, sender, broadcastId, { signal: AbortSignal.any([job.signal, stopping.signal]), perSecond: options.broadcastsPerSecond });
          // thrown, the job is retried from the queue: by this instance's successor or by another one
          if (result === "interrupted") throw new Error(`broadcast ${broadcastId} interrupted: it goes on after the restart`);
          log.info({ broadcastId }, "broadcast sent");
        },
        { pollingIntervalSeconds },
      );
      for (const id of await unfinishedBroadcasts(db)) await enqueueBroadcast(id);
    }
    if (options.reviewRequestMessages) {
      const messages = options.reviewRequestMessages;
      await runner.work(
        QUEUES.reviewRequests.name,
        async () => {
          const asked = await sendDueReviewRequests({ db, messages }, new Date());
          if (asked.length > 0) log.info({ orders: asked.length }, "review requests queued");
        },
        { pollingIntervalSeconds },
      );
      await runner.schedule(QUEUES.reviewRequests.name, REVIEW_REQUESTS_CRON);
    }
  }

  return {
    runner,
    remindsCarts,
    canBroadcast: !!options.broadcastSender,
    async cartChanged(telegramUserId, remindAt) {
      if (!remindsCarts || !remindAt) return;
      await runner.enqueue(QUEUES.cartReminder.name, { telegramUserId }, { startAfter: remindAt, singletonKey: String(telegramUserId) });
    },
    broadcastCreated: enqueueBroadcast,
    async stop(timeoutMs) {
      stopping.abort();
      await runner.stop(timeoutMs);
    },
  };
}
