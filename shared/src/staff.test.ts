import { describe, expect, it } from "vitest";
import { can, isStaffRole, PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLE_LABELS } from "./staff";

describe("staff roles", () => {
  it("the owner may do everything; a manager all but staff, the log, settings and broadcasts; a packer only packing", () => {
    expect(PERMISSIONS.every((permission) => can("owner", permission))).toBe(true);
    expect(PERMISSIONS.filter((permission) => !can("manager", permission))).toEqual(["staff.manage", "audit.read", "settings", "broadcasts"]);
    expect(can("manager", "promo-codes")).toBe(true);
    expect(ROLE_PERMISSIONS.picker).toEqual(["orders.pick", "orders.status.picking"]);
    expect(can("picker", "orders.read")).toBe(false);
  });

  it("reads the roles in Russian and knows only these three", () => {
    expect(STAFF_ROLE_LABELS).toEqual({ owner: "Владелец", manager: "Менеджер", picker: "Сборщик" });
    expect(["owner", "manager", "picker", "admin", 1].map(isStaffRole)).toEqual([true, true, true, false, false]);
  });
});
