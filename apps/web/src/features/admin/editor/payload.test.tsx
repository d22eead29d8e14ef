import { describe, expect, it } from "vitest";
import type { Product } from "@shop/shared/schemas/catalog";
import {
  EMPTY_FORM,
  buildCategoryIds,
  buildCreatePayload,
  buildUpdatePayload,
  editorSnapshot,
  formFromProduct,
  parseCount,
  parseDimension,
  type ProductForm,
} from "./payload";

const form: ProductForm = {
  ...EMPTY_FORM,
  name: "  Ваза «Утро»  ",
  price: "1234.5",
  material: " керамика ",
  description: "",
  width: "120",
  height: "",
  depth: "45.6",
  mainCategoryId: 3,
  tagIds: [7, 3, 9, 7],
};

describe("editor payload", () => {
  it("categoryIds is the unique set of the main category and the tags, main first", () => {
    expect(buildCategoryIds(3, [7, 3, 9, 7])).toEqual([3, 7, 9]);
    expect(buildCategoryIds(null, [5, 5])).toEqual([5]);
    expect(buildCategoryIds(2, [])).toEqual([2]);
  });

  it("dimensions are whole numbers or null", () => {
    expect(parseDimension("")).toBeNull();
    expect(parseDimension("   ")).toBeNull();
    expect(parseDimension("120")).toBe(120);
    expect(parseDimension("45.6")).toBe(46);
    expect(parseDimension("12,4")).toBe(12);
    expect(parseDimension("abc")).toBeNull();
    expect(parseDimension("-3")).toBeNull();
  });

  it("create sends imageUrls in the editor's order", () => {
    const payload = buildCreatePayload(form, [{ url: "/uploads/b.webp" }, { url: "/uploads/a.webp" }]);
    expect(payload).toEqual({
      name: "Ваза «Утро»",
      price: 1234.5,
      material: "керамика",
      description: null,
      width: 120,
      height: null,
      depth: 46,
      weight_grams: null,
      categoryIds: [3, 7, 9],
      stock: null,
      made_to_order_days: null,
      hidden: false,
      imageUrls: ["/uploads/b.webp", "/uploads/a.webp"],
    });
    expect(payload).not.toHaveProperty("images");
  });

  it("edit sends images: kept ones with their id, new uploads with the url only", () => {
    const payload = buildUpdatePayload(form, [{ url: "/uploads/new.webp" }, { id: 11, url: "/uploads/old.webp" }], null);
    expect(payload.images).toEqual([{ image_url: "/uploads/new.webp" }, { id: 11, image_url: "/uploads/old.webp" }]);
    expect(payload).not.toHaveProperty("imageUrls");
    expect(payload.categoryIds).toEqual([3, 7, 9]);
    expect(payload.width).toBe(120);
    expect(payload.height).toBeNull();
  });

  it("a loaded product fills the form: main category apart from the tags", () => {
    const product: Product = {
      id: 4,
      name: "Свеча",
      price: 450,
      sku: "HM-000004",
      description: null,
      material: "соевый воск",
      width: 80,
      height: null,
      depth: null,
      images: [],
      categories: [
        { id: 9, name: "Подарки", type: "sub" },
        { id: 2, name: "Свечи", type: "main" },
        { id: 8, name: "Новинки", type: "sub" },
      ],
      stock: null,
      made_to_order_days: null,
    };
    expect(formFromProduct(product)).toEqual({
      name: "Свеча",
      price: "450",
      material: "соевый воск",
      description: "",
      width: "80",
      height: "",
      depth: "",
      weightGrams: "",
      mainCategoryId: 2,
      tagIds: [9, 8],
      stock: "",
      madeToOrderDays: "",
      hidden: false,
    });
    expect(formFromProduct({ ...product, stock: 0, made_to_order_days: 14 })).toMatchObject({ stock: "0", madeToOrderDays: "14" });
  });

  it("stock and made-to-order days: blank is null (not counted, not made to order), 0 is a count", () => {
    expect(parseCount("")).toBeNull();
    expect(parseCount("  ")).toBeNull();
    expect(parseCount("0")).toBe(0);
    expect(parseCount(" 12 ")).toBe(12);
    expect(parseCount("1.5")).toBeNull();
    const payload = buildUpdatePayload({ ...form, stock: "0", madeToOrderDays: "21" }, [], 3);
    expect(payload.stock).toBe(0);
    expect(payload.made_to_order_days).toBe(21);
    const uncounted = buildUpdatePayload({ ...form, stock: "", madeToOrderDays: "" }, [], 3);
    expect(uncounted.stock).toBeNull();
    expect(uncounted.made_to_order_days).toBeNull();
  });

  it("edit sends the stock only when the admin changed it, with the stock the edit started from", () => {
    const unchanged = buildUpdatePayload({ ...form, stock: "7" }, [], 7);
    expect(unchanged).not.toHaveProperty("stock");
    expect(unchanged).not.toHaveProperty("stock_seen");
    expect(buildUpdatePayload({ ...form, stock: "" }, [], null)).not.toHaveProperty("stock");
    expect(buildUpdatePayload({ ...form, stock: "5" }, [], 7)).toMatchObject({ stock: 5, stock_seen: 7 });
    expect(buildUpdatePayload({ ...form, stock: "" }, [], 7)).toMatchObject({ stock: null, stock_seen: 7 });
    expect(buildUpdatePayload({ ...form, stock: "2" }, [], null)).toMatchObject({ stock: 2, stock_seen: null });
  });

  it("the unsaved-changes snapshot changes with the inputs and with the image order", () => {
    const a = { key: "a", previewUrl: "/a" };
    const b = { key: "b", previewUrl: "/b" };
    const base = editorSnapshot(form, [a, b]);
    expect(editorSnapshot({ ...form }, [a, b])).toBe(base);
    expect(editorSnapshot(form, [b, a])).not.toBe(base);
    expect(editorSnapshot({ ...form, price: "1" }, [a, b])).not.toBe(base);
  });
});
