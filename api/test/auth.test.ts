import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/lib/password";
import { IP_MAX_FAILURES, LOGIN_MAX_FAILURES, PAIR_MAX_FAILURES, ipKey, lockedForSeconds, loginKey, pairKey, recordFailure } from "../src/services/login-throttle";
import { createTestApp, TEST_ADMIN, type TestApp } from "./helpers/test-app";

let t: TestApp;
let ipCounter = 0;
/** every test signs in from its own address, so the per-address limits of one test do not leak into another */
const freshIp = () => `10.1.0.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.prisma.adminUser.create({ data: { login: "manager", passwordHash: await hashPassword("manager-password-1") } });
});
afterAll(async () => t?.close());

const login = (payload: unknown, remoteAddress = freshIp()) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: payload as object, remoteAddress });

describe("POST /api/login", () => {
  it("returns a token that opens the admin API, with its expiry", async () => {
    const before = Date.now();
    const response = await login(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.login).toBe("admin");
    expect(body.token.split(".")).toHaveLength(3);
    const expiresAt = Date.parse(body.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + t.config.jwtTtlSeconds * 1000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + t.config.jwtTtlSeconds * 1000);

    const me = await t.app.inject({ method: "GET", url: "/api/admin/me", headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ login: "admin" });
  });

  it("answers a wrong password and an unknown login with the same 401", async () => {
    const wrong = await login({ login: "admin", password: "not-the-password" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Неверный логин или пароль" });
    const unknown = await login({ login: "nobody", password: "whatever-password" });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: "Неверный логин или пароль" });
  });

  it("asks for blank fields in Russian", async () => {
    const noLogin = await login({ login: "  ", password: "x" });
    expect(noLogin.statusCode).toBe(400);
    expect(noLogin.json()).toEqual({ message: "Введите логин", errors: { login: "Введите логин" } });
    const noPassword = await login({ login: "admin", password: "" });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe("Введите пароль");
    const neither = await login({ login: "", password: " " });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe("Введите логин и пароль");
    const missing = await login({ login: "admin" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Пароль: обязательное поле");
  });

  it("locks a login from one address after 5 wrong passwords there, even for the right password, and not from another address", async () => {
    const attacker = freshIp();
    for (let i = 0; i < 5; i++) {
      const response = await login({ login: "manager", password: `wrong-${i}` }, attacker);
      expect(response.statusCode).toBe(401);
    }
    const locked = await login({ login: "Manager", password: "manager-password-1" }, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Слишком много неудачных попыток входа\. Повторите через 1[45] мин\.$/);

    // the right password from another address signs in while the attacker stays locked
    expect((await login({ login: "manager", password: "manager-password-1" }, freshIp())).statusCode).toBe(200);
    expect((await login({ login: "manager", password: "manager-password-1" }, attacker)).statusCode).toBe(429);
    // other logins from the attacker's address still work
    expect((await login(TEST_ADMIN, attacker)).statusCode).toBe(200);

    // when the window is over the pair opens again
    await t.prisma.loginThrottle.update({
      where: { key: pairKey("manager", attacker) },
      data: { windowStart: new Date(Date.now() - 16 * 60 * 1000) },
    });
    expect((await login({ login: "manager", password: "manager-password-1" }, attacker)).statusCode).toBe(200);
  });

  it("locks a login everywhere only after LOGIN_MAX_FAILURES wrong passwords from many addresses", async () => {
    expect(LOGIN_MAX_FAILURES).toBeGreaterThan(PAIR_MAX_FAILURES * 10);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await recordFailure(t.prisma, loginKey("manager"));
    expect((await login({ login: "manager", password: "manager-password-1" })).statusCode).toBe(200);
    // the success started the login's count afresh; now fill it up
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await recordFailure(t.prisma, loginKey("manager"));
    const locked = await login({ login: "manager", password: "manager-password-1" });
    expect(locked.statusCode).toBe(429);
    expect((await login(TEST_ADMIN)).statusCode).toBe(200);
    await t.prisma.loginThrottle.delete({ where: { key: loginKey("manager") } });
  });

  it("forgets a login's failures after a successful sign-in", async () => {
    for (let i = 0; i < 4; i++) expect((await login({ login: "manager", password: "bad" })).statusCode).toBe(401);
    expect((await login({ login: "manager", password: "manager-password-1" })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ login: "manager", password: "bad" })).statusCode).toBe(401);
    expect((await login({ login: "manager", password: "manager-password-1" })).statusCode).toBe(200);
  });

  it("limits requests per address on each instance (20 a minute)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const response = await login({ login: `user${i}`, password: "x" }, ip);
      expect(response.statusCode).toBe(401);
    }
    const limited = await login(TEST_ADMIN, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.json().message).toMatch(/^Слишком много попыток входа\. Повторите через \d+ с\.$/);
    expect((await login(TEST_ADMIN)).statusCode).toBe(200);
  });

  it("counts failures per address in the database, shared by every instance", async () => {
    const ip = freshIp();
    expect(await lockedForSeconds(t.prisma, [loginKey("admin"), ipKey(ip)])).toBeNull();
    for (let i = 0; i < IP_MAX_FAILURES; i++) await recordFailure(t.prisma, ipKey(ip));
    const seconds = await lockedForSeconds(t.prisma, [loginKey("admin"), ipKey(ip)]);
    expect(seconds).toBeGreaterThan(14 * 60);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    const response = await login(TEST_ADMIN, ip);
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/^Слишком много неудачных попыток входа/);
  });

  it("never stores or returns the password", async () => {
    const row = await t.prisma.adminUser.findUniqueOrThrow({ where: { login: "admin" } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(TEST_ADMIN.password);
    const response = await login(TEST_ADMIN);
    expect(response.body).not.toContain(TEST_ADMIN.password);
  });
});

describe("GET /api/admin/me", () => {
  it("needs a token", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/admin/me" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Требуется авторизация" });
  });
});
