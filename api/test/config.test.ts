import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { ConfigError, loadConfig } from "@shop/core/config";
import { verifyPassword } from "../src/lib/password";
import { ensureAdmin, resolveJwtSecret } from "../src/services/secrets";
import { REPO_ROOT } from "./helpers/api-process";
import { openTestDatabase } from "@shop/prisma/test-database";

describe("configuration from the environment", () => {
  it("runs with nothing set: port 3000, data under ./data of where npm was started, no bot", () => {
    const config = loadConfig({ INIT_CWD: "/srv/shop" });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("/srv/shop/data");
    expect(config.uploadDir).toBe("/srv/shop/data/uploads");
    expect(config.databaseUrl).toBeNull();
    expect(config.telegram.botToken).toBeNull();
    expect(config.telegram.botMode).toBe("off");
    expect(config.adminLogin).toBe("admin");
    expect(config.lowStockThreshold).toBe(1);
  });

  it("reads LOW_STOCK_THRESHOLD as a whole number from 0 to 100", () => {
    expect(loadConfig({ LOW_STOCK_THRESHOLD: "3" }).lowStockThreshold).toBe(3);
    expect(loadConfig({ LOW_STOCK_THRESHOLD: "0" }).lowStockThreshold).toBe(0);
    expect(() => loadConfig({ LOW_STOCK_THRESHOLD: "-1" })).toThrow(/LOW_STOCK_THRESHOLD must be a whole number from 0 to 100/);
    expect(() => loadConfig({ LOW_STOCK_THRESHOLD: "few" })).toThrow(/LOW_STOCK_THRESHOLD/);
  });

  it("names every wrong variable at once", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://root@localhost/shop",
        ADMIN_PASSWORD: "short",
        TELEGRAM_BOT_TOKEN: "not-a-token",
        MANAGER_CHAT_IDS: "123, @manager",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ["PORT", "DATABASE_URL", "ADMIN_PASSWORD", "TELEGRAM_BOT_TOKEN", "MANAGER_CHAT_IDS"]) {
      expect(message).toContain(name);
    }
  });

  it("takes a Mini App link only as https without a query (the shop appends ?startapp=…)", () => {
    const token = "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_MINI_APP_URL: "https://t.me/handmade_shop_bot/shop" }).telegram.miniAppUrl).toBe(
      "https://t.me/handmade_shop_bot/shop",
    );
    for (const wrong of ["t.me/handmade_shop_bot/shop", "http://t.me/handmade_shop_bot/shop", "https://t.me/bot/shop?startapp=x"]) {
      expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: token, TELEGRAM_MINI_APP_URL: wrong }), wrong).toThrow(/TELEGRAM_MINI_APP_URL must be an https link/);
    }
  });

  it("takes REDIS_URL as a redis:// or rediss:// address, without it the request limits stay in memory", () => {
    expect(loadConfig({}).redisUrl).toBeNull();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" }).redisUrl).toBe("redis://127.0.0.1:6379");
    expect(loadConfig({ REDIS_URL: "rediss://:secret@cache.internal:6380/2" }).redisUrl).toBe("rediss://:secret@cache.internal:6380/2");
    for (const wrong of ["127.0.0.1:6379", "http://127.0.0.1:6379", "redis://host/shop"]) {
      expect(() => loadConfig({ REDIS_URL: wrong }), wrong).toThrow(/REDIS_URL must look like redis:\/\/host:6379/);
    }
    // the password is not printed
    expect(() => loadConfig({ REDIS_URL: "redis://:hunter2@host/x" })).toThrow(/redis:\/\/\*\*\*@host\/x/);
  });

  it("refuses the development identity header next to a real bot", () => {
    expect(() =>
      loadConfig({ TELEGRAM_BOT_TOKEN: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ", ALLOW_UNVERIFIED_TELEGRAM_ID: "1" }),
    ).toThrow(/ALLOW_UNVERIFIED_TELEGRAM_ID/);
  });

  it("stops the server at start with the message and exit code 1", () => {
    const result = spawnSync(path.join(REPO_ROOT, "node_modules/.bin/tsx"), ["server/src/main.ts"], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, PORT: "99999", JWT_SECRET: "too-short" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("PORT must be a whole number from 0 to 65535");
    expect(result.stderr).toContain("JWT_SECRET must be at least 32 characters long");
    expect(result.stderr).toContain(".env.example");
  });
});

describe("admin account and token secret", () => {
  let db: Database;
  let dataDir: string;
  beforeAll(async () => {
    db = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "shop-config-"));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("generates a password once, keeps it in the data directory (owner-only) and stores only its hash", async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await ensureAdmin(db, config);
    expect(first.password).toMatch(/^[A-Za-z0-9]{16}$/);
    const file = path.join(dataDir, "admin-password.txt");
    expect(readFileSync(file, "utf8").trim()).toBe(first.password);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = await db.prisma.adminUser.findUniqueOrThrow({ where: { login: "admin" } });
    expect(stored.passwordHash).not.toContain(first.password!);
    expect(await verifyPassword(first.password!, stored.passwordHash)).toBe(true);

    const again = await ensureAdmin(db, config);
    expect(again.password).toBe(first.password);
  });

  it("applies ADMIN_PASSWORD over a generated one", async () => {
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: "a-new-password-1" });
    await ensureAdmin(db, config);
    const stored = await db.prisma.adminUser.findUniqueOrThrow({ where: { login: "admin" } });
    expect(await verifyPassword("a-new-password-1", stored.passwordHash)).toBe(true);
  });

  it("generates one JWT secret for every instance, unless JWT_SECRET is set", async () => {
    const a = await resolveJwtSecret(db, null);
    const b = await resolveJwtSecret(db, null);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(await resolveJwtSecret(db, "x".repeat(40))).toBe("x".repeat(40));
    expect(existsSync(path.join(dataDir, "jwt-secret"))).toBe(false);
  });
});
