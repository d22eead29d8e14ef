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
