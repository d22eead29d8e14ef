import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/lib/password";
import { createDeviceCookies, DEVICE_COOKIE } from "../src/services/device-cookies";
import { ADDRESS_RULE, DEVICE_RULE, LOGIN_RULE, ipKey, loginKey, waitSeconds } from "../src/services/login-throttle";
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

const login = (payload: unknown, remoteAddress = freshIp(), cookie?: string) =>
  t.app.inject({ method: "POST", url: "/api/login", payload: payload as object, remoteAddress, headers: cookie ? { cookie } : {} });

/** the device cookie a sign-in answer sets, as a browser would send it back */
const deviceCookieOf = (response: { headers: Record<string, unknown> }) => String(response.headers["set-cookie"]).split(";")[0]!;

/** a key's last failure moved into the past, as if that much time had gone by */
const age = (key: string, seconds: number) =>
  t.db.read(`UPDATE login_throttle SET last_failure_at = last_failure_at - $2 * interval '1 second' WHERE key = $1`, [key, seconds]);

const WAIT_MESSAGE = /^Слишком много неудачных попыток входа\. Повторите через \d+ (с|мин)\.$/;

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
    expect(me.json()).toMatchObject({ login: "admin", role: "owner" });
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

  it("cannot be turned into a lockout: after 100 wrong passwords from 20 addresses, a browser that signed in before signs in at once", async () => {
    // the owner's browser signed in once and keeps its device cookie
    const first = await login({ login: "manager", password: "manager-password-1" }, "10.2.0.1");
    expect(first.statusCode).toBe(200);
    const ownersBrowser = deviceCookieOf(first);
    expect(ownersBrowser).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));

    // an attacker: 5 wrong passwords from each of 20 addresses, as fast as the server answers
    const answers: number[] = [];
    for (let address = 1; address <= 20; address++) {
      for (let i = 0; i < 5; i++) answers.push((await login({ login: "manager", password: `guess-${address}-${i}` }, `10.3.0.${address}`)).statusCode);
    }
    // of 100 guesses, the password was checked for the login's 10 free ones and the few its growing waits allowed
    const checked = answers.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(LOGIN_RULE.free);
    expect(checked).toBeLessThanOrEqual(LOGIN_RULE.free + 3);
    expect(answers.filter((status) => status !== 401 && status !== 429)).toEqual([]);

    // the owner's browser, from its own address or from one of the attacker's: signed in, no wait
    expect((await login({ login: "manager", password: "manager-password-1" }, "10.2.0.1", ownersBrowser)).statusCode).toBe(200);
    expect((await login({ login: "manager", password: "manager-password-1" }, "10.3.0.7", ownersBrowser)).statusCode).toBe(200);
    // a browser that never signed in waits like the attacker, even with the right password (docs/api-admin.md),
    // while the attacker goes on (their latest guess just now)
    await t.db.read(`UPDATE login_throttle SET last_failure_at = now() WHERE key = $1`, [loginKey("manager")]);
    const unknown = await login({ login: "manager", password: "manager-password-1" }, "10.2.0.2");
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json().message).toMatch(WAIT_MESSAGE);
    // other logins are not slowed down by it
    expect((await login(TEST_ADMIN, "10.2.0.3")).statusCode).toBe(200);
    await t.db.read(`DELETE FROM login_throttle`, []);
  });

  it("takes a device cookie only for its own login, signed with this shop's secret", async () => {
    const managers = await login({ login: "manager", password: "manager-password-1" });
    expect(String(managers.headers["set-cookie"])).toMatch(/; Max-Age=31536000; Path=\/api\/login; HttpOnly; SameSite=Strict$/);
    const managersCookie = deviceCookieOf(managers);
    const adminsCookie = deviceCookieOf(await login(TEST_ADMIN));
    // the admin's login made to wait for clients it does not know
    for (let i = 0; i <= LOGIN_RULE.free; i++) await login({ login: "admin", password: `guess-${i}` }, `10.4.0.${i}`);
    expect((await login(TEST_ADMIN)).statusCode).toBe(429);
    // the admin's own browser passes; the manager's cookie is nothing for the admin's login
    expect((await login(TEST_ADMIN, freshIp(), adminsCookie)).statusCode).toBe(200);
    expect((await login(TEST_ADMIN, freshIp(), managersCookie)).statusCode).toBe(429);
    // made with another shop's secret, or altered: an unknown client
    const forged = createDeviceCookies("another-shop-secret-of-at-least-32-chars").issue("admin", false).split(";")[0]!;
    expect((await login(TEST_ADMIN, freshIp(), forged)).statusCode).toBe(429);
    const value = adminsCookie.slice(DEVICE_COOKIE.length + 1);
    const altered = `${DEVICE_COOKIE}=${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`;
    expect((await login(TEST_ADMIN, freshIp(), altered)).statusCode).toBe(429);
    await t.db.read(`DELETE FROM login_throttle`, []);
  });

  it("makes an unknown address wait after its free failures, longer after each: 1 s, 2 s, 4 s", async () => {
    const ip = freshIp();
    // a different login each time: the address's own count, not a login's
    for (let i = 0; i < ADDRESS_RULE.free; i++) expect((await login({ login: `someone-${i}`, password: "x" }, ip)).statusCode).toBe(401);
    for (const wait of [1, 2, 4]) {
      const early = await login({ login: `someone-${wait}-early`, password: "x" }, ip);
      expect(early.statusCode).toBe(429);
      expect(early.json().message).toBe(`Слишком много неудачных попыток входа. Повторите через ${wait} с.`);
      await age(ipKey(ip), wait);
      expect((await login({ login: `someone-${wait}-late`, password: "x" }, ip)).statusCode).toBe(401);
    }
    expect(waitSeconds(ADDRESS_RULE, 30)).toBe(15 * 60);
    // forgotten a day after the last failure
    await age(ipKey(ip), 24 * 3600);
    for (let i = 0; i < ADDRESS_RULE.free; i++) expect((await login({ login: `again-${i}`, password: "x" }, ip)).statusCode).toBe(401);
  });

  it("slows down guessing one login from many addresses: 10 free, then waits up to 5 minutes", async () => {
    for (let i = 0; i < LOGIN_RULE.free; i++) expect((await login({ login: "admin", password: `guess-${i}` })).statusCode).toBe(401);
    const early = await login({ login: "admin", password: "guess-early" });
    expect(early.statusCode).toBe(429);
    await age(loginKey("admin"), 1);
    expect((await login({ login: "admin", password: "guess-late" })).statusCode).toBe(401);
    expect(waitSeconds(LOGIN_RULE, 40)).toBe(300);
    const long = await (async () => {
      await t.db.read(`UPDATE login_throttle SET failures = 40 WHERE key = $1`, [loginKey("admin")]);
      return login(TEST_ADMIN);
    })();
    expect(long.json().message).toBe("Слишком много неудачных попыток входа. Повторите через 5 мин.");
    await t.db.read(`DELETE FROM login_throttle`, []);
  });

  it("counts a burst of wrong passwords sent at once attempt by attempt", async () => {
    const ip = freshIp();
    const burst = await Promise.all(Array.from({ length: 15 }, (_, i) => login({ login: "manager", password: `burst-${i}` }, ip)));
    const codes = burst.map((response) => response.statusCode).sort();
    expect(codes).toEqual([...Array(ADDRESS_RULE.free).fill(401), ...Array(15 - ADDRESS_RULE.free).fill(429)]);
    await t.db.read(`DELETE FROM login_throttle`, []);
  });

  it("throttles a browser's own wrong passwords too, without touching its address or the login", async () => {
    const ip = freshIp();
    const cookie = deviceCookieOf(await login({ login: "manager", password: "manager-password-1" }, ip));
    for (let i = 0; i < DEVICE_RULE.free; i++) expect((await login({ login: "manager", password: `typo-${i}` }, ip, cookie)).statusCode).toBe(401);
    expect((await login({ login: "manager", password: "manager-password-1" }, ip, cookie)).statusCode).toBe(429);
    // the same address without the cookie, and the login from elsewhere, are not slowed down by the browser's typos
    expect((await login({ login: "manager", password: "manager-password-1" }, ip)).statusCode).toBe(200);
    expect((await login({ login: "manager", password: "manager-password-1" })).statusCode).toBe(200);
    await t.db.read(`DELETE FROM login_throttle`, []);
  });

  it("forgets a login's failures after the right password", async () => {
    for (let i = 0; i < 4; i++) expect((await login({ login: "manager", password: "bad" })).statusCode).toBe(401);
    expect((await login({ login: "manager", password: "manager-password-1" })).statusCode).toBe(200);
    expect(await t.prisma.loginThrottle.findUnique({ where: { key: loginKey("manager") } })).toBeNull();
  });

  it("marks the device cookie Secure when the sign-in came over TLS through a trusted proxy", async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const tls = await behindProxy.app.inject({ method: "POST", url: "/api/login", payload: TEST_ADMIN, headers: { "x-forwarded-proto": "https" } });
      expect(String(tls.headers["set-cookie"])).toMatch(/; Secure$/);
    } finally {
      await behindProxy.close();
    }
  });

  it("limits requests per address (20 a minute)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const response = await login(TEST_ADMIN, ip);
      expect(response.statusCode).toBe(200);
    }
    const limited = await login(TEST_ADMIN, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.json().message).toMatch(/^Слишком много попыток входа\. Повторите через \d+ с\.$/);
    expect((await login(TEST_ADMIN)).statusCode).toBe(200);
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
