import type { Prisma, PrismaClient } from "@shop/prisma/db";
import { toDecimal, toKopecks } from "@shop/shared/money";
import { computeTotals } from "@shop/shared/pricing";

/** The next order number from the shop's own sequence, as the order statements take it. */
export async function nextOrderNumber(prisma: PrismaClient | Prisma.TransactionClient): Promise<string> {
  const [row] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT nextval('order_number_seq') AS n`;
  return String(row!.n);
}

export interface OrderRowInput {
  createdAt?: Date;
  status?: "new" | "processing" | "shipped" | "completed" | "cancelled";
  source?: string;
  customerName?: string;
  customerPhone?: string;
  telegramUserId?: bigint | null;
  telegramUsername?: string | null;
  deliveryAddress?: string | null;
  /** prices in roubles, as the catalogue shows them */
  items: { productId: number | null; name: string; sku: string; price: number; quantity: number; image?: string | null }[];
}

/**
 * An order written straight into the database with a chosen date and status, for admin lists and statistics.
 * Totals follow the shop's own rules (computeTotals), so the figures tests expect are the real ones.
 */
export async function insertOrder(prisma: PrismaClient, input: OrderRowInput) {
  const totals = computeTotals(input.items.map((item) => ({ price: toKopecks(item.price), quantity: item.quantity })));
  if (input.telegramUserId != null) {
    await prisma.telegramCustomer.upsert({
      where: { telegramUserId: input.telegramUserId },
      create: { telegramUserId: input.telegramUserId, username: input.telegramUsername ?? null },
      update: {},
    });
  }
  return prisma.order.create({
    data: {
      orderNumber: await nextOrderNumber(prisma),
      createdAt: input.createdAt ?? new Date(),
      status: input.status ?? "new",
      source: input.source ?? "website",
      customerName: input.customerName ?? "Анна Смирнова",
      customerPhone: input.customerPhone ?? "79991234567",
      deliveryAddress: input.deliveryAddress ?? null,
      telegramUserId: input.telegramUserId ?? null,
      telegramUsername: input.telegramUsername ?? null,
      subtotal: toDecimal(totals.subtotal),
      discountPercent: totals.discountPercent,
      discountAmount: toDecimal(totals.discount),
      deliveryCost: toDecimal(totals.delivery),
      total: toDecimal(totals.total),
      items: {
        create: input.items.map((item) => ({
          productId: item.productId,
          productName: item.name,
          productSku: item.sku,
          productImage: item.image ?? null,
          price: item.price,
          quantity: item.quantity,
        })),
      },
    },
    include: { items: { orderBy: { id: "asc" } } },
  });
}
