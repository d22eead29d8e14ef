import { describe, expect, it } from "vitest";
import type { PersonalizationField } from "./schemas/catalog";
import { checkPersonalization, chooseOptionMessage, lineDescription, lineKey, personalizationText, priceFromLabel, variantSummary, variantTitle } from "./variants";

const field = (overrides: Partial<PersonalizationField>): PersonalizationField => ({
  id: 1,
  kind: "text",
  label: "Гравировка",
  hint: null,
  max_length: 20,
  required: false,
  price: 300,
  choices: [],
  ...overrides,
});

describe("personalisation", () => {
  const fields = [
    field({ id: 1, required: true }),
    field({ id: 2, kind: "choice", label: "Пропитка", max_length: null, price: 0, choices: [{ value: "Масло", price: 0 }, { value: "Воск", price: 150 }] }),
    field({ id: 3, kind: "gift_wrap", label: "Упаковка", max_length: null, price: 150 }),
    field({ id: 4, kind: "gift_note", label: "Открытка", max_length: null, price: 99 }),
  ];

  it("prices the extras from the fields, trims the texts and leaves out what is empty", () => {
    expect(checkPersonalization(fields, [{ field_id: 1, value: "  Маша   и  Петя " }, { field_id: 2, value: "воск" }, { field_id: 3, value: "1" }, { field_id: 4, value: "" }])).toEqual({
      ok: true,
      items: [
        { fieldId: 1, choice: null, label: "Гравировка", value: "Маша и Петя", price: 30000 },
        { fieldId: 2, choice: "Воск", label: "Пропитка", value: "Воск", price: 15000 },
        { fieldId: 3, choice: null, label: "Упаковка", value: "Да", price: 15000 },
      ],
    });
  });

  it("reads a gift wrap the same in the cart (its kind known) and on the order (its text kept): «Подарочная упаковка: Да»", () => {
    const ordered = (checkPersonalization(fields, [{ field_id: 1, value: "Маша" }, { field_id: 3, value: "1" }]) as { items: { label: string; value: string }[] }).items;
    expect(ordered.map(personalizationText)).toEqual(["Гравировка: Маша", "Упаковка: Да"]);
    expect(personalizationText({ label: "Упаковка", value: "1", kind: "gift_wrap" })).toBe("Упаковка: Да");
    // a text that happens to read «1» stays as typed
    expect(personalizationText({ label: "Гравировка", value: "1", kind: "text" })).toBe("Гравировка: 1");
    expect(lineDescription({ name: "Кружка", personalization: ordered })).toBe("Кружка — Гравировка: Маша; Упаковка: Да");
  });

  it("says what is wrong in the field's words", () => {
    expect(checkPersonalization(fields, [])).toEqual({ ok: false, message: "Заполните поле «Гравировка»" });
    expect(checkPersonalization(fields, [{ field_id: 1, value: "x".repeat(21) }])).toEqual({ ok: false, message: "Гравировка: не больше 20 символов" });
    expect(checkPersonalization(fields, [{ field_id: 1, value: "😀".repeat(20) }]).ok).toBe(true);
    expect(checkPersonalization(fields, [{ field_id: 1, value: "a" }, { field_id: 2, value: "Лак" }])).toEqual({ ok: false, message: "Пропитка: выберите значение из списка" });
    expect(checkPersonalization(fields, [{ field_id: 9, value: "a" }]).ok).toBe(false);
    expect(checkPersonalization(fields, [{ field_id: 1, value: "a" }, { field_id: 1, value: "b" }])).toEqual({ ok: false, message: "Поле «Гравировка» указано дважды" });
    // a gift note keeps its lines; its default limit is 300
    const note = checkPersonalization([field({ kind: "gift_note", max_length: null, price: 0 })], [{ field_id: 1, value: "С днём\nрождения" }]);
    expect(note).toEqual({ ok: true, items: [{ fieldId: 1, choice: null, label: "Гравировка", value: "С днём\nрождения", price: 0 }] });
  });
});

describe("variants", () => {
  const options = [
    { id: 1, name: "Размер", kind: "text" as const, values: [{ id: 11, value: "17", swatch: null }] },
    { id: 2, name: "Цвет", kind: "color" as const, values: [{ id: 21, value: "синий", swatch: "#0000ff" }] },
  ];

  it("are titled by their options' values, and asked for by the option's name", () => {
    expect(variantTitle(options, [11, 21])).toBe("Размер: 17, Цвет: синий");
    expect(chooseOptionMessage("Размер")).toBe("Выберите размер");
  });

  it("give the product the lowest price, the summed stock, and made-to-order days only when every sold-out one is made to order", () => {
    const v = (price: number, stock: number | null, days: number | null = null, enabled = true) => ({ price, stock, made_to_order_days: days, enabled });
    expect(variantSummary([v(1200, 1), v(1500, 2), v(900, 0, 14, false)])).toEqual({ price: 1200, priceMax: 1500, stock: 3, made_to_order_days: null });
    expect(variantSummary([v(1200, 0, 10), v(1200, 0, 7)])).toEqual({ price: 1200, priceMax: null, stock: 0, made_to_order_days: 7 });
    expect(variantSummary([v(1200, 0, 10), v(1200, null)])).toEqual({ price: 1200, priceMax: null, stock: null, made_to_order_days: 10 });
    expect(variantSummary([v(1200, 1, null, false)])).toBeNull();
  });

  it("make two lines of two texts and one of the same", () => {
    expect(lineKey(1, 2, [{ field_id: 1, value: "Маша" }])).not.toBe(lineKey(1, 2, [{ field_id: 1, value: "Петя" }]));
    expect(lineKey(1, 2, [{ field_id: 2, value: "a" }, { field_id: 1, value: "b" }])).toBe(lineKey(1, 2, [{ field_id: 1, value: "b" }, { field_id: 2, value: "a" }]));
  });

  it("are shown with «от» when prices differ, and as one text on a receipt", () => {
    expect(priceFromLabel({ price: 1200, price_max: 1500 })).toBe("от 1\u00a0200.00\u00a0руб.");
    expect(priceFromLabel({ price: 1200 })).toBe("1\u00a0200.00\u00a0руб.");
    expect(lineDescription({ name: "Доска", variantTitle: "Размер: M", personalization: [{ label: "Гравировка", value: "Маша" }] })).toBe("Доска (Размер: M) — Гравировка: Маша");
  });
});
