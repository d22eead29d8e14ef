import { prismaTransactionSql, type PrismaClient } from "@shop/prisma/db";
import { looksEmpty } from "@shop/shared/text";
import { recordAudit, type AuditActor } from "../audit";
import { invalid, notFound, ORDER_NOT_FOUND } from "../errors";

export const NOTE_REQUIRED = "Введите текст заметки";

export interface OrderNote {
  id: number;
  authorName: string;
  text: string;
  createdAt: Date;
}

/** Staff's notes on an order, oldest first: for staff only, never shown to the customer. */
export async function listOrderNotes(prisma: PrismaClient, orderId: number): Promise<OrderNote[]> {
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: { id: true } });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return prisma.orderNote.findMany({
    where: { orderId },
    orderBy: { id: "asc" },
    select: { id: true, authorName: true, text: true, createdAt: true },
  });
}

export async function addOrderNote(prisma: PrismaClient, actor: AuditActor, orderId: number, rawText: string): Promise<OrderNote> {
  const text = rawText.trim();
  if (looksEmpty(text)) throw invalid(NOTE_REQUIRED, { text: NOTE_REQUIRED });
  return prisma.$transaction(async (tx) => {
    const order = await tx.order.findUnique({ where: { id: orderId }, select: { orderNumber: true } });
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const note = await tx.orderNote.create({
      data: { orderId, staffId: actor.staffId, authorName: actor.staffName, text },
      select: { id: true, authorName: true, text: true, createdAt: true },
    });
    await recordAudit(prismaTransactionSql(tx), actor, { kind: "order", action: "note", entityId: orderId, label: `№${order.orderNumber}`, after: { note: text } });
    return note;
  });
}
