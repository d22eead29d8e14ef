import { prismaTransactionSql, type Database } from "@shop/prisma/db";
import { fromDecimal, toDecimal, type Kopecks } from "@shop/shared/money";
import { moscowDay, moscowDayStart, normalizePromoCode, PROMO_CODE_PATTERN, PROMO_MESSAGES, type PromoKind, type PromoScope } from "@shop/shared/promo-codes";
import { recordAudit, type AuditActor } from "../audit";
import { conflict, invalid, notFound } from "../errors";

/**
 * The admin's promo codes (docs/product.md#promo-codes): created, edited and switched off (never deleted from the
 * list, so its orders keep their code), each change written to the audit log in the same transaction; the list
 * shows each code's uses, orders and revenue.
 */

export const PROMO_ADMIN_MESSAGES = {
  notFound: "Промокод не найден",
  taken: (code: string) => `Промокод «${code}» уже есть`,
  percent: "Процент скидки — целое число от 1 до 100",
  amount: "Сумма скидки должна быть больше нуля",
  minOrder: "Минимальная сумма заказа не может быть отрицательной",
  limit: "Лимит использований — целое число от 1 или пусто",
  dates: "Дата окончания не может быть раньше даты начала",
  badDate: "Дата — в формате ГГГГ-ММ-ДД",
  noCategories: "Выберите хотя бы одну категорию",
  noProducts: "Выберите хотя бы один товар",
} as const;

/** A code as the admin edits it: money in kopecks, dates as Moscow days (both included). */
export interface PromoCodeInput {
  code: string;
  kind: PromoKind;
  percent: number;
  amount: Kopecks;
  minOrder: Kopecks;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  /** 'YYYY-MM-DD' */
  startsOn: string | null;
  endsOn: string | null;
  scope: PromoScope;
  categoryIds: number[];
  productIds: number[];
  active: boolean;
}

export interface PromoCodeSummary extends PromoCodeInput {
  id: number;
  uses: number;
  /** orders placed with it and not cancelled */
  orders: number;
  /** those orders' totals */
  revenue: Kopecks;
  /** the discount those orders got */
  discounts: Kopecks;
  createdAt: Date;
  updatedAt: Date;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkInput(input: PromoCodeInput): PromoCodeInput {
  const code = normalizePromoCode(input.code);
  const fields: Record<string, string> = {};
  if (!PROMO_CODE_PATTERN.test(code)) fields.code = PROMO_MESSAGES.badFormat;
  if (input.kind === "percent" && !(Number.isInteger(input.percent) && input.percent >= 1 && input.percent <= 100)) fields.value = PROMO_ADMIN_MESSAGES.percent;
  if (input.kind === "fixed" && !(input.amount > 0)) fields.value = PROMO_ADMIN_MESSAGES.amount;
  if (input.minOrder < 0) fields.min_order = PROMO_ADMIN_MESSAGES.minOrder;
  const limitOk = (n: number | null) => n === null || (Number.isInteger(n) && n >= 1);
  if (!limitOk(input.maxUses)) fields.max_uses = PROMO_ADMIN_MESSAGES.limit;
  if (!limitOk(input.maxUsesPerCustomer)) fields.max_uses_per_customer = PROMO_ADMIN_MESSAGES.limit;
  for (const [key, day] of [["starts_on", input.startsOn], ["ends_on", input.endsOn]] as const) {
    if (day !== null && (!DAY.test(day) || Number.isNaN(moscowDayStart(day).getTime()))) fields[key] = PROMO_ADMIN_MESSAGES.badDate;
  }
  if (!fields.starts_on && !fields.ends_on && input.startsOn && input.endsOn && input.endsOn < input.startsOn) fields.ends_on = PROMO_ADMIN_MESSAGES.dates;
  if (input.scope === "categories" && input.categoryIds.length === 0) fields.category_ids = PROMO_ADMIN_MESSAGES.noCategories;
  if (input.scope === "products" && input.productIds.length === 0) fields.product_ids = PROMO_ADMIN_MESSAGES.noProducts;
  const first = Object.values(fields)[0];
  if (first) throw invalid(first, fields);
  return {
    ...input,
    code,
    percent: input.kind === "percent" ? input.percent : 0,
    amount: input.kind === "fixed" ? input.amount : 0,
    categoryIds: input.scope === "categories" ? [...new Set(input.categoryIds)] : [],
    productIds: input.scope === "products" ? [...new Set(input.productIds)] : [],
  };
}

const toData = (input: PromoCodeInput) => ({
  code: input.code,
  kind: input.kind,
  percent: input.percent,
  amount: toDecimal(input.amount),
  minOrder: toDecimal(input.minOrder),
  maxUses: input.maxUses,
  maxUsesPerCustomer: input.maxUsesPerCustomer,
  startsAt: input.startsOn ? moscowDayStart(input.startsOn) : null,
  endsAt: input.endsOn ? moscowDayStart(input.endsOn, true) : null,
  scope: input.scope,
  categoryIds: input.categoryIds,
  productIds: input.productIds,
  active: input.active,
});

interface SummaryRow {
  id: number;
  code: string;
  kind: string;
  percent: number;
  amount: string;
  min_order: string;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
  starts_at: Date | null;
  ends_at: Date | null;
  scope: string;
  category_ids: number[];
  product_ids: number[];
  active: boolean;
  created_at: Date;
  updated_at: Date;
  orders: number;
  revenue: string;
  discounts: string;
}

const SUMMARY = `SELECT c.id, c.code, c.kind, c.percent, c.amount::text AS amount, c.min_order::text AS min_order, c.max_uses,
       c.max_uses_per_customer, c.uses, c.starts_at, c.ends_at, c.scope, c.category_ids, c.product_ids, c.active, c.created_at, c.updated_at,
       count(o.id)::int AS orders, coalesce(sum(o.total), 0)::text AS revenue, coalesce(sum(o.discount_amount), 0)::text AS discounts
  FROM promo_codes c LEFT JOIN orders o ON o.promo_code_id = c.id AND o.status <> 'cancelled'`;

function toSummary(row: SummaryRow): PromoCodeSummary {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as PromoKind,
    percent: row.percent,
    amount: fromDecimal(row.amount),
    minOrder: fromDecimal(row.min_order),
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    startsOn: row.starts_at ? moscowDay(row.starts_at) : null,
    endsOn: row.ends_at ? moscowDay(new Date(row.ends_at.getTime() - 1)) : null,
    scope: row.scope as PromoScope,
    categoryIds: row.category_ids ?? [],
    productIds: row.product_ids ?? [],
    active: row.active,
    uses: row.uses,
    orders: row.orders,
    revenue: fromDecimal(row.revenue),
    discounts: fromDecimal(row.discounts),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every code, newest first, with its uses, orders and revenue. */
export async function listPromoCodes(db: Pick<Database, "read">): Promise<PromoCodeSummary[]> {
  const rows = await db.read<SummaryRow>(`${SUMMARY} GROUP BY c.id ORDER BY c.created_at DESC, c.id DESC`, []);
  return rows.map(toSummary);
}

export async function getPromoCode(db: Pick<Database, "read">, id: number): Promise<PromoCodeSummary> {
  const [row] = await db.read<SummaryRow>(`${SUMMARY} WHERE c.id = $1 GROUP BY c.id`, [id]);
  if (!row) throw notFound(PROMO_ADMIN_MESSAGES.notFound);
  return toSummary(row);
}

const forLog = (input: PromoCodeInput): Record<string, unknown> => ({ ...input });

export async function createPromoCode(db: Database, input: PromoCodeInput, actor?: AuditActor): Promise<PromoCodeSummary> {
  const checked = checkInput(input);
  const id = await db.prisma.$transaction(async (tx) => {
    const taken = await tx.promoCode.findUnique({ where: { code: checked.code }, select: { id: true } });
    if (taken) throw conflict(PROMO_ADMIN_MESSAGES.taken(checked.code));
    const created = await tx.promoCode.create({ data: toData(checked), select: { id: true } });
    await recordAudit(prismaTransactionSql(tx), actor, { kind: "promo", action: "create", entityId: created.id, label: checked.code, after: forLog(checked) });
    return created.id;
  });
  return getPromoCode(db, id);
}

/** Edits a code, or switches it on or off (`active`); the fields that changed go to the audit log. */
export async function updatePromoCode(db: Database, id: number, input: PromoCodeInput, actor?: AuditActor): Promise<PromoCodeSummary> {
  const checked = checkInput(input);
  await db.prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM promo_codes WHERE id = ${id} FOR UPDATE`;
    if (!locked) throw notFound(PROMO_ADMIN_MESSAGES.notFound);
    const before = toSummary((await prismaTransactionSql(tx).query<SummaryRow>(`${SUMMARY} WHERE c.id = $1 GROUP BY c.id`, [id]))[0]!);
    const taken = await tx.promoCode.findFirst({ where: { code: checked.code, id: { not: id } }, select: { id: true } });
    if (taken) throw conflict(PROMO_ADMIN_MESSAGES.taken(checked.code));
    const changed = (Object.keys(checked) as (keyof PromoCodeInput)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(checked[key]));
    if (changed.length === 0) return;
    await tx.promoCode.update({ where: { id }, data: toData(checked) });
    const action = changed.length === 1 && changed[0] === "active" ? (checked.active ? "switch-on" : "switch-off") : "update";
    await recordAudit(prismaTransactionSql(tx), actor, {
      kind: "promo",
      action,
      entityId: id,
      label: checked.code,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, checked[key]])),
    });
  });
  return getPromoCode(db, id);
}
