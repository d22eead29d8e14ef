import type { PrismaClient } from "@shop/prisma/db";
import { retryingConflicts } from "@shop/prisma/unavailable";
import type { CategoryBody } from "@shop/shared/schemas/admin";
import type { Category, CategoryType } from "@shop/shared/schemas/catalog";
import { looksEmpty } from "@shop/shared/text";
import { conflict, invalid as badRequest, notFound } from "../errors";
import { prismaTransactionSql } from "@shop/prisma/db";
import { recordAudit, type AuditActor } from "../audit";

const CATEGORY_TYPE_LABELS = { main: "категория", sub: "тег" } as const;

/**
 * Category management for the admin panel: the 'Основные' and 'Теги' tabs of the category manager
 * (docs/product.md#products-and-categories).
 */

export const CATEGORY_NOT_FOUND = "Категория не найдена";
export const CATEGORY_NAME_REQUIRED = "Введите название категории";
export const CATEGORY_NAME_EMPTY = "Название не может быть пустым";

const cleanName = (name: string) => name.replace(/\s+/g, " ").trim();

const duplicateMessage = (type: CategoryType, name: string) =>
  type === "main" ? `Категория «${name}» уже существует` : `Тег «${name}» уже существует`;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

async function withCount(prisma: PrismaClient, id: number): Promise<Category> {
  const row = await prisma.category.findUnique({ where: { id }, include: { _count: { select: { products: true } } } });
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return { id: row.id, name: row.name, type: row.type, product_count: row._count.products };
}

/** Names are unique per type regardless of letter case: 'Керамика' and 'керамика' would look like one category. */
async function assertNameFree(prisma: PrismaClient, type: CategoryType, name: string, exceptId?: number) {
  const clash = await prisma.category.findFirst({
    where: { type, name: { equals: name, mode: "insensitive" }, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { name: true },
  });
  if (clash) throw conflict(duplicateMessage(type, clash.name));
}

export async function createCategory(prisma: PrismaClient, body: CategoryBody, actor?: AuditActor): Promise<Category> {
  const name = cleanName(body.name);
  if (looksEmpty(name)) throw badRequest(CATEGORY_NAME_REQUIRED, { name: CATEGORY_NAME_REQUIRED });
  await assertNameFree(prisma, body.type, name);
  try {
    const row = await prisma.$transaction(async (tx) => {
      const created = await tx.category.create({ data: { name, type: body.type } });
      const after = { name, type: CATEGORY_TYPE_LABELS[body.type] };
      await recordAudit(prismaTransactionSql(tx), actor, { kind: "category", action: "create", entityId: created.id, label: name, after });
      return created;
    });
    return { id: row.id, name: row.name, type: row.type, product_count: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateMessage(body.type, name));
    throw error;
  }
}

/**
 * Renames and/or retypes. Turning a tag into a main category is refused while a product that has it also has
 * another main category: a product has at most one main category.
 */
export async function updateCategory(prisma: PrismaClient, id: number, body: CategoryBody, actor?: AuditActor): Promise<Category> {
  const name = cleanName(body.name);
  if (looksEmpty(name)) throw badRequest(CATEGORY_NAME_EMPTY, { name: CATEGORY_NAME_EMPTY });
  const current = await prisma.category.findUnique({ where: { id } });
  if (!current) throw notFound(CATEGORY_NOT_FOUND);
  await assertNameFree(prisma, body.type, name, id);
  if (current.type === "sub" && body.type === "main") {
    const clashing = await prisma.product.count({
      where: {
        AND: [
          { categories: { some: { categoryId: id } } },
          { categories: { some: { categoryId: { not: id }, category: { type: "main" } } } },
        ],
      },
    });
    if (clashing > 0) {
      throw conflict(`Нельзя сделать тег основной категорией: у ${clashing} шт. товаров с этим тегом уже есть основная категория`);
    }
  }
  try {
    await prisma.$transaction(async (tx) => {
      await tx.category.update({ where: { id }, data: { name, type: body.type } });
      const before = { name: current.name, type: CATEGORY_TYPE_LABELS[current.type] };
      const after = { name, type: CATEGORY_TYPE_LABELS[body.type] };
      await recordAudit(prismaTransactionSql(tx), actor, { kind: "category", action: "update", entityId: id, label: name, before, after });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateMessage(body.type, name));
    throw error;
  }
  return withCount(prisma, id);
}

/** Deletes the category; its product links go with it (the products stay, detached). */
export async function deleteCategory(prisma: PrismaClient, id: number, actor?: AuditActor): Promise<{ ok: true; detachedProducts: number }> {
  return retryingConflicts(() => prisma.$transaction(async (tx) => {
    const category = await tx.category.findUnique({ where: { id }, select: { id: true, name: true, type: true } });
    if (!category) throw notFound(CATEGORY_NOT_FOUND);
    const { count } = await tx.productCategory.deleteMany({ where: { categoryId: id } });
    await tx.category.delete({ where: { id } });
    const before = { name: category.name, type: CATEGORY_TYPE_LABELS[category.type], products: count };
    await recordAudit(prismaTransactionSql(tx), actor, { kind: "category", action: "delete", entityId: id, label: category.name, before });
    return { ok: true as const, detachedProducts: count };
  }));
}
