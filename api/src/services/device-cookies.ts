import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to a
 * login gets a cookie naming that login, signed by the shop, and its later sign-ins to that login are counted on
 * their own (services/login-throttle.ts). Whoever fails on purpose elsewhere, from however many addresses, does not
 * slow that browser down; an attacker cannot make such a cookie without the shop's secret.
 *
 * The cookie is `<nonce>.<issued, seconds>.<signature>`; the signature (HMAC-SHA-256 with a key derived from the
 * JWT secret) covers the login, the nonce and the time, so the cookie is worth nothing for another login, and
 * nothing once the JWT secret changes (a restore from a backup makes a new one). It is sent only to the sign-in call
 * (Path=/api/login), never read by scripts (HttpOnly), never sent by another site (SameSite=Strict), and over TLS
 * only when the sign-in came over TLS (Secure).
 */
export const DEVICE_COOKIE = "shop_admin_device";
/** how long a device cookie counts, in days; each sign-in gives a new one */
export const DEVICE_COOKIE_DAYS = 365;

const COOKIE_VALUE = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookies {
  /** the Set-Cookie value of a new device cookie for this login */
  issue(login: string, secure: boolean): string;
  /** the device's id when the request's Cookie header holds a valid device cookie for this login, else null */
  deviceOf(cookieHeader: string | undefined, login: string): string | null;
}

export function createDeviceCookies(jwtSecret: string, now: () => number = Date.now): DeviceCookies {
  const key = createHash("sha256").update(`device-cookies:${jwtSecret}`).digest();
  const normal = (login: string) => login.trim().toLowerCase();
  const sign = (login: string, nonce: string, issued: string) =>
    createHmac("sha256", key).update(`${normal(login)}\n${nonce}\n${issued}`).digest("base64url");

  return {
    issue(login, secure) {
      const nonce = randomBytes(16).toString("base64url");
      const issued = String(Math.floor(now() / 1000));
      const value = `${nonce}.${issued}.${sign(login, nonce, issued)}`;
      const maxAge = DEVICE_COOKIE_DAYS * 24 * 3600;
      return `${DEVICE_COOKIE}=${value}; Max-Age=${maxAge}; Path=/api/login; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
    },
    deviceOf(cookieHeader, login) {
      if (!cookieHeader) return null;
      for (const part of cookieHeader.split(";")) {
        const [name, ...rest] = part.trim().split("=");
        if (name !== DEVICE_COOKIE) continue;
        const match = COOKIE_VALUE.exec(rest.join("="));
        if (!match) continue;
        const [, nonce, issued, signature] = match as unknown as [string, string, string, string];
        const age = now() / 1000 - Number(issued);
        if (age < -300 || age > DEVICE_COOKIE_DAYS * 24 * 3600) continue;
        const expected = Buffer.from(sign(login, nonce, issued));
        if (expected.length === signature.length && timingSafeEqual(expected, Buffer.from(signature))) return nonce;
      }
      return null;
    },
  };
}
