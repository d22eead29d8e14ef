import path from "node:path";
import { carrierSettingsFromEnv, type CarrierSettings } from "./delivery";

/** Everything the server reads from the environment, checked once at start (`.env.example` lists it all). */
export interface Config {
  port: number;
  host: string;
  /** embedded database, uploads and the generated admin password live here */
  dataDir: string;
  /** PostgreSQL server; null = embedded PGlite under dataDir/db */
  databaseUrl: string | null;
  databasePoolSize: number;
  uploadDir: string;
  /** the built web app; a placeholder page is served while it is missing */
  webDistDir: string;
  /** origin the shop is reachable at, for links in messages and og:url (e.g. https://shop.example.ru) */
  publicUrl: string | null;
  /** the seller's privacy policy (plain text), shown at /privacy; the shop's own text while the file is missing */
  privacyPolicyFile: string;
  adminLogin: string;
  /** from ADMIN_PASSWORD; null = generated on first start and kept in dataDir/admin-password.txt */
  adminPassword: string | null;
  /** from JWT_SECRET; null = generated once and stored in the database, so every instance shares it */
  jwtSecret: string | null;
  jwtTtlSeconds: number;
  telegram: {
    botToken: string | null;
    /** without '@'; read from getMe when the bot starts if not given */
    botUsername: string | null;
    apiRoot: string;
    /** polling inside the API process, webhook (the bot's own process or this one behind a public URL), off */
    botMode: "polling" | "webhook" | "off";
    webhookSecret: string | null;
    managerChatIds: bigint[];
    /** how old an initData may be, in seconds */
    initDataMaxAgeSeconds: number;
    allowUnverifiedUserId: boolean;
    /** https://t.me/<bot>/<app> when a Mini App short name is registered; null = open it with the menu button */
    miniAppUrl: string | null;
  };
  /** reverse proxies in front of the server whose X-Forwarded-For is believed (0: none, the socket's address counts) */
  trustProxy: number;
  /** requests per client address and minute; 0 turns a limit off (docs/api.md#request-limits) */
  rateLimits: { orders: number; recommendations: number; telegramUser: number };
  /** redis://… where every API instance counts the request limits together; null: each counts in its own memory */
  redisUrl: string | null;
  logLevel: string;
  /** seed the demo catalogue into an empty database at start */
  seedDemo: boolean;
  /** managers hear of a product once its stock falls to this many pieces (and when it sells out) */
  lowStockThreshold: number;
  /** payment in Telegram (docs/payments.md); null without PAYMENT_PROVIDER_TOKEN or without a bot */
  payments: PaymentSettings | null;
  /** the carriers' services and credentials (docs/delivery.md); the seller's methods are settings in the database */
  delivery: CarrierSettings;
  /** the job queue's work (docs/architecture.md#jobs) */
  jobs: {
    /** CART_REMINDER_HOURS: how long a Mini App cart waits before its reminder, in ms; 0 = no reminders */
    cartReminderMs: number;
    /** BROADCAST_RATE: broadcast messages a second at the most (Telegram allows about 30) */
    broadcastsPerSecond: number;
  };
}

export interface PaymentSettings {
  /** the provider's token from @BotFather (/mybots → Payments) */
  providerToken: string;
  /** "yookassa": ask for a phone or e-mail and pass fiscal receipt lines to ЮKassa; null: no receipt data */
  receipts: "yookassa" | null;
  /** ЮKassa's VAT code of every receipt line, 1–6 */
  vatCode: number;
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** A number of hours, fractions allowed (0.5 = half an hour), as milliseconds. */
function hours(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback * 3_600_000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max) throw new ConfigError(`${name} must be a number of hours from 0 to ${max}, got "${raw}"`);
  return Math.round(value * 3_600_000);
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw.toLowerCase())) return true;
  if (["0", "false", "no", "off"].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0 (true or false), got "${raw}"`);
}

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the server (true/yes/on = 1). Only that many hops of
 * X-Forwarded-For are believed, counted from the right, so an address a client writes into the header itself
 * is never taken for its own.
 */
function proxyHops(env: NodeJS.ProcessEnv): number {
  const raw = env.TRUST_PROXY?.trim() ?? "";
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  try {
    return flag(env, "TRUST_PROXY", false) ? 1 : 0;
  } catch {
    throw new ConfigError(`TRUST_PROXY must be how many reverse proxies stand in front (0, 1, 2…) or true/false, got "${raw}"`);
  }
}

function text(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

/** `cwd`: where relative paths start — where the user typed `npm start`, not the workspace folder npm moves into. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = env.INIT_CWD ?? process.cwd()): Config {
  const problems: string[] = [];
  const attempt = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      problems.push((error as Error).message);
      return fallback;
    }
  };

  const dataDir = path.resolve(cwd, text(env, "DATA_DIR") ?? "data");
  const databaseUrl = text(env, "DATABASE_URL");
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with postgresql://, got "${databaseUrl.replace(/\/\/[^@]*@/, "//***@")}"`);
  }
  const redisUrl = text(env, "REDIS_URL");
  if (redisUrl && !/^rediss?:\/\/[^/?#\s]*(\/\d{1,2})?\/?$/.test(redisUrl)) {
    problems.push(`REDIS_URL must look like redis://host:6379 (or rediss://, optionally /<database number>), got "${redisUrl.replace(/\/\/[^@]*@/, "//***@")}"`);
  }
  const publicUrl = text(env, "PUBLIC_URL");
  if (publicUrl && !/^https?:\/\/[^/]+/.test(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) origin, got "${publicUrl}"`);

  const adminPassword = text(env, "ADMIN_PASSWORD");
  if (adminPassword && adminPassword.length < 8) problems.push("ADMIN_PASSWORD must be at least 8 characters long");
  const jwtSecret = text(env, "JWT_SECRET");
  if (jwtSecret && jwtSecret.length < 32) problems.push("JWT_SECRET must be at least 32 characters long");

  const botToken = text(env, "TELEGRAM_BOT_TOKEN");
  if (botToken && !/^\d+:[A-Za-z0-9_-]{20,}$/.test(botToken)) {
    problems.push("TELEGRAM_BOT_TOKEN does not look like a bot token from @BotFather (digits:letters)");
  }
  const managerChatIds: bigint[] = [];
  for (const part of (text(env, "MANAGER_CHAT_IDS") ?? "").split(/[,\s]+/).filter(Boolean)) {
    if (/^-?\d{1,20}$/.test(part)) managerChatIds.push(BigInt(part));
    else problems.push(`MANAGER_CHAT_IDS must be comma-separated chat ids, "${part}" is not one`);
  }
  const botModeRaw = text(env, "BOT_MODE") ?? (botToken ? "polling" : "off");
  if (!["polling", "webhook", "off"].includes(botModeRaw)) problems.push(`BOT_MODE must be polling, webhook or off, got "${botModeRaw}"`);
  const botMode = botToken ? (botModeRaw as Config["telegram"]["botMode"]) : "off";
  const webhookSecret = text(env, "TELEGRAM_WEBHOOK_SECRET");
  if (botMode === "webhook" && !webhookSecret) problems.push("BOT_MODE=webhook needs TELEGRAM_WEBHOOK_SECRET (A-Z a-z 0-9 _ -)");
  if (webhookSecret && !/^[A-Za-z0-9_-]{1,256}$/.test(webhookSecret)) problems.push("TELEGRAM_WEBHOOK_SECRET may hold only A-Z a-z 0-9 _ -");
  const miniAppUrl = text(env, "TELEGRAM_MINI_APP_URL");
  // Telegram opens only https links as a Mini App; the shop appends ?startapp=… to share a product
  if (miniAppUrl && !/^https:\/\/[^/?#\s]+\/[^?#\s]*$/.test(miniAppUrl)) {
    problems.push(`TELEGRAM_MINI_APP_URL must be an https link without a query, like https://t.me/<bot>/<app>, got "${miniAppUrl}"`);
  }
  const allowUnverifiedUserId = attempt(() => flag(env, "ALLOW_UNVERIFIED_TELEGRAM_ID", false), false);
  if (allowUnverifiedUserId && botToken) {
    problems.push("ALLOW_UNVERIFIED_TELEGRAM_ID=1 is for development without a bot; unset it when TELEGRAM_BOT_TOKEN is set");
  }

  const providerToken = text(env, "PAYMENT_PROVIDER_TOKEN");
  const receipts = text(env, "PAYMENT_RECEIPTS")?.toLowerCase() ?? null;
  if (receipts && receipts !== "yookassa" && receipts !== "none") problems.push(`PAYMENT_RECEIPTS must be yookassa or none, got "${receipts}"`);
  const vatCode = attempt(() => integer(env, "PAYMENT_VAT_CODE", 1, 1, 6), 1);
  if (providerToken && !/^\d+:[A-Za-z0-9_:-]+$/.test(providerToken)) {
    problems.push("PAYMENT_PROVIDER_TOKEN does not look like a payment token from @BotFather (digits:TEST:… or digits:LIVE:…)");
  }

  const config: Config = {
    port: attempt(() => integer(env, "PORT", 3000, 0, 65535), 3000),
    host: text(env, "HOST") ?? "0.0.0.0",
    dataDir,
    databaseUrl,
    databasePoolSize: attempt(() => integer(env, "DATABASE_POOL_SIZE", 10, 1, 200), 10),
    uploadDir: path.resolve(cwd, text(env, "UPLOAD_DIR") ?? path.join(dataDir, "uploads")),
    webDistDir: path.resolve(cwd, text(env, "WEB_DIST_DIR") ?? new URL("../../apps/web/dist", import.meta.url).pathname),
    publicUrl: publicUrl?.replace(/\/+$/, "") ?? null,
    privacyPolicyFile: path.resolve(cwd, text(env, "PRIVACY_POLICY_FILE") ?? path.join(dataDir, "privacy-policy.txt")),
    adminLogin: text(env, "ADMIN_LOGIN") ?? "admin",
    adminPassword,
    jwtSecret,
    jwtTtlSeconds: attempt(() => integer(env, "JWT_TTL_SECONDS", 12 * 3600, 60, 30 * 24 * 3600), 12 * 3600),
    telegram: {
      botToken,
      botUsername: text(env, "TELEGRAM_BOT_USERNAME")?.replace(/^@/, "") ?? null,
      apiRoot: (text(env, "TELEGRAM_API_ROOT") ?? "https://api.telegram.org").replace(/\/+$/, ""),
      botMode,
      webhookSecret,
      managerChatIds,
      initDataMaxAgeSeconds: attempt(() => integer(env, "TELEGRAM_INIT_DATA_MAX_AGE", 24 * 3600, 60, 30 * 24 * 3600), 86400),
      allowUnverifiedUserId,
      miniAppUrl,
    },
    trustProxy: attempt(() => proxyHops(env), 0),
    rateLimits: {
      orders: attempt(() => integer(env, "RATE_LIMIT_ORDERS", 20, 0, 1_000_000), 20),
      recommendations: attempt(() => integer(env, "RATE_LIMIT_RECOMMENDATIONS", 120, 0, 1_000_000), 120),
      telegramUser: attempt(() => integer(env, "RATE_LIMIT_TELEGRAM_USER", 30, 0, 1_000_000), 30),
    },
    redisUrl,
    logLevel: text(env, "LOG_LEVEL") ?? "info",
    seedDemo: attempt(() => flag(env, "SEED_DEMO", true), true),
    lowStockThreshold: attempt(() => integer(env, "LOW_STOCK_THRESHOLD", 1, 0, 100), 1),
    // payments need the bot: the invoice and the payment itself travel through it
    payments: providerToken && botToken ? { providerToken, receipts: receipts === "yookassa" ? "yookassa" : null, vatCode } : null,
    delivery: carrierSettingsFromEnv(env),
    jobs: {
      cartReminderMs: attempt(() => hours(env, "CART_REMINDER_HOURS", 24, 24 * 30), 24 * 3_600_000),
      // above 30 only for a Bot API stand-in (tests): Telegram itself answers 429
      broadcastsPerSecond: attempt(() => integer(env, "BROADCAST_RATE", 25, 1, 1000), 25),
    },
  };
  if (problems.length > 0) {
    throw new ConfigError(`Configuration problem${problems.length > 1 ? "s" : ""}:\n- ${problems.join("\n- ")}`);
  }
  return config;
}
