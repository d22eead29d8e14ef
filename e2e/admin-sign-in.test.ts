import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, screenshot, type OpenedPage, type ViewportName } from "./helpers/browser";
import { E2E_ADMIN, chromiumPath, startServer, type ShopServer } from "./helpers/server";

/**
 * The admin's sign-in in Chromium while someone guesses the admin's password from many addresses
 * (docs/api-admin.md#throttling-429): the browser that signed in before keeps its device cookie and signs in at
 * once; a browser that never did meets the login's wait and says so in Russian.
 */
describe.skipIf(!chromiumPath())("admin sign-in under a guessing attack", () => {
  let server: ShopServer;
  let browser: Browser;
  let owners: OpenedPage;

  beforeAll(async () => {
    // TRUST_PROXY: the attacker's guesses name their own addresses, as a proxy in front of the shop would
    server = await startServer({ seed: false, env: { TRUST_PROXY: "1" } });
    browser = await launchBrowser();
    owners = await openPage(browser, "desktop", { baseURL: server.url });
  });

  afterAll(async () => {
    await owners?.close();
    await browser?.close();
    await server?.stop();
  });

  const signInThroughTheForm = async (opened: OpenedPage) => {
    const page = opened.page;
    await page.goto("/admin/login");
    await expect.poll(() => page.getByRole("button", { name: "Войти" }).isVisible()).toBe(true);
    await page.getByLabel("Логин").fill(E2E_ADMIN.login);
    await page.getByLabel("Пароль").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Войти" }).click();
  };

  it("keeps the owner's browser signing in at once while a stranger's meets the wait", async () => {
    await signInThroughTheForm(owners);
    await owners.page.waitForURL("**/admin/dashboard");
    const [cookie] = (await owners.context.cookies()).filter((c) => c.name === "shop_admin_device");
    expect(cookie).toMatchObject({ path: "/api/login", httpOnly: true, sameSite: "Strict" });
    // scripts of the page cannot read it
    expect(await owners.page.evaluate<string>("document.cookie")).not.toContain("shop_admin_device");

    // an attacker guesses the admin's password from a new address each time, without pause, until the test ends
    const guesses: number[] = [];
    let attacking = true;
    let address = 0;
    const guess = async () => {
      address++;
      const response = await server.fetch("/api/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.${address >> 8}.${address & 255}` },
        body: JSON.stringify({ login: E2E_ADMIN.login, password: `guess-${address}` }),
      });
      guesses.push(response.status);
    };
    for (let i = 0; i < 30; i++) await guess();
    const attacker = (async () => {
      while (attacking) await guess();
    })();

    // the owner signs out and in again in the same browser: at once
    await owners.page.getByRole("button", { name: "Выйти" }).click();
    await owners.page.waitForURL("**/admin/login");
    await signInThroughTheForm(owners);
    await owners.page.waitForURL("**/admin/dashboard");
    await expect.poll(() => owners.page.getByTestId("admin-login").textContent()).toBe(E2E_ADMIN.login);

    // a browser that never signed in, with the right password: the login's wait, in Russian, at both sizes
    for (const viewport of ["mobile", "desktop"] as ViewportName[]) {
      const stranger = await openPage(browser, viewport, { baseURL: server.url });
      try {
        await signInThroughTheForm(stranger);
        await expect
          .poll(() => stranger.page.getByRole("alert").textContent())
          .toMatch(/^Слишком много неудачных попыток входа\. Повторите через \d+ (с|мин)\.$/);
        expect(stranger.page.url()).toContain("/admin/login");
        await screenshot(stranger.page, "admin-login-wait", viewport);
      } finally {
        await stranger.close();
      }
    }
    attacking = false;
    await attacker;
    // of all the guesses, the password was checked for the login's 10 free ones and one per wait after them
    const checked = guesses.filter((status) => status === 401).length;
    expect(guesses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(10);
    expect(checked).toBeLessThan(20);
    expect(guesses.length).toBeGreaterThan(checked * 5);
  });
});
