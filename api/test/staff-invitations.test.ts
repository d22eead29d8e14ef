import { describe, expect, it } from "vitest";
import { INVITATION_GONE } from "@shop/core/staff";
import { adminShopForTests } from "./helpers/admin-shop";

/** One-time invitation links for new staff (docs/product.md#staff-and-roles). */
const shop = adminShopForTests();

const invite = (payload: object, headers: Record<string, string> = shop.auth) =>
  shop.t.app.inject({ method: "POST", url: "/api/admin/staff/invitations", headers, payload });
const tokenOf = (path: string) => path.replace("/admin/invite/", "");

describe("an invitation link", () => {
  it("the owner makes one with a role; it opens once and makes an account with that role, signed in", async () => {
    const made = await invite({ role: "picker", name: "Вера" });
    expect(made.statusCode, made.body).toBe(201);
    const { path, role, expires_at } = made.json();
    expect(path).toMatch(/^\/admin\/invite\/[A-Za-z0-9_-]{32}$/);
    expect(role).toBe("picker");
    expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
    // only the hash is kept
    expect(await shop.t.prisma.staffInvitation.count({ where: { tokenHash: tokenOf(path) } })).toBe(0);

    const opened = await shop.t.app.inject({ method: "GET", url: `/api/staff-invitations/${tokenOf(path)}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ role: "picker", role_label: "Сборщик", name: "Вера" });

    const bad = await shop.t.app.inject({ method: "POST", url: `/api/staff-invitations/${tokenOf(path)}`, payload: { login: "я", name: "", password: "123" } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["login", "name", "password"]);

    const accepted = await shop.t.app.inject({
      method: "POST",
      url: `/api/staff-invitations/${tokenOf(path)}`,
      payload: { login: "vera", name: "Вера Н.", password: "password-123" },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const me = await shop.t.app.inject({ method: "GET", url: "/api/admin/me", headers: { authorization: `Bearer ${accepted.json().token}` } });
    expect(me.json()).toMatchObject({ login: "vera", name: "Вера Н.", role: "picker" });

    // used up: neither opened nor accepted again
    const again = await shop.t.app.inject({ method: "POST", url: `/api/staff-invitations/${tokenOf(path)}`, payload: { login: "vera2", name: "Вера", password: "password-123" } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(INVITATION_GONE);
    expect((await shop.t.app.inject({ method: "GET", url: `/api/staff-invitations/${tokenOf(path)}` })).statusCode).toBe(404);
    expect(await shop.t.prisma.adminUser.count({ where: { login: { startsWith: "vera" } } })).toBe(1);

    const log = await shop.t.prisma.auditEntry.findMany({ where: { kind: "staff", action: { in: ["invite", "accept"] } }, orderBy: { id: "asc" } });
    expect(log.map((entry) => [entry.action, entry.staffName])).toEqual([
      ["invite", "admin"],
      ["accept", "Вера Н."],
    ]);
  });

  it("an expired link is refused; a taken login leaves the link usable", async () => {
    const expired = tokenOf((await invite({ role: "manager" })).json().path);
    await shop.t.prisma.staffInvitation.updateMany({ where: { usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await shop.t.app.inject({ method: "POST", url: `/api/staff-invitations/${expired}`, payload: { login: "late", name: "Поздний", password: "password-123" } });
    expect(late.statusCode).toBe(404);

    const fresh = tokenOf((await invite({ role: "manager" })).json().path);
    const taken = await shop.t.app.inject({ method: "POST", url: `/api/staff-invitations/${fresh}`, payload: { login: "ADMIN", name: "Двойник", password: "password-123" } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Такой логин уже есть");
    const ok = await shop.t.app.inject({ method: "POST", url: `/api/staff-invitations/${fresh}`, payload: { login: "mila", name: "Мила", password: "password-123" } });
    expect(ok.statusCode).toBe(201);
  });

  it("two people opening one link at once make one account", async () => {
    const token = tokenOf((await invite({ role: "manager" })).json().path);
    const answers = await Promise.all(
      ["twin-a", "twin-b", "twin-c"].map((login) =>
        shop.t.app.inject({ method: "POST", url: `/api/staff-invitations/${token}`, payload: { login, name: "Близнец", password: "password-123" } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 404, 404]);
    expect(await shop.t.prisma.adminUser.count({ where: { login: { startsWith: "twin-" } } })).toBe(1);
  });

  it("only the owner invites; an unknown role is refused in Russian", async () => {
    expect((await invite({ role: "boss" })).json().message).toBe("Роль: Владелец, Менеджер или Сборщик");
    const login = await shop.t.app.inject({ method: "POST", url: "/api/login", payload: { login: "mila", password: "password-123" } });
    const manager = { authorization: `Bearer ${login.json().token}` };
    const refused = await invite({ role: "owner" }, manager);
    expect(refused.statusCode).toBe(403);
  });
});
