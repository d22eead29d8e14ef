import { describe, expect, it } from "vitest";
import { PRODUCTS } from "../seed/catalog-data";
import { PICTURE_VARIATIONS, productPicture, renderPicture } from "../seed/images";
import { KINDS, type KindName } from "../seed/pictures/kinds";
import { kindOf, paintOf, PRODUCT_KINDS } from "../seed/product-kinds";
import { Random } from "../seed/random";

/** a small grey thumbnail of a picture: enough to tell drawings apart, not their colours */
async function thumbnail(kind: KindName, variation: (typeof PICTURE_VARIATIONS)[number]): Promise<Buffer> {
  const picture = productPicture(kind, { main: "#8a6a4a", accent: "#3f6f67" }, variation, new Random(1));
  return (await renderPicture(picture)).resize(48, 48).greyscale().raw().toBuffer();
}

/** mean absolute difference of two thumbnails, 0–255 */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe("demo pictures", () => {
  it("gives every demo product a kind of picture, and every kind is some product's", () => {
    const kinds = PRODUCTS.map((product) => kindOf(product.name));
    expect(kinds).toHaveLength(65);
    expect(new Set(kinds)).toEqual(new Set(Object.keys(KINDS)));
    expect(Object.keys(PRODUCT_KINDS).sort()).toEqual(PRODUCTS.map((product) => product.name).sort());
    expect(() => kindOf("Товар без картинки")).toThrow("no kind of picture");
  });

  it("draws each kind differently: no two kinds share a drawing, even in the same colours", async () => {
    const names = Object.keys(KINDS) as KindName[];
    const thumbnails = await Promise.all(names.map((kind) => thumbnail(kind, "front")));
    const tooClose: string[] = [];
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        if (difference(thumbnails[i]!, thumbnails[j]!) < 4) tooClose.push(`${names[i]} ~ ${names[j]}`);
      }
    }
    expect(tooClose).toEqual([]);
  });

  it("shows a product from the front, turned the other way and in close-up: three different pictures", async () => {
    for (const kind of ["mittens", "jar-candle", "wreath"] as const) {
      const [front, angle, closeUp] = await Promise.all(PICTURE_VARIATIONS.map((variation) => thumbnail(kind, variation)));
      expect(difference(front!, angle!)).toBeGreaterThan(2);
      expect(difference(front!, closeUp!)).toBeGreaterThan(2);
      expect(difference(angle!, closeUp!)).toBeGreaterThan(2);
    }
  });

  it("takes colours from the product's name and material", () => {
    expect(paintOf("Саше ароматическое «Лаванда»", "Гипс, эфирное масло").accent).toBe("#9c88c4");
    expect(paintOf("Мешочек для трав и лаванды", "Лён").accent).toBe("#9c88c4");
    expect(paintOf("Свеча в бетонном стакане «Графит»", "Соевый воск, бетон").main).not.toBe(paintOf("Свеча соевая «Ваниль и табак»", "Соевый воск, хлопковый фитиль").main);
    // the material decides when the name says nothing about colour
    expect(paintOf("Доска разделочная из дуба", "Массив дуба, льняное масло").main).not.toBe(paintOf("Доска для подачи «Ясень»", "Ясень").main);
    expect(paintOf("Серьги-кольца из латуни", "Латунь")).toEqual({ ...KINDS["hoop-earrings"].paint, main: "#c9a24a" });
  });
});
