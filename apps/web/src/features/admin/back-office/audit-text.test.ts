import { describe, expect, it } from "vitest";
import type { AuditEntryJson } from "@shop/shared/schemas/staff";
import { describeChange } from "./audit-text";

const entry = (overrides: Partial<AuditEntryJson>): AuditEntryJson => ({
  id: "1",
  at: "2026-11-28T10:00:00.000Z",
  staff_id: 2,
  staff_name: "Вера",
  via: "panel",
  kind: "order",
  action: "status",
  entity_id: 5,
  label: "№1005",
  before: null,
  after: null,
  ...overrides,
});

describe("how a log entry reads", () => {
  it("a status change names both statuses in Russian", () => {
    expect(describeChange(entry({ before: { status: "new" }, after: { status: "shipped" } }))).toBe("статус: Создан → Отправлен");
  });

  it("an edit lists each changed field; lists and empty values read plainly", () => {
    expect(
      describeChange(entry({ kind: "product", action: "update", before: { price: 1890, categories: [] }, after: { price: 2000, categories: ["Керамика", "Эко"] } })),
    ).toBe("изменён — цена: 1890 → 2000; категории: — → Керамика, Эко");
  });

  it("a creation shows what was made, a note its text", () => {
    expect(describeChange(entry({ kind: "staff", action: "create", after: { login: "vera", active: true } }))).toBe("создан — логин: vera; включён: да");
    expect(describeChange(entry({ action: "note", after: { note: "Упаковать в крафт" } }))).toBe("заметка — заметка: Упаковать в крафт");
  });
});
