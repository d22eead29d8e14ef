import { describe, expect, it } from "vitest";
import { ring } from "../../../test-helpers/variant-product";
import { EMPTY_FORM, formFromProduct, type EditorImage } from "./payload";
import {
  fieldsFromProduct,
  generateVariants,
  newOption,
  newOptionValue,
  optionsFromProduct,
  previewProduct,
  totalStock,
  variantTitleOf,
  variantValues,
  variantsFromProduct,
} from "./variants-form";

const images: EditorImage[] = ring.images.map((image) => ({ key: `id-${image.id}`, id: image.id, url: image.image_url, previewUrl: image.image_url }));

describe("the editor's variants", () => {
  it("lists every combination of the options, the saved variants as they are and the rest switched off", () => {
    const options = optionsFromProduct(ring);
    const variants = generateVariants(options, variantsFromProduct(ring), false);
    expect(variants.map((variant) => [variantValues(options, variant).join("/"), variant.enabled, variant.suffix, variant.price, variant.stock])).toEqual([
      ["16/серебро", true, "16S", "1200", "3"],
      ["16/золото", false, "16-золото", "", ""],
      ["17/серебро", true, "17S", "1200", "0"],
      ["17/золото", true, "17G", "1500", "2"],
      ["18/серебро", false, "18-серебро", "", ""],
      ["18/золото", true, "18G", "1500", ""],
    ]);
    expect(variants[3]?.imageKeys).toEqual(["id-3", "id-4"]);
    expect(totalStock(variants)).toBeNull();
    expect(totalStock(variants.map((variant) => ({ ...variant, stock: variant.stock || "1" })))).toBe(6);
  });

  it("keeps a variant when its value is renamed or moved, and adds new values' combinations switched on", () => {
    const options = optionsFromProduct(ring);
    const before = generateVariants(options, variantsFromProduct(ring), false);
    const renamed = options.map((option, index) =>
      index === 0 ? { ...option, values: [...option.values.slice(1), { ...option.values[0]!, value: "16,5" }, newOptionValue("19")] } : option,
    );
    const after = generateVariants(renamed, before);
    expect(after.map((variant) => [variantTitleOf(renamed, variant), variant.enabled, variant.id ?? null])).toEqual([
      ["Размер: 17, Металл: серебро", true, 102],
      ["Размер: 17, Металл: золото", true, 103],
      ["Размер: 18, Металл: серебро", false, null],
      ["Размер: 18, Металл: золото", true, 104],
      ["Размер: 16,5, Металл: серебро", true, 101],
      ["Размер: 16,5, Металл: золото", false, null],
      ["Размер: 19, Металл: серебро", true, null],
      ["Размер: 19, Металл: золото", true, null],
    ]);
    // an option without a name or values makes no combinations
    expect(generateVariants([...renamed, newOption()], after)).toHaveLength(8);
    expect(generateVariants([newOption()], after)).toEqual([]);
  });

  it("gives the preview the product as the shop will send it: switched-on variants, typed prices and photos, the fields", () => {
    const options = optionsFromProduct(ring);
    const variants = generateVariants(options, variantsFromProduct(ring), false);
    const fields = fieldsFromProduct(ring);
    const form = { ...formFromProduct(ring), price: "1100" };
    const product = previewProduct(form, images, options, variants.map((variant, index) => (index === 1 ? { ...variant, enabled: true } : variant)), fields, ring.sku);
    expect(product.options?.map((option) => [option.name, option.kind, option.values.map((value) => [value.value, value.swatch])])).toEqual([
      ["Размер", "text", [["16", null], ["17", null], ["18", null]]],
      ["Металл", "color", [["серебро", "#c0c0c0"], ["золото", "#d4af37"]]],
    ]);
    expect(product.variants?.map((variant) => [variant.sku, variant.price, variant.stock, variant.image_ids])).toEqual([
      ["HM-000012-16S", 1200, 3, [1, 2]],
      // switched on just now, with no price of its own: the product's
      ["HM-000012-16-золото", 1100, null, []],
      ["HM-000012-17S", 1200, 0, [1]],
      ["HM-000012-17G", 1500, 2, [3, 4]],
      ["HM-000012-18G", 1500, null, []],
    ]);
    expect(product.price).toBe(1100);
    expect(product.personalization?.map((field) => [field.kind, field.label, field.max_length, field.price, field.choices])).toEqual([
      ["text", "Гравировка", 10, 300, []],
      ["choice", "Футляр", null, 0, [{ value: "Бархат", price: 0 }, { value: "Дуб", price: 200 }]],
      ["gift_wrap", "Подарочная упаковка", null, 150, []],
      ["gift_note", "Открытка", 100, 0, []],
    ]);
    // no options and no fields: the product as before
    expect(previewProduct(EMPTY_FORM, [], [], [], [], null)).not.toHaveProperty("options");
  });
});
