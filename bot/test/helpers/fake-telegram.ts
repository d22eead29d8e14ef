import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { hasLoneSurrogate } from "@shop/shared/text";

/**
 * Bot API JSON as the fake received or answered it. Its shape depends on the method, and the tests read whichever
 * field they check (`params.text`, `result.message_id`), so it is left untyped here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- method-dependent JSON, read field by field in the tests
type BotApiJson = any;

/**
 * A stand-in for Telegram's Bot API on loopback (the only fake the tests use): answers
 * `POST /bot<token>/<method>` with `{ ok: true, result }`, records every call, and can be told to fail.
 * Point grammY at it with `client: { apiRoot: fake.url }` (TELEGRAM_API_ROOT).
 */
export interface FakeCall {
  method: string;
  params: Record<string, BotApiJson>;
  /** false when the fake answered with an error */
  ok: boolean;
  /** what the fake answered on success (e.g. the sent Message with its message_id) */
  result?: BotApiJson;
  at: number;
}

export interface FakeFailure {
  status: number;
  description: string;
  retryAfter?: number;
}

export interface FakeTelegram {
  url: string;
  token: string;
  botUser: { id: number; is_bot: true; first_name: string; username: string };
  calls: FakeCall[];
  /** successful calls of one method */
  succeeded(method: string): FakeCall[];
  /** messages that really went out: successful sendMessage calls */
  delivered(chatId?: number): FakeCall[];
  /** the next calls of `method` answer with these failures, in order */
  failNext(method: string, ...failures: FakeFailure[]): void;
  /** while set, every call of `method` fails like this */
  outage(method: string, failure: FakeFailure | null): void;
  /** every message to this chat fails like this (a user who blocked the bot: 403), until set to null */
  chatFailure(chatId: number, failure: FakeFailure | null): void;
  /** holds `method` answers until release() (a slow Telegram) */
  hold(method: string): void;
  release(method: string): void;
  /** an update for the next getUpdates (long polling) */
  pushUpdate(update: object): void;
  close(): Promise<void>;
}

export const TOO_MANY = (retryAfter: number): FakeFailure => ({
  status: 429,
  description: `Too Many Requests: retry after ${retryAfter}`,
  retryAfter,
});
export const SERVER_ERROR: FakeFailure = { status: 500, description: "Internal Server Error" };

/**
 * What Telegram itself refuses in a message text: more than 4096 characters after entities are parsed (UTF-16
 * units), half a surrogate pair (not UTF-8), and HTML that does not parse (a `&` that starts no entity, a tag cut off).
 */
function refusedText(method: string, params: Record<string, BotApiJson>): string | null {
  if (method !== "sendMessage" && method !== "editMessageText") return null;
  const text = params.text;
  if (typeof text !== "string") return null;
  if (hasLoneSurrogate(text)) return "Bad Request: strings must be encoded in UTF-8";
  if (params.parse_mode === "HTML") {
    if (/&(?!(?:amp|lt|gt|quot|#\d+);)/.test(text) || /<[^>]*$/.test(text)) return "Bad Request: can't parse entities";
    const visible = text.replace(/<[^>]*>/g, "").replace(/&(?:amp|lt|gt|quot|#\d+);/g, "&");
    if (visible.length > 4096) return "Bad Request: message is too long";
  } else if (text.length > 4096) return "Bad Request: message is too long";
  return null;
}

/**
 * What Telegram refuses in an invoice (sendInvoice, createInvoiceLink): a title of 1–32 characters, a description of
 * 1–255, a payload of 1–128 bytes, a provider token, a three-letter currency, labelled prices in whole smallest
 * units whose sum is positive, provider_data that is JSON.
 */
function refusedInvoice(method: string, params: Record<string, BotApiJson>): string | null {
  if (method !== "sendInvoice" && method !== "createInvoiceLink") return null;
  const prices = params.prices as { label?: unknown; amount?: unknown }[] | undefined;
  if (typeof params.title !== "string" || params.title.length < 1 || params.title.length > 32) return "Bad Request: INVOICE_TITLE_INVALID";
  if (typeof params.description !== "string" || params.description.length < 1 || params.description.length > 255) return "Bad Request: INVOICE_DESCRIPTION_INVALID";
  if (typeof params.payload !== "string" || Buffer.byteLength(params.payload) < 1 || Buffer.byteLength(params.payload) > 128) return "Bad Request: INVOICE_PAYLOAD_INVALID";
  if (typeof params.provider_token !== "string" || params.provider_token === "") return "Bad Request: PAYMENT_PROVIDER_INVALID";
  if (typeof params.currency !== "string" || !/^[A-Z]{3}$/.test(params.currency)) return "Bad Request: CURRENCY_INVALID";
  if (!Array.isArray(prices) || prices.length === 0) return "Bad Request: PRICES_INVALID";
  if (prices.some((price) => typeof price.label !== "string" || !Number.isInteger(price.amount))) return "Bad Request: PRICES_INVALID";
  if (prices.reduce((sum, price) => sum + (price.amount as number), 0) <= 0) return "Bad Request: TOTAL_AMOUNT_INVALID";
  if (params.provider_data !== undefined) {
    try {
      JSON.parse(params.provider_data);
    } catch {
      return "Bad Request: DATA_JSON_INVALID";
    }
  }
  return null;
}

export async function startFakeTelegram(token: string): Promise<FakeTelegram> {
  const calls: FakeCall[] = [];
  const scripted = new Map<string, FakeFailure[]>();
  const outages = new Map<string, FakeFailure>();
  const held = new Map<string, (() => void)[]>();
  const holding = new Set<string>();
  const chatFailures = new Map<number, FakeFailure>();
  const updates: object[] = [];
  let waitingPoll: (() => void) | null = null;
  let nextMessageId = 1;
  let nextUpdateId = 1;
  let nextPreparedId = 1;
  const botUser = { id: Number(token.split(":")[0]), is_bot: true as const, first_name: "Тестовый магазин", username: "shop_test_bot" };

  const readBody = (request: IncomingMessage) =>
    new Promise<Record<string, BotApiJson>>((resolve) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        try {
          resolve(raw ? JSON.parse(raw) : {});
        } catch {
          resolve({ raw });
        }
      });
    });

  function result(method: string, params: Record<string, BotApiJson>): unknown {
    const chat = { id: Number(params.chat_id), type: Number(params.chat_id) < 0 ? "group" : "private" };
    switch (method) {
      case "getMe":
        return { ...botUser, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false };
      case "sendMessage":
        return { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat, text: params.text, reply_markup: params.reply_markup };
      case "editMessageText":
      case "editMessageReplyMarkup":
        return { message_id: Number(params.message_id), date: Math.floor(Date.now() / 1000), chat, text: params.text ?? "" };
      case "getUpdates": {
        const batch = updates.splice(0);
        return batch;
      }
      case "savePreparedInlineMessage":
        return { id: `prepared-${nextPreparedId++}-for-${params.user_id}`, expiration_date: Math.floor(Date.now() / 1000) + 86400 };
      case "sendInvoice":
        return {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat,
          invoice: {
            title: params.title,
            description: params.description,
            start_parameter: "",
            currency: params.currency,
            total_amount: (params.prices as { amount: number }[]).reduce((sum, price) => sum + price.amount, 0),
          },
        };
      case "createInvoiceLink":
        return `https://t.me/$invoice-${nextPreparedId++}`;
      case "getWebhookInfo":
        return { url: "", has_custom_certificate: false, pending_update_count: 0 };
      default:
        return true;
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? "");
    const params = await readBody(request);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (!match || match[1] !== token) return send(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = match[2]!;

    if (method === "getUpdates" && updates.length === 0) {
      // long polling, shortened: wait for an update for at most 200 ms
      await new Promise<void>((resolve) => {
        const timeout = setTimeout(resolve, 200);
        waitingPoll = () => {
          clearTimeout(timeout);
          resolve();
        };
      });
      waitingPoll = null;
    }
    if (holding.has(method)) {
      await new Promise<void>((resolve) => held.set(method, [...(held.get(method) ?? []), resolve]));
    }

    const refused = refusedText(method, params) ?? refusedInvoice(method, params);
    if (refused) {
      calls.push({ method, params, ok: false, at: Date.now() });
      return send(400, { ok: false, error_code: 400, description: refused });
    }
    const failure =
      scripted.get(method)?.shift() ??
      outages.get(method) ??
      (method.startsWith("send") && params.chat_id !== undefined ? chatFailures.get(Number(params.chat_id)) : undefined);
    if (failure) {
      calls.push({ method, params, ok: false, at: Date.now() });
      return send(failure.status, {
        ok: false,
        error_code: failure.status,
        description: failure.description,
        ...(failure.retryAfter !== undefined ? { parameters: { retry_after: failure.retryAfter } } : {}),
      });
    }
    const value = result(method, params);
    if (method !== "getUpdates" || (value as unknown[]).length > 0) calls.push({ method, params, ok: true, result: value, at: Date.now() });
    send(200, { ok: true, result: value });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const release = (method: string) => {
    holding.delete(method);
    for (const resolve of held.get(method) ?? []) resolve();
    held.delete(method);
  };

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    botUser,
    calls,
    succeeded: (method) => calls.filter((call) => call.method === method && call.ok),
    delivered: (chatId) =>
      calls.filter((call) => call.method === "sendMessage" && call.ok && (chatId === undefined || Number(call.params.chat_id) === chatId)),
    failNext(method, ...failures) {
      scripted.set(method, [...(scripted.get(method) ?? []), ...failures]);
    },
    outage(method, failure) {
      if (failure) outages.set(method, failure);
      else outages.delete(method);
    },
    chatFailure(chatId, failure) {
      if (failure) chatFailures.set(chatId, failure);
      else chatFailures.delete(chatId);
    },
    hold(method) {
      holding.add(method);
    },
    release,
    pushUpdate(update) {
      updates.push({ update_id: nextUpdateId++, ...update });
      waitingPoll?.();
    },
    async close() {
      for (const method of [...holding]) release(method);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
