import type { Database, PrismaClient } from "@shop/prisma/db";
import { nextSku } from "@shop/prisma/sequences";
import type { CheckoutForm } from "@shop/shared/checkout";
import { toDecimal, toKopecks, type Kopecks } from "@shop/shared/money";
import { computeTotals } from "@shop/shared/pricing";
import { normalizeSearchText } from "@shop/shared/text";
import { ShopError, type ShopErrorKind } from "@shop/core/errors";
import type { Order, OrderNotifier, PlaceOrderInput, RequestedLine } from "@shop/core/orders";

/**
 * What the core's tests share: a small known catalogue written straight into the database, a valid checkout form,
 * a notifier that writes recognisable messages (as the bot's does, one per chat and event), and readers of what the
 * database holds afterwards. The core's own tests import nothing of the API or the bot.
 */

/** A valid checkout form; tests override what they are about. */
export const CONTACT: CheckoutForm = {
  customer_name: "Анна Смирнова",
  customer_phone: "+7 (912) 345-67-89",
  delivery_address: "Москва, ул. Ленина, 1",
  comment: "Позвонить заранее",
};

export interface ShopProduct {
  id: number;
  name: string;
  sku: string;
  /** roubles, as the catalogue shows it */
  price: number;
}

export interface ShopFixture {
  categories: { ceramics: number; textile: number; candles: number; gift: number; eco: number; new: number };
  products: ShopProduct[];
  byName(name: string): ShopProduct;
}

type Main = "ceramics" | "textile" | "candles";
type Tag = "gift" | "eco" | "new";

/** Created in this order, so ids rise down the list: the last is the newest. */
export const PRODUCTS: { name: string; price: number; main: Main; tags: Tag[]; images: number }[] = [
  { name: "Ваза керамическая «Лён»", price: 1890, main: "ceramics", tags: ["gift"], images: 2 },
  { name: "Кружка ручной лепки", price: 650, main: "ceramics", tags: ["gift", "new"], images: 1 },
  { name: "Тарелка «Ёлочка»", price: 420.5, main: "ceramics", tags: ["new"], images: 1 },
  { name: "Салатник глазурованный", price: 1240, main: "ceramics", tags: [], images: 0 },
  { name: "Плед вязаный из шерсти", price: 5400, main: "textile", tags: ["eco"], images: 3 },
  { name: "Подушка льняная", price: 990, main: "textile", tags: ["eco", "gift"], images: 1 },
  { name: "Салфетки льняные, 4 шт.", price: 780, main: "textile", tags: [], images: 1 },
  { name: "Свеча соевая «Ваниль»", price: 350, main: "candles", tags: ["eco", "gift"], images: 1 },
  { name: "Свеча в бетонном стакане", price: 650, main: "candles", tags: ["new"], images: 2 },
  { name: "Набор свечей «Ёлка»", price: 1490.9, main: "candles", tags: ["gift"], images: 1 },
];

/** 3 main categories, 3 tags and the 10 products above, their stock not counted. */
export async function createShop(prisma: PrismaClient): Promise<ShopFixture> {
  const category = async (name: string, type: "main" | "sub") => (await prisma.category.create({ data: { name, type } })).id;
  const categories = {
    ceramics: await category("Керамика", "main"),
    textile: await category("Текстиль", "main"),
    candles: await category("Свечи", "main"),
    gift: await category("В подарок", "sub"),
    eco: await category("Эко", "sub"),
    new: await category("Новинки", "sub"),
  };
  const products: ShopProduct[] = [];
  for (const [index, item] of PRODUCTS.entries()) {
    const sku = await nextSku(prisma);
    const product = await prisma.product.create({
      data: {
        sku,
        name: item.name,
        searchName: normalizeSearchText(item.name),
        price: item.price,
        description: `Описание: ${item.name}.`,
        images: { create: Array.from({ length: item.images }, (_, i) => ({ imageUrl: `/uploads/shop-${index}-${i}.webp`, position: i })) },
        categories: { create: [item.main, ...item.tags].map((key) => ({ categoryId: categories[key] })) },
      },
    });
    products.push({ id: product.id, name: product.name, sku, price: item.price });
  }
  return {
    categories,
    products,
    byName(name) {
      const found = products.find((p) => p.name === name);
      if (!found) throw new Error(`no product ${name} in the test shop`);
      return found;
    },
  };
}

export const MANAGER = BigInt(-100700);

export interface TestNotifier extends OrderNotifier {
  /** how many times the core said messages were committed */
  readonly queuedCalls: number;
}

/**
 * Messages as the bot writes them, with texts a test can read: a card per new order for the manager chat, a
 * status message to the order's Telegram user (none without one), stock messages to the manager, restock messages
 * to each subscriber, and with `payments` invoices and paid notes. Each dedupe key names its event as the bot's do.
 */
export function testNotifier(options: { lowStockThreshold?: number; payments?: boolean } = {}): TestNotifier {
  let queuedCalls = 0;
  const notifier: TestNotifier = {
    get queuedCalls() {
      return queuedCalls;
    },
    lowStockThreshold: options.lowStockThreshold,
    queued: () => void queuedCalls++,
    orderCreated: (order) => [{ chatId: MANAGER, dedupeKey: `order:${order.id}:created`, payload: { text: `Новый заказ №${order.number}` } }],
    orderStatusChanged: (order, previous) =>
      order.telegramUser
        ? [
            {
              chatId: order.telegramUser.id,
              dedupeKey: `order:${order.id}:status:${order.status}:${order.updatedAt.getTime()}`,
              payload: { text: `Заказ №${order.number}: ${previous} → ${order.status}` },
            },
          ]
        : [],
    stockFell: (product, left, event) => [
      {
        chatId: MANAGER,
        dedupeKey: `stock:${product.id}:${left === 0 ? "sold-out" : `low:${left}`}:${event}`,
        payload: { text: left === 0 ? `Товар закончился: ${product.name}` : `Товар заканчивается: ${product.name} — осталось ${left} шт.` },
      },
    ],
    backInStock: (product, subscribers, event) =>
      subscribers.map((chatId) => ({ chatId, dedupeKey: `back-in-stock:${product.id}:${event}`, payload: { text: `Снова в наличии: ${product.name}` } })),
  };
  if (options.payments) {
    notifier.invoiceIssued = (order: Order) =>
      order.telegramUser
        ? [
            {
              chatId: order.telegramUser.id,
              dedupeKey: `order:${order.id}:invoice:${order.payment.invoiceNumber}`,
              payload: { text: `Счёт №${order.payment.invoiceNumber} на ${order.totals.total}` },
            },
          ]
        : [];
    notifier.orderPaid = (order: Order) => {
      const dedupeKey = `order:${order.id}:paid:${order.payment.paidAt?.getTime() ?? 0}`;
      const messages = [{ chatId: MANAGER, dedupeKey, payload: { text: `Заказ №${order.number} оплачен` } }];
      if (order.telegramUser) messages.push({ chatId: order.telegramUser.id, dedupeKey, payload: { text: `Спасибо за оплату заказа №${order.number}` } });
      return messages;
    };
  }
  return notifier;
}

/** The outbox as [chat, text], in the order the rows were written. */
export async function outbox(prisma: PrismaClient): Promise<[bigint, string][]> {
  const rows = await prisma.outboxMessage.findMany({ orderBy: { id: "asc" } });
  return rows.map((row) => [row.chatId, (row.payload as { text: string }).text]);
}

export async function stockOf(prisma: PrismaClient, productId: number): Promise<number | null> {
  return (await prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { stock: true } })).stock;
}

export async function setStock(prisma: PrismaClient, productId: number, stock: number | null, madeToOrderDays: number | null = null): Promise<void> {
  await prisma.product.update({ where: { id: productId }, data: { stock, madeToOrderDays } });
}

/** What a call was refused with, for assertions on its kind and message; fails the test when it was not refused. */
export async function refusal(promise: Promise<unknown>): Promise<ShopError> {
  const outcome = await promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!("error" in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.value, (_, v: unknown) => (typeof v === "bigint" ? String(v) : v))}`);
  if (!(outcome.error instanceof ShopError)) throw outcome.error;
  return outcome.error;
}

/** kind and message of a ShopError, the way a test compares them */
export const shopError = (kind: ShopErrorKind, message: string) => ({ kind, message });

/** A placeOrder input for a website checkout without a bot; tests override what they are about. */
export function checkout(lines: RequestedLine[], overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return { contact: CONTACT, lines, source: "website", telegramUser: null, idempotencyKey: null, ...overrides };
}

/** The last order number the database's sequence handed out. */
export async function lastOrderNumber(db: Database): Promise<string> {
  const [row] = await db.read<{ last_value: string }>(`SELECT last_value::text AS last_value FROM order_number_seq`, []);
  return row!.last_value;
}

export interface OrderRowInput {
  createdAt: Date;
  status?: "new" | "processing" | "shipped" | "completed" | "cancelled";
  source?: string;
  customerName?: string;
  customerPhone?: string;
  telegramUserId?: bigint | null;
  items: { product: ShopProduct; quantity: number }[];
}

/**
 * An order written straight into the database with a chosen date and status, as orders of past days are found
 * there: for statistics. Its number comes from the shop's sequence and its totals follow the shop's own rules
 * (computeTotals); the total is given back in kopecks, as the core counts money.
 */
export async function insertOrder(db: Database, input: OrderRowInput): Promise<{ id: number; total: Kopecks }> {
  const { prisma } = db;
  const lines = input.items.map(({ product, quantity }) => ({ product, quantity, price: toKopecks(product.price) }));
  const totals = computeTotals(lines);
  if (input.telegramUserId != null) {
    await prisma.telegramCustomer.upsert({ where: { telegramUserId: input.telegramUserId }, create: { telegramUserId: input.telegramUserId }, update: {} });
  }
  const [number] = await db.read<{ n: string }>(`SELECT nextval('order_number_seq')::text AS n`, []);
  const order = await prisma.order.create({
    data: {
      orderNumber: number!.n,
      createdAt: input.createdAt,
      status: input.status ?? "new",
      source: input.source ?? "website",
      customerName: input.customerName ?? "Анна Смирнова",
      customerPhone: input.customerPhone ?? "+79991234567",
      telegramUserId: input.telegramUserId ?? null,
      subtotal: toDecimal(totals.subtotal),
      discountPercent: totals.discountPercent,
      discountAmount: toDecimal(totals.discount),
      deliveryCost: toDecimal(totals.delivery),
      total: toDecimal(totals.total),
      items: {
        create: lines.map(({ product, quantity, price }) => ({
          productId: product.id,
          productName: product.name,
          productSku: product.sku,
          price: toDecimal(price),
          quantity,
        })),
      },
    },
  });
  return { id: order.id, total: totals.total };
}
