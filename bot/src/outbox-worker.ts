import { Api, GrammyError, HttpError } from "grammy";
import { autoRetry } from "@grammyjs/auto-retry";
import type { Database } from "@shop/prisma/db";
import { claimMessages, markFailed, markSent, renewLease, type ClaimedMessage } from "@shop/core/outbox";
import { markBlocked } from "@shop/core/customers";
import type { OutboxInvoicePayload, OutboxPayload } from "./notifier";
import { silentLog, type BotLog } from "./log";

export interface OutboxWorkerOptions {
  db: Pick<Database, "read">;
  /** the Bot API to send with; see createOutboxApi */
  api: Api;
  log?: BotLog;
  /** how often due rows are looked for when nothing kicks the worker (ms) */
  pollIntervalMs?: number;
  batchSize?: number;
  /** after this many failed tries a row is left alone, with its last error */
  maxAttempts?: number;
  /** first retry delay; doubles with every failure up to maxDelayMs */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** how long a claimed row is reserved for one send; longer than one send with its retries can take */
  lockMs?: number;
  /** the clock (tests move it forward instead of waiting) */
  now?: () => number;
  /** PAYMENT_PROVIDER_TOKEN, added to each invoice when it is sent (never stored in the outbox) */
  providerToken?: string | null;
}

export interface RunResult {
  claimed: number;
  sent: number;
  failed: number;
  gaveUp: number;
}

export interface OutboxWorker {
  start(): void;
  /** Finishes the message being sent and stops; rows it had claimed but not sent are picked up again later. */
  stop(): Promise<void>;
  /** Something was just queued: look soon instead of at the next poll. */
  kick(): void;
  /** One claim-and-send round (what the loop runs); tests call it directly. */
  runOnce(): Promise<RunResult>;
}

type ClaimedRow = ClaimedMessage<OutboxPayload | OutboxInvoicePayload>;

/** An invoice queued while payments were on cannot be sent once the provider token is gone. */
export const NO_PROVIDER_TOKEN = "PAYMENT_PROVIDER_TOKEN is not set: the invoice cannot be sent";

/**
 * The Bot API client of the outbox. auto-retry waits out short rate limits (retry_after up to 10 s) inside
 * the call; anything longer, server errors and network failures come back to the worker, which reschedules the
 * row in the database, so a long outage holds no request open and survives a restart.
 */
export function createOutboxApi(token: string, apiRoot: string): Api {
  const api = new Api(token, { apiRoot, timeoutSeconds: 20 });
  api.config.use(autoRetry({ maxDelaySeconds: 10, maxRetryAttempts: 2, rethrowInternalServerErrors: true, rethrowHttpErrors: true }));
  return api;
}

/** 400 (chat not found, bad markup) and 403 (blocked by the user) will not get better by waiting. */
function isPermanent(error: unknown): boolean {
  return error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403) && !error.parameters?.retry_after;
}

/** Telegram's 403 for a person who blocked the bot (or whose account is gone): the shop stops writing to them unasked. */
function isBlocked(error: unknown): boolean {
  return error instanceof GrammyError && error.error_code === 403 && /blocked|deactivated/i.test(error.description);
}

function describe(error: unknown): string {
  if (error instanceof GrammyError) return `${error.error_code}: ${error.description}`;
  if (error instanceof HttpError) return `network: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends what the notifier queued in the outbox: a round claims due rows (core's outbox module says how several
 * senders share them), sends each to Telegram, and records what became of it; failures are retried with a growing
 * delay, or given up when Telegram refuses for good.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, api } = options;
  const log = options.log ?? silentLog;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? 15;
  const baseDelayMs = options.baseDelayMs ?? 5000;
  const maxDelayMs = options.maxDelayMs ?? 3_600_000;
  const lockMs = options.lockMs ?? 120_000;
  const now = options.now ?? Date.now;

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let started = false;
  let again = false;

  async function claim(): Promise<{ rows: ClaimedRow[]; lease: Date }> {
    const at = new Date(now());
    const lease = new Date(at.getTime() + lockMs);
    return { rows: await claimMessages<ClaimedRow["payload"]>(db, { at, lease, maxAttempts, batchSize }), lease };
  }

  /** a message, or an invoice (an outbox row of kind sendInvoice) with the provider token added */
  async function send(row: ClaimedRow): Promise<void> {
    const chat_id = Number(row.chatId);
    if ("method" in row.payload && row.payload.method === "sendInvoice") {
      if (!options.providerToken) throw new Error(NO_PROVIDER_TOKEN);
      await api.raw.sendInvoice({ chat_id, provider_token: options.providerToken, ...row.payload.invoice });
      return;
    }
    await api.raw.sendMessage({ chat_id, ...row.payload } as Parameters<Api["raw"]["sendMessage"]>[0]);
  }

  async function deliver(row: ClaimedRow, lease: Date): Promise<"sent" | "failed" | "gave-up" | "skipped"> {
    const ownLease = await renewLease(db, row.id, lease, new Date(now() + lockMs));
    if (!ownLease) return "skipped";
    try {
      await send(row);
    } catch (error) {
      const attempts = row.attempts + 1;
      const permanent = isPermanent(error) || (error instanceof Error && error.message === NO_PROVIDER_TOKEN);
      const retryAfterMs = error instanceof GrammyError && error.parameters?.retry_after ? error.parameters.retry_after * 1000 : 0;
      const backoffMs = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1));
      const giveUp = permanent || attempts >= maxAttempts;
      const nextAttemptAt = new Date(now() + Math.max(backoffMs, retryAfterMs));
      await markFailed(db, row.id, { attempts: giveUp ? Math.max(attempts, maxAttempts) : attempts, error: describe(error), nextAttemptAt });
      // the customer blocked the bot: reminders, broadcasts and review requests leave them out (docs/product.md#broadcasts)
      if (isBlocked(error)) await markBlocked(db, row.chatId, new Date(now())).catch(() => {});
      if (giveUp) {
        log.error({ outboxId: row.id, chatId: String(row.chatId), attempts, err: describe(error) }, "telegram message given up");
        return "gave-up";
      }
      log.warn({ outboxId: row.id, chatId: String(row.chatId), attempts, retryInMs: nextAttemptAt.getTime() - now(), err: describe(error) }, "telegram message failed, will retry");
      return "failed";
    }
    await markSent(db, row.id, new Date(now()));
    return "sent";
  }

  async function runOnce(): Promise<RunResult> {
    const result: RunResult = { claimed: 0, sent: 0, failed: 0, gaveUp: 0 };
    const { rows, lease } = await claim();
    result.claimed = rows.length;
    for (const row of rows) {
      const outcome = await deliver(row, lease);
      if (outcome === "sent") result.sent += 1;
      else if (outcome === "failed") result.failed += 1;
      else if (outcome === "gave-up") result.gaveUp += 1;
      // a stop between two messages leaves the rest claimed; their lease runs out and another round sends them
      if (!started && running) break;
    }
    return result;
  }

  function schedule(delayMs: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref?.();
  }

  function tick() {
    timer = null;
    if (!started || running) return;
    again = false;
    running = runOnce()
      .then((result) => result.claimed === batchSize)
      .catch((error) => {
        log.error({ err: describe(error) }, "outbox round failed");
        return false;
      })
      .then((more) => {
        running = null;
        schedule(more || again ? 0 : pollIntervalMs);
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    kick() {
      if (!started) return;
      if (running) again = true;
      // the notifier writes inside a transaction that commits a moment later; a short delay finds the rows
      else schedule(50);
    },
    runOnce,
  };
}
