import { describe, expect, it } from "vitest";
import { BULK_CHOICES, bulkQuestion } from "./BulkBar";

const choice = (action: string) => BULK_CHOICES.find((item) => item.action === action)!;

describe("the bulk actions' confirmation", () => {
  it("says what will happen to how many products, in Russian with the right plural", () => {
    expect(bulkQuestion(choice("hide"), 2, "", [])).toBe("Скрыть 2 товара от покупателей? Они останутся в панели как черновики.");
    expect(bulkQuestion(choice("show"), 1, "", [])).toBe("Показать 1 товар покупателям?");
    expect(bulkQuestion(choice("price_percent"), 5, "10", [])).toBe("Изменить цену 5 товаров на +10%?");
    expect(bulkQuestion(choice("price_percent"), 11, "-15", [])).toBe("Изменить цену 11 товаров на -15%?");
    expect(bulkQuestion(choice("stock_set"), 21, "", [])).toBe("Перестать вести остаток у выбранных товаров (21)?");
    expect(bulkQuestion(choice("category_set"), 3, "", ["Керамика"])).toBe("Перенести 3 товара в «Керамика»?");
    expect(bulkQuestion(choice("tags_add"), 2, "", ["Эко", "В подарок"])).toBe("Добавить теги «Эко», «В подарок» для выбранных товаров (2)?");
  });
});
