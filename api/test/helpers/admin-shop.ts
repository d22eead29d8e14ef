import { afterAll, beforeAll } from "vitest";
import { createFixture, type Fixture } from "./fixtures";
import { createTestApp, type TestApp } from "./test-app";

export interface AdminShop {
  t: TestApp;
  f: Fixture;
  /** the admin's Authorization header */
  auth: { authorization: string };
}

/** A test app with the fixture catalogue and a signed-in admin: how the admin's API tests begin. */
export async function openAdminShop(): Promise<AdminShop> {
  const t = await createTestApp();
  const f = await createFixture(t.prisma);
  return { t, f, auth: { authorization: `Bearer ${await t.adminToken()}` } };
}

/**
 * Opens the admin shop before a test file's tests and closes it after them. Its parts are there once the file's
 * tests run (`shop.t`, `shop.f`, `shop.auth`).
 */
export function adminShopForTests(): AdminShop {
  const shop = {} as AdminShop;
  beforeAll(async () => {
    Object.assign(shop, await openAdminShop());
  });
  afterAll(async () => shop.t?.close());
  return shop;
}
