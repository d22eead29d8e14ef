import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueReviewRequests } from "@shop/core/reviews";
import { REVIEW_TEXTS } from "@shop/core/reviews";
import { productStructuredData } from "../src/pages/seo";
import type { Product } from "@shop/shared/schemas/catalog";
import type { ProductReviewsResponse } from "@shop/shared/schemas/reviews";
import { createTestApp, type TestApp } from "./helpers/test-app";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { insertOrder } from "./helpers/order-rows";
import { BOT_ENV, initDataHeader } from "./helpers/telegram";
import { multipart, pngImage } from "./helpers/multipart";

const BUYER = { id: 700001, first_name: "Анна", last_name: "Кузнецова" };
const STRANGER = { id: 700002, first_name: "Пётр" };
const DAY = 86_400_000;

let t: TestApp;
let fixture: Fixture;
let admin: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ env: BOT_ENV });
  fixture = await createFixture(t.prisma);
  admin = { authorization: `Bearer ${await t.adminToken()}` };
});
afterAll(async () => {
  await t.close();
});

/** An order of the buyer's with the named products, in a status; its lines in order. */
async function order(status: "new" | "shipped" | "completed", names: string[], telegramUserId: number | null = BUYER.id, completedAt?: Date) {
  const created = await insertOrder(t.prisma, {
    status,
    telegramUserId: telegramUserId === null ? null : BigInt(telegramUserId),
    items: names.map((name) => {
      const product = fixture.byName(name);
      return { productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity: 1 };
    }),
  });
  if (completedAt) await t.prisma.order.update({ where: { id: created.id }, data: { completedAt } });
  return created;
}

const writeAsUser = (user: { id: number; first_name: string }, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/my-reviews", headers: initDataHeader(user), payload });

const publish = (id: number, status: "published" | "hidden" = "published") =>
  t.app.inject({ method: "PUT", url: `/api/admin/reviews/${id}/status`, headers: admin, payload: { status } });

describe("who may review", () => {
  it("only the buyer of a completed order, once per line; changes only while it waits for moderation", async () => {
    const open = await order("shipped", ["Кружка ручной лепки"]);
    const notYet = await writeAsUser(BUYER, { order_item_id: open.items[0]!.id, rating: 5 });
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().message).toBe(REVIEW_TEXTS.notCompleted);

    const done = await order("completed", ["Кружка ручной лепки", "Тарелка «Ёлочка»"]);
    const line = done.items[0]!.id;
    const stranger = await writeAsUser(STRANGER, { order_item_id: line, rating: 1 });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(REVIEW_TEXTS.notBuyer);
    expect((await t.app.inject({ method: "POST", url: "/api/my-reviews", payload: { order_item_id: line, rating: 5 } })).statusCode).toBe(401);

    for (const [payload, field] of [
      [{ order_item_id: line, rating: 0 }, "rating"],
      [{ order_item_id: line, rating: 6 }, "rating"],
      [{ order_item_id: line, rating: 5, text: "а".repeat(2001) }, "text"],
      [{ order_item_id: line, rating: 5, photo_url: "https://evil.example/x.webp" }, "photo_url"],
    ] as const) {
      const bad = await writeAsUser(BUYER, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().errors).toHaveProperty(field);
    }

    const first = await writeAsUser(BUYER, { order_item_id: line, rating: 4, text: "  Удобная, тёплая в руке  " });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ rating: 4, text: "Удобная, тёплая в руке", status: "pending" });
    const changed = await writeAsUser(BUYER, { order_item_id: line, rating: 5 });
    expect(changed.json()).toMatchObject({ id: first.json().id, rating: 5, text: "Удобная, тёплая в руке" });
    expect(await t.prisma.review.count({ where: { orderItemId: line } })).toBe(1);
    const stored = await t.prisma.review.findUniqueOrThrow({ where: { orderItemId: line } });
    expect(stored.authorName).toBe("Анна С.");

    expect((await publish(first.json().id)).statusCode).toBe(200);
    const late = await writeAsUser(BUYER, { order_item_id: line, rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REVIEW_TEXTS.moderated);

    const mine = await t.app.inject({ method: "GET", url: "/api/my-reviews", headers: initDataHeader(BUYER) });
    const lines = mine.json().lines as { order_item_id: number; review: { status: string } | null }[];
    expect(lines.find((l) => l.order_item_id === line)?.review?.status).toBe("published");
    expect(lines.find((l) => l.order_item_id === done.items[1]!.id)?.review).toBeNull();
    expect(lines.some((l) => l.order_item_id === open.items[0]!.id)).toBe(false);
  });

  it("one review per line when the same line is sent from several tabs at once", async () => {
    const done = await order("completed", ["Салатник глазурованный"]);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => writeAsUser(BUYER, { order_item_id: done.items[0]!.id, rating: 1 + (i % 5) })));
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(await t.prisma.review.count({ where: { orderItemId: done.items[0]!.id } })).toBe(1);
  });

  it("a review link reviews its own order's lines without signing in", async () => {
    const website = await order("completed", ["Подушка льняная", "Салфетки льняные, 4 шт."], BUYER.id, new Date(Date.now() - 4 * DAY));
    const other = await order("completed", ["Подушка льняная"], STRANGER.id);
    const queued: { chatId: bigint; token: string }[] = [];
    await sendDueReviewRequests({ db: t.db, messages: { reviewRequest: (request) => (queued.push(request), { chatId: request.chatId, dedupeKey: `t:${request.orderId}`, payload: {} }) } });
    const token = queued.find((q) => q.chatId === BigInt(BUYER.id))!.token;

    const page = await t.app.inject({ method: "GET", url: `/api/reviews/requests/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ order_number: website.orderNumber, lines: [{ name: "Подушка льняная", review: null }, { name: "Салфетки льняные, 4 шт." }] });

    const foreign = await t.app.inject({ method: "POST", url: `/api/reviews/requests/${token}`, payload: { order_item_id: other.items[0]!.id, rating: 5 } });
    expect(foreign.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: "GET", url: `/api/reviews/requests/${"x".repeat(22)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(REVIEW_TEXTS.badLink);

    // a photo goes through the shop's image pipeline; only its address is taken as a review's photo
    const notAPicture = await t.app.inject({ method: "POST", url: `/api/reviews/requests/${token}/photo`, ...multipart([{ field: "photo", filename: "x.png", data: Buffer.from("not a picture") }]) });
    expect(notAPicture.statusCode).toBe(400);
    expect(notAPicture.json().message).toContain("не является изображением");
    const photo = await t.app.inject({ method: "POST", url: `/api/reviews/requests/${token}/photo`, ...multipart([{ field: "photo", filename: "pillow.png", data: await pngImage(800, 600) }]) });
    expect(photo.statusCode).toBe(200);
    const photoUrl = photo.json().photo_url as string;
    expect(photoUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.webp$/);
    expect((await t.app.inject({ method: "POST", url: `/api/reviews/requests/${"y".repeat(22)}/photo`, ...multipart([{ field: "photo", filename: "p.png", data: await pngImage() }]) })).statusCode).toBe(404);
    const noIdentity = await t.app.inject({ method: "POST", url: "/api/my-reviews/photo", ...multipart([{ field: "photo", filename: "p.png", data: await pngImage() }]) });
    expect(noIdentity.statusCode).toBe(401);

    const written = await t.app.inject({ method: "POST", url: `/api/reviews/requests/${token}`, payload: { order_item_id: website.items[0]!.id, rating: 5, text: "Лён мягкий", photo_url: photoUrl } });
    expect(written.statusCode).toBe(200);
    expect(written.json().photo_url).toBe(photoUrl);
    const again = await t.app.inject({ method: "GET", url: `/api/reviews/requests/${token}` });
    expect(again.json().lines[0].review).toMatchObject({ rating: 5, text: "Лён мягкий", status: "pending" });
  });
});

describe("moderation and what the shop shows", () => {
  it("counts only published reviews in the product's rating, pages them, and shows the seller's reply", async () => {
    const product = fixture.byName("Плед вязаный из шерсти");
    const ids: number[] = [];
    for (const [rating, text] of [[5, "Очень тёплый"], [4, "Хорош, но колется"], [4, null], [2, "Долго шёл"]] as const) {
      const done = await order("completed", ["Плед вязаный из шерсти"]);
      ids.push((await writeAsUser(BUYER, { order_item_id: done.items[0]!.id, rating, text })).json().id);
    }
    const before = await t.app.inject({ method: "GET", url: `/api/products/${product.id}` });
    expect(before.json().rating).toBeUndefined();

    const queue = await t.app.inject({ method: "GET", url: `/api/admin/reviews?status=pending&product_id=${product.id}`, headers: admin });
    expect(queue.json().reviews.map((r: { id: number }) => r.id)).toEqual(ids);
    expect(queue.json().pending).toBeGreaterThanOrEqual(4);

    for (const id of ids.slice(0, 3)) expect((await publish(id)).json().status).toBe("published");
    expect((await publish(ids[3]!, "hidden")).json().status).toBe("hidden");
    const replied = await t.app.inject({ method: "PUT", url: `/api/admin/reviews/${ids[1]}/reply`, headers: admin, payload: { reply: "Спасибо! Шерсть мягчает после стирки." } });
    expect(replied.json()).toMatchObject({ reply: "Спасибо! Шерсть мягчает после стирки." });

    const shown = await t.app.inject({ method: "GET", url: `/api/products/${product.id}` });
    expect(shown.json().rating).toEqual({ average: 4.3, count: 3 });
    const card = (await t.app.inject({ method: "GET", url: `/api/products?limit=50` })).json().products.find((p: { id: number }) => p.id === product.id);
    expect(card.rating).toEqual({ average: 4.3, count: 3 });

    const reviews = (await t.app.inject({ method: "GET", url: `/api/products/${product.id}/reviews` })).json() as ProductReviewsResponse;
    expect(reviews.rating).toEqual({ average: 4.3, count: 3 });
    expect(reviews.total).toBe(3);
    expect(reviews.reviews.map((r) => r.rating)).toEqual([4, 4, 5]);
    expect(reviews.reviews.find((r) => r.id === ids[1])).toMatchObject({ reply: "Спасибо! Шерсть мягчает после стирки.", author: "Анна С.", text: "Хорош, но колется" });
    expect(reviews.reviews.some((r) => r.id === ids[3])).toBe(false);

    const byRating = await t.app.inject({ method: "GET", url: `/api/admin/reviews?rating=2`, headers: admin });
    expect(byRating.json().reviews.map((r: { id: number }) => r.id)).toContain(ids[3]);

    const audit = await t.prisma.auditEntry.findMany({ where: { kind: "review", entityId: { in: ids } }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["publish", "publish", "publish", "hide", "reply"]);
    expect(audit[0]!.label).toBe("Плед вязаный из шерсти — Анна С.");

    // hiding a published review takes it out of the rating at once
    await publish(ids[0]!, "hidden");
    expect((await t.app.inject({ method: "GET", url: `/api/products/${product.id}` })).json().rating).toEqual({ average: 4, count: 2 });
  });

  it("pages the reviews five at a time, newest first", async () => {
    const product = fixture.byName("Свеча соевая «Ваниль»");
    for (let i = 0; i < 7; i++) {
      const done = await order("completed", ["Свеча соевая «Ваниль»"]);
      const id = (await writeAsUser(BUYER, { order_item_id: done.items[0]!.id, rating: 5, text: `Отзыв ${i + 1}` })).json().id;
      await publish(id);
    }
    const first = (await t.app.inject({ method: "GET", url: `/api/products/${product.id}/reviews` })).json() as ProductReviewsResponse;
    const second = (await t.app.inject({ method: "GET", url: `/api/products/${product.id}/reviews?page=2` })).json() as ProductReviewsResponse;
    expect(first.totalPages).toBe(2);
    expect(first.reviews.map((r) => r.text)).toEqual(["Отзыв 7", "Отзыв 6", "Отзыв 5", "Отзыв 4", "Отзыв 3"]);
    expect(second.reviews.map((r) => r.text)).toEqual(["Отзыв 2", "Отзыв 1"]);
    expect((await t.app.inject({ method: "GET", url: `/api/products/999999/reviews` })).statusCode).toBe(404);
  });

  it("refuses bad moderation input in Russian and keeps the settings of when the bot asks", async () => {
    expect((await t.app.inject({ method: "PUT", url: `/api/admin/reviews/999999/status`, headers: admin, payload: { status: "published" } })).json().message).toBe("Отзыв не найден");
    const badStatus = await t.app.inject({ method: "PUT", url: `/api/admin/reviews/1/status`, headers: admin, payload: { status: "pending" } });
    expect(badStatus.statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/reviews/settings", headers: admin })).json()).toEqual({ request_after_days: 3 });
    const saved = await t.app.inject({ method: "PUT", url: "/api/admin/reviews/settings", headers: admin, payload: { request_after_days: 7 } });
    expect(saved.json()).toEqual({ request_after_days: 7 });
    expect((await t.app.inject({ method: "PUT", url: "/api/admin/reviews/settings", headers: admin, payload: { request_after_days: 61 } })).statusCode).toBe(400);
    await t.app.inject({ method: "PUT", url: "/api/admin/reviews/settings", headers: admin, payload: { request_after_days: 3 } });
    expect(await t.prisma.auditEntry.count({ where: { kind: "settings", action: "reviews" } })).toBe(2);
  });
});

describe("structured data", () => {
  it("carries AggregateRating and each review of the first page", () => {
    const product: Product = {
      id: 7, name: "Ваза «Туман»", price: 2400, sku: "HM-000007", description: null, material: null, width: null, height: null, depth: null,
      images: [], categories: [], stock: null, made_to_order_days: null, rating: { average: 4.5, count: 2 },
    };
    const reviews = [
      { id: 1, rating: 5, text: "Красивая", photo_url: null, author: "Анна К.", variant_title: null, published_at: "2026-10-01T10:00:00.000Z", reply: null },
      { id: 2, rating: 4, text: null, photo_url: null, author: "Олег", variant_title: null, published_at: "2026-09-01T10:00:00.000Z", reply: "Спасибо" },
    ];
    const [data] = productStructuredData(product, "https://shop.example.ru", reviews) as Record<string, unknown>[];
    expect(data!.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: "4.5", reviewCount: 2, bestRating: "5", worstRating: "1" });
    expect(data!.review).toEqual([
      { "@type": "Review", author: { "@type": "Person", name: "Анна К." }, datePublished: "2026-10-01", reviewBody: "Красивая", reviewRating: { "@type": "Rating", ratingValue: "5", bestRating: "5", worstRating: "1" } },
      { "@type": "Review", author: { "@type": "Person", name: "Олег" }, datePublished: "2026-09-01", reviewRating: { "@type": "Rating", ratingValue: "4", bestRating: "5", worstRating: "1" } },
    ]);
    const [plain] = productStructuredData({ ...product, rating: undefined }, "https://shop.example.ru") as Record<string, unknown>[];
    expect(plain).not.toHaveProperty("aggregateRating");
    expect(plain).not.toHaveProperty("review");
  });
});
