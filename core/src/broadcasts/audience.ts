import type { Sql } from "@shop/prisma/db";
import { invalid } from "../errors";

/**
 * Who a broadcast goes to (docs/product.md#broadcasts): every customer the bot may write to and who has not blocked
 * it, or those of them who bought in a category, have something in their cart, or ordered in a period.
 */
export type Audience =
  | { kind: "all" }
  | { kind: "category"; categoryId: number }
  | { kind: "cart" }
  /** days as YYYY-MM-DD, both included, in Moscow time */
  | { kind: "ordered"; from: string; to: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The audience as the panel sent it, checked; a Russian message for anything wrong. */
export function checkAudience(value: unknown): Audience {
  const audience = value as Partial<Record<string, unknown>> | null;
  switch (audience?.kind) {
    case "all":
    case "cart":
      return { kind: audience.kind };
    case "category":
      if (!Number.isInteger(audience.categoryId) || (audience.categoryId as number) < 1) throw invalid("Выберите категорию");
      return { kind: "category", categoryId: audience.categoryId as number };
    case "ordered": {
      const { from, to } = audience;
      if (typeof from !== "string" || typeof to !== "string" || !DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to))) {
        throw invalid("Укажите период: даты «с» и «по»");
      }
      if (from > to) throw invalid("Начало периода позже его конца");
      return { kind: "ordered", from, to };
    }
    default:
      throw invalid("Выберите, кому отправить рассылку");
  }
}

/**
 * A statement's WHERE over `telegram_customers t` choosing the audience, and its parameters numbered from
 * `first`: only customers the bot may write to and who have not blocked it.
 */
export function audienceCondition(audience: Audience, first: number): { where: string; values: unknown[] } {
  const base = "t.messages_allowed AND t.blocked_at IS NULL";
  switch (audience.kind) {
    case "all":
      return { where: base, values: [] };
    case "cart":
      return { where: `${base} AND EXISTS (SELECT 1 FROM carts c WHERE c.telegram_user_id = t.telegram_user_id AND c.item_count > 0)`, values: [] };
    case "category":
      return {
        where: `${base} AND EXISTS (
          SELECT 1 FROM orders o JOIN order_items i ON i.order_id = o.id JOIN product_categories pc ON pc.product_id = i.product_id
           WHERE o.telegram_user_id = t.telegram_user_id AND o.status <> 'cancelled' AND pc.category_id = $${first})`,
        values: [audience.categoryId],
      };
    case "ordered":
      return {
        where: `${base} AND EXISTS (
          SELECT 1 FROM orders o
           WHERE o.telegram_user_id = t.telegram_user_id AND o.status <> 'cancelled'
             AND o.created_at >= ($${first}::date)::timestamp AT TIME ZONE 'Europe/Moscow'
             AND o.created_at < ($${first + 1}::date + 1)::timestamp AT TIME ZONE 'Europe/Moscow')`,
        values: [audience.from, audience.to],
      };
  }
}

/** How many customers the audience holds now. */
export async function countAudience(sql: Sql, audience: Audience): Promise<number> {
  const { where, values } = audienceCondition(audience, 1);
  const [row] = await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM telegram_customers t WHERE ${where}`, values);
  return row?.count ?? 0;
}
