/**
 * How a device's list and the one in Telegram's CloudStorage become one (docs/product.md#one-cart-on-every-device),
 * product by product. `base` is what this device last agreed with the cloud: a side still equal to it did not
 * change, so the other side's change wins (also a removal, so an ordered cart does not come back from another
 * device); when both changed, or the device never synced, the larger quantity wins. A wishlist is the same with
 * quantity 1 for "in the list".
 */
export type Quantities = ReadonlyMap<number, number>;

export function mergeQuantities(local: Quantities, remote: Quantities, base: Quantities | null): Map<number, number> {
  const merged = new Map<number, number>();
  for (const id of new Set([...local.keys(), ...remote.keys()])) {
    const mine = local.get(id) ?? 0;
    const theirs = remote.get(id) ?? 0;
    const agreed = base?.get(id) ?? 0;
    const quantity = !base ? Math.max(mine, theirs) : mine === agreed ? theirs : theirs === agreed ? mine : Math.max(mine, theirs);
    if (quantity > 0) merged.set(id, quantity);
  }
  return merged;
}

/** Compact text for CloudStorage: the cart as [[id, quantity], …], the wishlist as [id, …]. */
export const encodeCart = (quantities: Quantities) => JSON.stringify([...quantities]);
export const encodeWishlist = (quantities: Quantities) => JSON.stringify([...quantities.keys()]);

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The stored cart, or null when the text is not one (an empty text is an empty cart). */
export function decodeCart(text: string): Map<number, number> | null {
  if (text === "") return new Map();
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return null;
    const pairs = value.filter(
      (entry): entry is [number, number] => Array.isArray(entry) && isId(entry[0]) && Number.isInteger(entry[1]) && entry[1] > 0,
    );
    return new Map(pairs);
  } catch {
    return null;
  }
}

export function decodeWishlist(text: string): Map<number, number> | null {
  if (text === "") return new Map();
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? new Map(value.filter(isId).map((id) => [id, 1])) : null;
  } catch {
    return null;
  }
}
