import { autoCommitSql, type Database, type Sql } from "@shop/prisma/db";
import type { OrderSlot } from "./checkout";

/**
 * Order slots (id, number, line ids) taken from the database's sequences ahead of the orders that use them, so
 * that an order priced from the catalogue in memory is written in a single statement. A shop taking an order now
 * and then reserves one slot at a time, as it needs it; when orders come faster than one a second, each refill
 * takes twice as many, up to BLOCK_MAX. Numbers stay unique on every instance and rise within one; under such a
 * burst two instances hand out numbers from their own blocks, and the numbers left in a block when the process
 * stops are never used (docs/product.md#order-numbers).
 */

const BLOCK_MAX = 64;
/** refills closer together than this mean orders are coming fast */
const BUSY_MS = 1_000;
/** line ids reserved per order slot; an order with more lines waits for a refill sized for it */
const LINES_PER_ORDER = 3;

const RESERVE = `SELECT ARRAY(SELECT nextval('orders_id_seq')::int FROM generate_series(1, $1::int)) AS ids,
       ARRAY(SELECT nextval('order_number_seq')::text FROM generate_series(1, $1::int)) AS numbers,
       ARRAY(SELECT nextval('order_items_id_seq')::int FROM generate_series(1, $2::int)) AS line_ids`;

export class OrderSlots {
  private readonly orders: { id: number; number: string }[] = [];
  private readonly lineIds: number[] = [];
  private block = 1;
  private refilledAt = -Infinity;
  private refilling: Promise<void> | null = null;

  constructor(private readonly sql: Sql) {}

  /** A slot for an order of `lineCount` lines, its time now. */
  async take(lineCount: number): Promise<OrderSlot> {
    while (this.orders.length === 0 || this.lineIds.length < lineCount) await this.refill(lineCount);
    const { id, number } = this.orders.shift()!;
    const slot = { id, number, lineIds: this.lineIds.splice(0, lineCount), createdAt: new Date() };
    // while orders come fast, the next block is reserved before this one runs out, so no order waits for it
    if (this.block > 1 && this.orders.length < this.block / 2) this.refill(0).catch(() => {});
    return slot;
  }

  private refill(lineCount: number): Promise<void> {
    return (this.refilling ??= this.reserve(lineCount).finally(() => (this.refilling = null)));
  }

  private async reserve(lineCount: number): Promise<void> {
    const now = performance.now();
    this.block = now - this.refilledAt < BUSY_MS ? Math.min(BLOCK_MAX, this.block * 2) : 1;
    this.refilledAt = now;
    const lines = Math.max(lineCount - this.lineIds.length, this.block * LINES_PER_ORDER);
    const [row] = await this.sql.query<{ ids: number[]; numbers: string[]; line_ids: number[] }>(RESERVE, [this.block, lines]);
    row!.ids.forEach((id, index) => this.orders.push({ id, number: row!.numbers[index]! }));
    this.lineIds.push(...row!.line_ids);
  }
}

const slotsOf = new WeakMap<Database, OrderSlots>();

/** The order slots of this process's connection to `db`. */
export function orderSlots(db: Database): OrderSlots {
  let slots = slotsOf.get(db);
  if (!slots) slotsOf.set(db, (slots = new OrderSlots(autoCommitSql(db, { prepare: true }))));
  return slots;
}
