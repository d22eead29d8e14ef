import type { Database, Sql } from "@shop/prisma/db";
import type { Product } from "@shop/shared/schemas/catalog";

/**
 * Who made a change, and from where: the panel (a signed-in staff account) or the bot (a bound manager). No
 * staffId: a press in a managers' chat of a shop that has bound nobody yet (docs/telegram.md), named by its
 * Telegram account.
 */
export interface AuditActor {
  staffId: number | null;
  staffName: string;
  via: "panel" | "bot";
}

export const AUDIT_KINDS = ["product", "stock", "category", "order", "invoice", "refund", "settings", "staff", "review", "promo", "broadcast"] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditChange {
  kind: AuditKind;
  /** what was done, in the shop's words: create, update, delete, status, adjust, note… */
  action: string;
  entityId?: number | null;
  /** what was changed, for a person: an order's number, a product's name, a login */
  label?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditEntry extends Required<Omit<AuditChange, "entityId" | "before" | "after">> {
  id: string;
  at: Date;
  staffId: number | null;
  staffName: string;
  via: string;
  entityId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Writes one entry of the audit log with the statements of the change it describes (the same `sql`, so the same
 * transaction): a change rolled back leaves no entry, and an entry never outlives its change. Without an actor
 * (a shopper's order taking stock, the shop's own jobs) nothing is written: the log is of staff's changes.
 */
export async function recordAudit(sql: Sql, actor: AuditActor | undefined, change: AuditChange): Promise<void> {
  if (!actor) return;
  await sql.query(
    `INSERT INTO audit_log (staff_id, staff_name, via, kind, action, entity_id, label, before, after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [
      actor.staffId,
      actor.staffName,
      actor.via,
      change.kind,
      change.action,
      change.entityId ?? null,
      (change.label ?? "").slice(0, 300),
      change.before ? JSON.stringify(change.before) : null,
      change.after ? JSON.stringify(change.after) : null,
    ],
  );
}

/**
 * The fields that differ between two shapes of one thing, each side with only those fields: what an update's
 * entry keeps, so that a price change reads as a price change.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}

export interface AuditFilter {
  staffId?: number;
  kind?: AuditKind;
  /** both kinds of one thing's history: an order's (order, invoice, refund) or a product's (product, stock) */
  kinds?: readonly AuditKind[];
  entityId?: number;
  /** inclusive, and exclusive */
  from?: Date;
  to?: Date;
  page?: number;
  limit?: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  totalPages: number;
}

interface AuditRow {
  id: string;
  created_at: Date;
  staff_id: number | null;
  staff_name: string;
  via: string;
  kind: AuditKind;
  action: string;
  entity_id: number | null;
  label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The log, newest first, filtered by person, kind, thing and time. */
export async function listAudit(db: Database, filter: AuditFilter): Promise<AuditPage> {
  const page = filter.page ?? 1;
  const limit = filter.limit ?? 50;
  const conditions: string[] = [];
  const values: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    values.push(value);
    conditions.push(condition.replace("?", `$${values.length}`));
  };
  if (filter.staffId !== undefined) add("staff_id = ?", filter.staffId);
  if (filter.kind !== undefined) add("kind = ?", filter.kind);
  if (filter.kinds !== undefined) add("kind = ANY(?::text[])", [...filter.kinds]);
  if (filter.entityId !== undefined) add("entity_id = ?", filter.entityId);
  if (filter.from !== undefined) add("created_at >= ?", filter.from);
  if (filter.to !== undefined) add("created_at < ?", filter.to);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const [{ count }] = (await db.read<{ count: number }>(`SELECT count(*)::int AS count FROM audit_log ${where}`, values)) as [{ count: number }];
  const rows = await db.read<AuditRow>(
    `SELECT id::text AS id, created_at, staff_id, staff_name, via, kind, action, entity_id, label, before, after
       FROM audit_log ${where} ORDER BY id DESC LIMIT ${limit} OFFSET ${Math.min((page - 1) * limit, 2_000_000_000)}`,
    values,
  );
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: new Date(row.created_at),
      staffId: row.staff_id,
      staffName: row.staff_name,
      via: row.via,
      kind: row.kind,
      action: row.action,
      entityId: row.entity_id,
      label: row.label,
      before: row.before,
      after: row.after,
    })),
    total: count,
    page,
    totalPages: Math.ceil(count / limit),
  };
}

/** A product as its log entries keep it: the fields an admin edits, categories and images by name and address. */
function productForLog(product: Product): Record<string, unknown> {
  return {
    name: product.name,
    sku: product.sku,
    price: product.price,
    description: product.description,
    material: product.material,
    width: product.width,
    height: product.height,
    depth: product.depth,
    stock: product.stock,
    made_to_order_days: product.made_to_order_days,
    categories: product.categories.map((category) => category.name),
    images: product.images.map((image) => image.image_url),
    hidden: product.hidden === true,
  };
}

/** A product created, edited or deleted: an update keeps only the fields that changed, and nothing when none did. */
export async function recordProductChange(sql: Sql, actor: AuditActor | undefined, before: Product | null, after: Product | null): Promise<void> {
  const product = (after ?? before)!;
  const base = { kind: "product" as const, entityId: product.id, label: product.name };
  if (!before) return recordAudit(sql, actor, { ...base, action: "create", after: productForLog(after!) });
  if (!after) return recordAudit(sql, actor, { ...base, action: "delete", before: productForLog(before) });
  const diff = changedFields(productForLog(before), productForLog(after));
  if (diff) await recordAudit(sql, actor, { ...base, action: "update", ...diff });
}
