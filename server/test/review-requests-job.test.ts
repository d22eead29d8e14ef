import { afterAll, beforeAll, expect, it } from "vitest";
import { startShopJobs, QUEUES, REVIEW_REQUESTS_CRON } from "@shop/core/jobs";
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from "../../api/test/helpers/test-app";
import { createFixture, type Fixture } from "../../api/test/helpers/fixtures";
import { insertOrder } from "../../api/test/helpers/order-rows";
import { silentLog } from "../../bot/src/log";
import { createReviewRequestMessages } from "../../bot/src/review-requests";

/**
 * Review requests on the job queue (docs/architecture.md#jobs): the shop's instances keep one schedule of rounds
 * every ten minutes, and a round the queue hands out asks the buyers whose completed orders are due.
 */

const DAY = 86_400_000;
let t: TestApp;
let fixture: Fixture;

beforeAll(async () => {
  t = await createTestApp({
    env: { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, BOT_MODE: "off", TELEGRAM_MINI_APP_URL: "https://t.me/shop_test_bot/shop" },
    jobs: (db, config) =>
      startShopJobs({
        db,
        log: silentLog,
        cartReminderDelayMs: 0,
        broadcastsPerSecond: config.jobs.broadcastsPerSecond,
        reviewRequestMessages: createReviewRequestMessages({ miniAppUrl: config.telegram.miniAppUrl, publicUrl: null }),
        pollingIntervalSeconds: 0.5,
      }),
  });
  fixture = await createFixture(t.prisma);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

it("keeps one schedule of review-request rounds, and a round asks the buyer of a completed order once", async () => {
  const schedules = await t.db.read<{ name: string; cron: string; timezone: string | null }>(`SELECT name, cron, timezone FROM pgboss.schedule`, []);
  expect(schedules).toEqual([{ name: QUEUES.reviewRequests.name, cron: REVIEW_REQUESTS_CRON, timezone: "Europe/Moscow" }]);

  const product = fixture.byName("Ваза керамическая «Лён»");
  const order = await insertOrder(t.prisma, {
    status: "completed",
    telegramUserId: 830_001n,
    items: [{ productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity: 1 }],
  });
  await t.prisma.order.update({ where: { id: order.id }, data: { completedAt: new Date(Date.now() - 5 * DAY) } });

  // what the schedule does every ten minutes, now: two rounds at once still ask once
  await t.jobs!.runner.enqueue(QUEUES.reviewRequests.name, {});
  await t.jobs!.runner.enqueue(QUEUES.reviewRequests.name, {});
  await expect.poll(() => t.prisma.reviewRequest.count({ where: { orderId: order.id } }), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => t.prisma.outboxMessage.count({ where: { chatId: 830_001n, dedupeKey: `order:${order.id}:review-request` } }), { timeout: 5_000 }).toBe(1);
});
