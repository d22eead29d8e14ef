import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "@shop/prisma/db";
import { openTestDatabase } from "@shop/prisma/test-database";
import { knownProducts, loadCatalog } from "@shop/core/catalog";
import { changeOrderStatus, placeOrder, type PlaceOrderResult } from "@shop/core/orders";
import { createProduct, updateProduct } from "@shop/core/products";
import { ShopError } from "@shop/core/errors";
import type { Product } from "@shop/shared/schemas/catalog";
import { checkout, createShop, refusal, shopError, testNotifier, type ShopFixture } from "./helpers/shop";

/**
 * Variants and personalisation in the core (docs/product.md#variants-and-personalisation): a variant's pieces are
 * taken by the order's own statement whether the cart was priced from the catalogue in memory or from the
 * database, extras are priced from the database when the one in memory is older, and a status change moves the
 * variant's pieces.
 */

let db: Database;
let shop: ShopFixture;
let ring: Product;
let board: Product;
const uploadDir = mkdtempSync(path.join(tmpdir(), "shop-variants-"));

beforeAll(async () => {
  db = await openTestDatabase();
  shop = await createShop(db.prisma);
  ring = await createProduct(db.prisma, uploadDir, {
    name: "Кольцо «Веточка»",
    price: 3200,
    categoryIds: [shop.categories.gift],
    options: [{ name: "Размер", values: [{ value: "16" }, { value: "17" }] }, { name: "Металл", values: [{ value: "серебро" }, { value: "золото" }] }],
    variants: [
      { option_values: ["16", "серебро"], stock: 5 },
      { option_values: ["17", "серебро"], stock: 1 },
      { option_values: ["17", "золото"], price: 9900, stock: null },
    ],
  });
  board = await createProduct(db.prisma, uploadDir, {
    name: "Доска с гравировкой",
    price: 1890,
    personalization: [{ kind: "text", label: "Гравировка", max_length: 20, price: 300 }],
  });
});
afterAll(async () => db?.close());

beforeEach(async () => {
  await db.prisma.outboxMessage.deleteMany({});
});

const variant = (values: string) => ring.variants!.find((v) => v.sku.endsWith(values))!;
const variantStock = async (id: number) => (await db.prisma.productVariant.findUniqueOrThrow({ where: { id } })).stock;

describe("a product with options", () => {
  it("names its variants' articles by their values and titles them by option", async () => {
    expect(ring.variants!.map((v) => v.sku)).toEqual([`${ring.sku}-16-серебро`, `${ring.sku}-17-серебро`, `${ring.sku}-17-золото`]);
    const line = await placeOrder(db, testNotifier(), checkout([{ productId: ring.id, variantId: variant("17-золото").id, quantity: 1 }]));
    expect(line.order.lines.map((l) => [l.variantTitle, l.variantSku, l.sku, l.price])).toEqual([["Размер: 17, Металл: золото", `${ring.sku}-17-золото`, ring.sku, 990000]]);
  });

  it("refuses a line without a variant by the first option's name", async () => {
    const error = await refusal(placeOrder(db, testNotifier(), checkout([{ productId: ring.id, quantity: 1 }])));
    expect({ kind: error.kind, message: error.message }).toEqual(shopError("invalid", "Выберите размер"));
  });
});

describe("a variant's pieces", () => {
  it("are never oversold when every order is priced from a catalogue in memory that believes they are there", async () => {
    const known = knownProducts(await loadCatalog(db));
    const id = variant("16-серебро").id;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => placeOrder(db, testNotifier(), checkout([{ productId: ring.id, variantId: id, quantity: 2 }], { known }))),
    );
    const placed = results.filter((r): r is PromiseFulfilledResult<PlaceOrderResult> => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect([placed.length, refused.length]).toEqual([2, 10]);
    for (const r of refused) expect((r.reason as ShopError).details?.code).toBe("out_of_stock");
    expect(await variantStock(id)).toBe(1);
  });

  it("go back on cancel and are taken again on leaving 'cancelled', or it is refused by the variant's name", async () => {
    const id = variant("17-серебро").id;
    const notifier = testNotifier();
    const { order } = await placeOrder(db, notifier, checkout([{ productId: ring.id, variantId: id, quantity: 1 }]));
    expect(await variantStock(id)).toBe(0);
    await changeOrderStatus(db, notifier, order.id, "cancelled");
    expect(await variantStock(id)).toBe(1);
    await changeOrderStatus(db, notifier, order.id, "new");
    expect(await variantStock(id)).toBe(0);
    await changeOrderStatus(db, notifier, order.id, "cancelled");
    await placeOrder(db, notifier, checkout([{ productId: ring.id, variantId: id, quantity: 1 }]));
    const error = await refusal(changeOrderStatus(db, notifier, order.id, "processing"));
    expect({ kind: error.kind, message: error.message }).toEqual(
      shopError("conflict", "Нельзя вернуть заказ из отменённых: товар «Кольцо «Веточка» (Размер: 17, Металл: серебро)» закончился"),
    );
  });
});

describe("extras", () => {
  it("are priced from the database when the catalogue in memory holds an older price", async () => {
    const known = knownProducts(await loadCatalog(db));
    const updated = await updateProduct(db.prisma, uploadDir, board.id, {
      name: board.name,
      price: board.price,
      personalization: [{ id: board.personalization![0]!.id, kind: "text", label: "Гравировка", max_length: 20, price: 450 }],
    });
    const fieldId = updated.personalization![0]!.id;
    const { order } = await placeOrder(
      db,
      testNotifier(),
      checkout([{ productId: board.id, quantity: 1, personalization: [{ field_id: fieldId, value: "Маша" }] }], { known }),
    );
    expect(order.lines[0]!.price).toBe(189000 + 45000);
    expect(order.lines[0]!.personalization).toEqual([{ label: "Гравировка", value: "Маша", price: 45000 }]);
  });
});
