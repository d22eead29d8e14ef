import type { FastifyInstance } from "fastify";
import type { Database } from "@shop/prisma/db";
import type { Config } from "@shop/core/config";
import type { OrderNotifier } from "@shop/core/orders";
import type { BotInfo, ProductSharer } from "@shop/core/telegram";
import type { InvoiceLinks } from "@shop/core/payments";
import type { DeliveryDesk } from "@shop/core/delivery";
import type { ShopJobs } from "@shop/core/jobs";
import type { BroadcastSender } from "@shop/core/broadcasts";
import type { DeviceCookies } from "./services/device-cookies";

/**
 * The server instance as routes and plugins see it: Fastify with the shop's decorations. Its own module, so that
 * routes name it without importing app.ts, which imports them.
 */
declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Database;
    prisma: Database["prisma"];
    notifier: OrderNotifier;
    /** the bot's username, settable once the bot learns it from getMe */
    botInfo: BotInfo;
    /** null without a bot: POST /api/telegram/share answers 503 */
    productSharer: ProductSharer | null;
    /** null without payments: POST /api/my-orders/{id}/invoice-link answers 409 */
    invoiceLinks: InvoiceLinks | null;
    /** the job queue: null where no jobs run (tests that need none) */
    jobs: ShopJobs | null;
    /** null without a bot: broadcasts cannot be previewed or sent (409) */
    broadcastSender: BroadcastSender | null;
    /** the admin sign-in's device cookies (services/device-cookies.ts), signed with a key of the JWT secret */
    deviceCookies: DeviceCookies;
    /** quotes, pickup points and cities (docs/delivery.md) */
    delivery: DeliveryDesk;
  }
}

export type App = FastifyInstance;
