import type { Prisma, PrismaClient } from "@shop/prisma/db";
import { ADMIN_ORDERS_PAGE_SIZE } from "@shop/shared/constants";
import type { OrderStatusValue, PaymentStatusValue } from "@shop/shared/schemas/orders";
import { orderInclude, toOrder, type Order } from "../orders";
import { invalid } from "../errors";
import { DELIVERY_METHODS, isDeliveryMethod } from "@shop/shared/delivery";

/**
 * Orders a manager can find (docs/product.md#finding-orders): one text matched against the number, the customer's
 * name, phone and Telegram username and the products' names and articles, and filters by status, payment,
 * source, delivery method and Moscow days. The list, the packing list and the CSV export read the same selection.
 */
export interface OrderSearch {
  q?: string;
  status?: OrderStatusValue | "all";
  paymentStatus?: PaymentStatusValue;
  source?: string;
  /** a delivery method (shared/src/delivery.ts), or "none": orders without one (the manager agrees the delivery) */
  deliveryMethod?: string;
  /** YYYY-MM-DD, Moscow days, both included */
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
}

export interface OrderSearchPage {
  orders: Order[];
  total: number;
  totalPages: number;
  page: number;
}

export const DATE_RANGE_INVALID = "Дата «с» позже даты «по»";
export const DELIVERY_FILTER_INVALID = `Неизвестный способ доставки. Возможные: ${[...DELIVERY_METHODS, "none"].join(", ")}`;
/** The most orders one CSV export holds. */
export const EXPORT_MAX_ORDERS = 10_000;

const MOSCOW = "+03:00";
const startOfDay = (day: string) => new Date(`${day}T00:00:00${MOSCOW}`);
const DAY_MS = 24 * 3600 * 1000;

/** The digits of a phone as stored (+7XXXXXXXXXX) that a typed phone names: 8 or 7 in front is the country. */
function phoneDigits(text: string): string | null {
  const digits = text.replace(/\D/g, "");
  if (digits.length < 3) return null;
  return digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : digits;
}

export function orderSearchWhere(search: OrderSearch): Prisma.OrderWhereInput {
  const and: Prisma.OrderWhereInput[] = [];
  if (search.status && search.status !== "all") and.push({ status: search.status });
  if (search.paymentStatus) and.push({ paymentStatus: search.paymentStatus });
  if (search.source) and.push({ source: search.source });
  if (search.deliveryMethod === "none") and.push({ OR: [{ delivery: null }, { delivery: { method: null } }] });
  else if (search.deliveryMethod) {
    if (!isDeliveryMethod(search.deliveryMethod)) throw invalid(DELIVERY_FILTER_INVALID, { delivery_method: DELIVERY_FILTER_INVALID });
    and.push({ delivery: { method: search.deliveryMethod } });
  }
  if (search.from && search.to && search.from > search.to) throw invalid(DATE_RANGE_INVALID, { from: DATE_RANGE_INVALID });
  if (search.from) and.push({ createdAt: { gte: startOfDay(search.from) } });
  if (search.to) and.push({ createdAt: { lt: new Date(startOfDay(search.to).getTime() + DAY_MS) } });
  const q = search.q?.replace(/\s+/g, " ").trim() ?? "";
  if (q) {
    const text = { contains: q, mode: "insensitive" as const };
    const or: Prisma.OrderWhereInput[] = [
      { orderNumber: { contains: q.replace(/^№\s*/, "") } },
      { customerName: text },
      { telegramUsername: { contains: q.replace(/^@/, ""), mode: "insensitive" } },
      { items: { some: { OR: [{ productName: text }, { productSku: text }] } } },
    ];
    const digits = phoneDigits(q);
    if (digits && /^[\d\s()+-]+$/.test(q)) or.push({ customerPhone: { contains: digits } });
    and.push({ OR: or });
  }
  return and.length > 0 ? { AND: and } : {};
}

export async function searchOrders(prisma: PrismaClient, search: OrderSearch): Promise<OrderSearchPage> {
  const page = search.page ?? 1;
  const limit = search.limit ?? ADMIN_ORDERS_PAGE_SIZE;
  const where = orderSearchWhere(search);
  const [total, rows] = await Promise.all([
    prisma.order.count({ where }),
    prisma.order.findMany({
      where,
      include: orderInclude,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: Math.min((page - 1) * limit, 2_000_000_000),
      take: limit,
    }),
  ]);
  return { orders: rows.map(toOrder), total, totalPages: Math.ceil(total / limit), page };
}

/** Every order of the selection, newest first, up to EXPORT_MAX_ORDERS: what the CSV export writes. */
export async function ordersForExport(prisma: PrismaClient, search: OrderSearch): Promise<Order[]> {
  const rows = await prisma.order.findMany({
    where: orderSearchWhere(search),
    include: orderInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: EXPORT_MAX_ORDERS,
  });
  return rows.map(toOrder);
}
