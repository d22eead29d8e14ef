import type { Prisma } from "@shop/prisma/db";
import { nextOrderNumber } from "@shop/prisma/sequences";
import type { Totals } from "@shop/shared/pricing";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import type { TelegramIdentity } from "../customers/telegram-customers";
import { upsertTelegramCustomer } from "../customers/telegram-customers";
import type { OrderNotifier } from "./notifications";
import type { CartLine, Order, OrderContact } from "./order";
import { orderInclude, toOrder } from "./order-record";

/** Transactions wait for a connection (or, embedded, for the one before them) rather than fail under a burst. */
export const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 } as const;

const money = (value: number) => value.toFixed(2);

export interface NewOrder {
  source: OrderSourceValue;
  contact: OrderContact;
  lines: readonly CartLine[];
  totals: Totals;
  telegramUser: TelegramIdentity | null;
  idempotencyKey?: string | null;
}

/**
 * Writes an order inside the caller's transaction: its number from the shared sequence, its lines, its
 * Telegram customer, and the notifications it announces (outbox rows), all committed together or not at all.
 */
export async function writeOrder(tx: Prisma.TransactionClient, notifier: OrderNotifier, input: NewOrder): Promise<Order> {
  const user = input.telegramUser;
  if (user) await upsertTelegramCustomer(tx, user);
  const row = await tx.order.create({
    data: {
      orderNumber: await nextOrderNumber(tx),
      source: input.source,
      customerName: input.contact.customerName,
      customerPhone: input.contact.customerPhone,
      deliveryAddress: input.contact.deliveryAddress,
      comment: input.contact.comment,
      subtotal: money(input.totals.subtotal),
      discountPercent: input.totals.discountPercent,
      discountAmount: money(input.totals.discount),
      deliveryCost: money(input.totals.delivery),
      total: money(input.totals.total),
      telegramUserId: user ? BigInt(user.id) : null,
      telegramUsername: user?.username?.slice(0, 64) ?? null,
      telegramFirstName: user?.first_name?.slice(0, 128) ?? null,
      telegramLastName: user?.last_name?.slice(0, 128) ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      items: {
        create: input.lines.map((line) => ({
          productId: line.productId,
          productName: line.name,
          productSku: line.sku,
          productImage: line.image,
          price: money(line.price),
          quantity: line.quantity,
        })),
      },
    },
    include: orderInclude,
  });
  const order = toOrder(row);
  await notifier.orderCreated(tx, order);
  return order;
}

/** Finds the row a concurrent request with the same Idempotency-Key wrote, after our insert lost the race. */
export async function afterKeyConflict<T>(error: unknown, key: string | null, find: () => Promise<T | null>): Promise<T> {
  if (key) {
    const existing = await find().catch(() => null);
    if (existing) return existing;
  }
  throw error;
}
