import type { OutOfStockItem } from "@shop/shared/schemas/orders";
import { outOfStockMessage } from "@shop/shared/stock";
import { conflict, ShopError } from "../errors";

/**
 * An order asking for more pieces than are left (docs/product.md#stock): a conflict naming the first short
 * line, with every short line for the client to correct the cart.
 */
export const OUT_OF_STOCK = "out_of_stock";

export function outOfStock(items: readonly OutOfStockItem[]): ShopError {
  const first = items[0]!;
  return conflict(outOfStockMessage(first.name, first.available), { code: OUT_OF_STOCK, items });
}

export function outOfStockItems(error: unknown): OutOfStockItem[] | null {
  return error instanceof ShopError && error.details?.code === OUT_OF_STOCK ? (error.details.items as OutOfStockItem[]) : null;
}

/** Whether `quantity` pieces can be ordered from a product with this stock now. */
export function canOrder(stock: number | null, madeToOrderDays: number | null, quantity: number): boolean {
  return stock === null || stock >= quantity || (stock === 0 && madeToOrderDays !== null);
}
