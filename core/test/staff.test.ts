import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { changedFields, listAudit, recordAudit, type AuditActor } from "@shop/core/audit";
import { createStaff, findStaffSession, listStaff, NOT_YOURSELF, updateStaff } from "@shop/core/staff";
import { refusal, shopError } from "./helpers/shop";

/**
 * Staff accounts and the audit log in the core (docs/product.md#staff-and-roles): every account change is logged
 * with its change, an owner keeps their own role, and what ends an account's sessions raises its version.
 */

let db: Database;
let owner: AuditActor;
const hash = async (password: string) => `plain:${password}`;

beforeAll(async () => {
  db = await openTestDatabase();
  const account = await db.prisma.adminUser.create({ data: { login: "owner", passwordHash: "x", name: "Хозяйка" } });
  owner = { staffId: account.id, staffName: "Хозяйка", via: "panel" };
});
afterAll(async () => db?.close());

describe("staff accounts", () => {
  it("an account made without a role is the owner (the start-up account)", async () => {
    expect(await listStaff(db.prisma)).toEqual([expect.objectContaining({ login: "owner", role: "owner", active: true })]);
  });

  it("creating one hashes its password with the caller's hasher and logs it", async () => {
    const account = await createStaff(db.prisma, owner, { login: "pavel", name: "Павел", password: "12345678", role: "picker" }, hash);
    expect((await db.prisma.adminUser.findUniqueOrThrow({ where: { id: account.id } })).passwordHash).toBe("plain:12345678");
    const { entries } = await listAudit(db, { kind: "staff" });
    expect(entries[0]).toMatchObject({ action: "create", entityId: account.id, staffName: "Хозяйка", after: { role: "Сборщик" } });
  });

  it("switching off, a new password or a new role raise the session version; a new name does not", async () => {
    const { id } = (await db.prisma.adminUser.findUniqueOrThrow({ where: { login: "pavel" } }));
    const version = async () => (await findStaffSession(db.prisma, id))!.sessionVersion;
    await updateStaff(db.prisma, owner, id, { name: "Павел К." }, hash);
    expect(await version()).toBe(0);
    await updateStaff(db.prisma, owner, id, { active: false }, hash);
    expect(await version()).toBe(1);
    await updateStaff(db.prisma, owner, id, { active: false }, hash);
    expect(await version()).toBe(1);
    await updateStaff(db.prisma, owner, id, { password: "87654321" }, hash);
    await updateStaff(db.prisma, owner, id, { role: "manager" }, hash);
    expect(await version()).toBe(3);
    const { entries } = await listAudit(db, { kind: "staff", entityId: id });
    // switching off an account that is already off changes nothing and logs nothing
    expect(entries.map((entry) => entry.action)).toEqual(["update", "password", "update", "update", "create"]);
    expect(entries[2]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(entries[3]).toMatchObject({ before: { name: "Павел" }, after: { name: "Павел К." } });
  });

  it("an owner cannot switch themselves off or give up their role, and nothing is logged", async () => {
    const before = (await listAudit(db, {})).total;
    expect(await refusal(updateStaff(db.prisma, owner, owner.staffId!, { active: false }, hash))).toMatchObject(shopError("forbidden", NOT_YOURSELF));
    expect(await refusal(updateStaff(db.prisma, owner, owner.staffId!, { role: "picker" }, hash))).toMatchObject(shopError("forbidden", NOT_YOURSELF));
    expect((await listAudit(db, {})).total).toBe(before);
  });
});

describe("the audit log", () => {
  it("writes nothing without a staff member (a shopper's order, the shop's own jobs)", async () => {
    const before = (await listAudit(db, {})).total;
    await db.transaction((sql) => recordAudit(sql, undefined, { kind: "stock", action: "adjust" }));
    expect((await listAudit(db, {})).total).toBe(before);
  });

  it("an entry written in a transaction that fails is gone with it", async () => {
    const before = (await listAudit(db, {})).total;
    await expect(
      db.transaction(async (sql) => {
        await recordAudit(sql, owner, { kind: "settings", action: "update", after: { x: 1 } });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await listAudit(db, {})).total).toBe(before);
  });

  it("an update keeps only the fields that changed", () => {
    expect(changedFields({ price: 100, name: "Ваза", tags: ["a"] }, { price: 120, name: "Ваза", tags: ["a"] })).toEqual({
      before: { price: 100 },
      after: { price: 120 },
    });
    expect(changedFields({ tags: ["a"] }, { tags: ["a"] })).toBeNull();
  });
});
