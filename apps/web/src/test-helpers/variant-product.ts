import type { Product } from "@shop/shared/schemas/catalog";

/**
 * A ring in sizes 16–18 and two metals, with an engraving, a case to choose, gift wrap and a gift note: the product
 * the variant tests choose from. Not offered: 16 in gold, 18 in silver; 17 in silver is sold out.
 */
export const ring: Product = {
  id: 12,
  name: "Кольцо «Волна»",
  price: 1200,
  sku: "HM-000012",
  description: "Серебро и золото.",
  material: null,
  width: null,
  height: null,
  depth: null,
  images: [
    { id: 1, image_url: "/uploads/ring-silver.webp" },
    { id: 2, image_url: "/uploads/ring-box.webp" },
    { id: 3, image_url: "/uploads/ring-gold.webp" },
    { id: 4, image_url: "/uploads/ring-gold-side.webp" },
  ],
  categories: [],
  stock: 5,
  made_to_order_days: null,
  options: [
    {
      id: 1,
      name: "Размер",
      kind: "text",
      values: [
        { id: 11, value: "16", swatch: null },
        { id: 12, value: "17", swatch: null },
        { id: 13, value: "18", swatch: null },
      ],
    },
    {
      id: 2,
      name: "Металл",
      kind: "color",
      values: [
        { id: 21, value: "серебро", swatch: "#c0c0c0" },
        { id: 22, value: "золото", swatch: "#d4af37" },
      ],
    },
  ],
  variants: [
    { id: 101, sku: "HM-000012-16S", option_value_ids: [11, 21], price: 1200, stock: 3, made_to_order_days: null, image_ids: [1, 2], enabled: true },
    { id: 102, sku: "HM-000012-17S", option_value_ids: [12, 21], price: 1200, stock: 0, made_to_order_days: null, image_ids: [1], enabled: true },
    { id: 103, sku: "HM-000012-17G", option_value_ids: [12, 22], price: 1500, stock: 2, made_to_order_days: null, image_ids: [3, 4], enabled: true },
    { id: 104, sku: "HM-000012-18G", option_value_ids: [13, 22], price: 1500, stock: null, made_to_order_days: null, image_ids: [], enabled: true },
  ],
  personalization: [
    { id: 31, kind: "text", label: "Гравировка", hint: "Имя или дата", max_length: 10, required: true, price: 300, choices: [] },
    {
      id: 32,
      kind: "choice",
      label: "Футляр",
      hint: null,
      max_length: null,
      required: false,
      price: 0,
      choices: [
        { value: "Бархат", price: 0 },
        { value: "Дуб", price: 200 },
      ],
    },
    { id: 33, kind: "gift_wrap", label: "Подарочная упаковка", hint: null, max_length: null, required: false, price: 150, choices: [] },
    { id: 34, kind: "gift_note", label: "Открытка", hint: null, max_length: 100, required: false, price: 0, choices: [] },
  ],
};
