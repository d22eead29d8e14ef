import type { Prisma, PrismaClient } from "@shop/prisma/db";
import { normalizePhone } from "@shop/shared/phone";
import { fromDecimal, type Kopecks } from "@shop/shared/money";
import { orderInclude, toOrder, type Order } from "../orders";
import { invalid, notFound } from "../errors";

export const CUSTOMER_QUERY_REQUIRED = "Укажите телефон или Telegram-аккаунт покупателя";
export const CUSTOMER_NOT_FOUND = "Заказов этого покупателя нет";
/** The most orders a card lists; the count and the sum cover them all. */
export const CARD_MAX_ORDERS = 200;

export interface CustomerCard {
  name: string;
  phone: string | null;
  telegramUserId: bigint | null;
  telegramUsername: string | null;
  ordersCount: number;
  /** orders that are not cancelled */
  totalSpent: Kopecks;
  lastAddress: string | null;
  /** newest first */
  orders: Order[];
}

/** Everything the shop knows of one customer: every order of that phone or that Telegram account. */
export async function customerCard(prisma: PrismaClient, who: { phone?: string; telegramUserId?: bigint }): Promise<CustomerCard> {
  const phone = who.phone ? (normalizePhone(who.phone) ?? who.phone.trim()) : null;
  const or: Prisma.OrderWhereInput[] = [];
  if (phone) or.push({ customerPhone: phone });
  if (who.telegramUserId !== undefined) or.push({ telegramUserId: who.telegramUserId });
  if (or.length === 0) throw invalid(CUSTOMER_QUERY_REQUIRED);
  const rows = await prisma.order.findMany({
    where: { OR: or },
    include: orderInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: CARD_MAX_ORDERS,
  });
  if (rows.length === 0) throw notFound(CUSTOMER_NOT_FOUND);
  const orders = rows.map(toOrder);
  const [count, spent] = await Promise.all([
    prisma.order.count({ where: { OR: or } }),
    prisma.order.aggregate({ where: { OR: or, status: { not: "cancelled" } }, _sum: { total: true } }),
  ]);
  const latest = orders[0]!;
  const withTelegram = orders.find((order) => order.telegramUser);
  return {
    name: latest.contact.customerName,
    phone: phone ?? latest.contact.customerPhone,
    telegramUserId: withTelegram?.telegramUser?.id ?? null,
    telegramUsername: withTelegram?.telegramUser?.username ?? null,
    ordersCount: count,
    totalSpent: fromDecimal(spent._sum.total ?? 0),
    lastAddress: orders.find((order) => order.contact.deliveryAddress?.trim())?.contact.deliveryAddress ?? null,
    orders,
  };
}
