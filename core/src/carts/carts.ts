import type { Database, Sql } from "@shop/prisma/db";
import { queueMessages } from "../outbox";

/**
 * The Mini App's cart as the server knows it, and the forgotten-cart reminder (docs/product.md#forgotten-carts):
 * a cart left for a while without an order gets one bot message naming its items; none once the customer ordered,
 * turned reminders off or blocked the bot; at most one a week for a customer.
 */

/** A cart line as the Mini App sends it: the product, its variant, how many. */
export interface CartLine {
  product_id: number;
  variant_id: number | null;
  quantity: number;
}

/** A line of a reminder: the product's current name (and the variant's title) and the quantity. */
export interface ReminderLine {
  name: string;
  quantity: number;
}

/** The bot's message about a forgotten cart (sendMessage parameters besides chat_id), built by the bot. */
export type CartReminderMessage = (lines: readonly ReminderLine[]) => object;

/** How long between two reminders to one customer at the most. */
export const REMINDER_INTERVAL_MS = 7 * 24 * 3600 * 1000;

const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Stores the user's cart as it is now. The time it was last changed moves only when the lines differ from the
 * stored ones (a Mini App opened again syncs the same cart). Returns when the cart could be reminded of, or null
 * for an empty cart.
 */
export async function saveCart(
  db: Pick<Database, "transaction">,
  telegramUserId: number,
  lines: readonly CartLine[],
  options: { now: Date; delayMs: number },
): Promise<{ remindAt: Date | null }> {
  const items = lines.map((line) => ({ product_id: line.product_id, variant_id: line.variant_id ?? null, quantity: line.quantity }));
  const count = items.reduce((sum, line) => sum + line.quantity, 0);
  return db.transaction(async (sql) => {
    await sql.query(`INSERT INTO telegram_customers (telegram_user_id, created_at, updated_at) VALUES ($1::bigint, now(), now()) ON CONFLICT DO NOTHING`, [
      String(telegramUserId),
    ]);
    const [stored] = await sql.query<{ items: CartLine[]; updated_at: Date }>(`SELECT items, updated_at FROM carts WHERE telegram_user_id = $1::bigint FOR UPDATE`, [
      String(telegramUserId),
    ]);
    let updatedAt = options.now;
    if (!stored) {
      await sql.query(`INSERT INTO carts (telegram_user_id, items, item_count, updated_at) VALUES ($1::bigint, $2::jsonb, $3, $4::timestamptz)`, [
        String(telegramUserId),
        JSON.stringify(items),
        count,
        options.now,
      ]);
    } else if (!sameLines(stored.items, items)) {
      await sql.query(`UPDATE carts SET items = $2::jsonb, item_count = $3, updated_at = $4::timestamptz WHERE telegram_user_id = $1::bigint`, [
        String(telegramUserId),
        JSON.stringify(items),
        count,
        options.now,
      ]);
    } else updatedAt = stored.updated_at;
    return { remindAt: count > 0 ? new Date(updatedAt.getTime() + options.delayMs) : null };
  });
}

export type ReminderOutcome =
  /** the reminder was queued in the outbox */
  | { kind: "queued" }
  /** not yet: look again then */
  | { kind: "later"; at: Date }
  /** nothing to remind of, now or later (until the cart changes) */
  | { kind: "none"; reason: "no-cart" | "empty" | "ordered" | "turned-off" | "blocked" | "reminded" | "nothing-orderable" };

interface CartRow {
  items: CartLine[];
  item_count: number;
  updated_at: Date;
  reminded_at: Date | null;
  cart_reminders_off: boolean;
  blocked_at: Date | null;
  ordered: boolean;
}

/**
 * Looks at one customer's cart at `now` and, when it is forgotten, queues the reminder in the outbox (sent by the
 * bot's worker, which marks a customer who blocked the bot) in the transaction that records it, so it is queued once
 * however many instances look.
 */
export async function remindForgottenCart(
  db: Pick<Database, "transaction">,
  telegramUserId: number | bigint,
  options: { now: Date; delayMs: number; message: CartReminderMessage },
): Promise<ReminderOutcome> {
  return db.transaction(async (sql) => {
    const [cart] = await sql.query<CartRow>(
      `SELECT c.items, c.item_count, c.updated_at, c.reminded_at, t.cart_reminders_off, t.blocked_at,
              EXISTS (SELECT 1 FROM orders o WHERE o.telegram_user_id = c.telegram_user_id AND o.created_at >= c.updated_at) AS ordered
         FROM carts c JOIN telegram_customers t ON t.telegram_user_id = c.telegram_user_id
        WHERE c.telegram_user_id = $1::bigint
        FOR UPDATE OF c`,
      [String(telegramUserId)],
    );
    if (!cart) return { kind: "none", reason: "no-cart" };
    if (cart.item_count === 0) return { kind: "none", reason: "empty" };
    if (cart.cart_reminders_off) return { kind: "none", reason: "turned-off" };
    if (cart.blocked_at) return { kind: "none", reason: "blocked" };
    if (cart.ordered) return { kind: "none", reason: "ordered" };
    if (cart.reminded_at && cart.reminded_at >= cart.updated_at) return { kind: "none", reason: "reminded" };
    const due = new Date(
      Math.max(cart.updated_at.getTime() + options.delayMs, cart.reminded_at ? cart.reminded_at.getTime() + REMINDER_INTERVAL_MS : 0),
    );
    if (due > options.now) return { kind: "later", at: due };
    const lines = await reminderLines(sql, cart.items);
    if (lines.length === 0) return { kind: "none", reason: "nothing-orderable" };
    await sql.query(`UPDATE carts SET reminded_at = $2::timestamptz WHERE telegram_user_id = $1::bigint`, [String(telegramUserId), options.now]);
    await queueMessages(sql, [
      { chatId: BigInt(telegramUserId), dedupeKey: `cart-reminder:${options.now.toISOString()}`, payload: options.message(lines) },
    ]);
    return { kind: "queued" };
  });
}

/** The cart's lines under the products' current names; products gone from the shop are left out. */
async function reminderLines(sql: Sql, items: readonly CartLine[]): Promise<ReminderLine[]> {
  if (items.length === 0) return [];
  const rows = await sql.query<{ product_id: number; variant_id: number | null; name: string; variant_title: string | null }>(
    `SELECT i.product_id, i.variant_id, p.name,
            (SELECT string_agg(ov.value, ', ' ORDER BY o.position)
               FROM product_variants v
               JOIN product_option_values ov ON ov.id = ANY (v.option_value_ids)
               JOIN product_options o ON o.id = ov.option_id
              WHERE v.id = i.variant_id) AS variant_title
       FROM unnest($1::int[], $2::int[]) AS i (product_id, variant_id)
       JOIN products p ON p.id = i.product_id`,
    [items.map((item) => item.product_id), items.map((item) => item.variant_id)],
  );
  const lines: ReminderLine[] = [];
  for (const item of items) {
    const row = rows.find((r) => r.product_id === item.product_id && r.variant_id === item.variant_id);
    if (row) lines.push({ name: row.variant_title ? `${row.name} (${row.variant_title})` : row.name, quantity: item.quantity });
  }
  return lines;
}

/** «Не напоминать»: no more forgotten-cart reminders for this customer. */
export async function turnCartRemindersOff(db: Pick<Database, "read">, telegramUserId: number | bigint): Promise<void> {
  await db.read(`UPDATE telegram_customers SET cart_reminders_off = true, updated_at = now() WHERE telegram_user_id = $1::bigint`, [String(telegramUserId)]);
}
