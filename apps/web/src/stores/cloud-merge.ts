import type { ChosenPersonalization } from "../lib/variant-choice";
import { lineKey, type CartLineKey } from "./cart-line";

/**
 * How a device's list and the one in Telegram's CloudStorage become one (docs/product.md#one-cart-on-every-device),
 * product by product. `base` is what this device last agreed with the cloud: a side still equal to it did not
 * change, so the other side's change wins (also a removal, so an ordered cart does not come back from another
 * device); when both changed, or the device never synced, the larger quantity wins. A wishlist is the same with
 * quantity 1 for "in the list".
 */
export type Quantities<K = number> = ReadonlyMap<K, number>;

export function mergeQuantities<K>(local: Quantities<K>, remote: Quantities<K>, base: Quantities<K> | null): Map<K, number> {
  const merged = new Map<K, number>();
  for (const id of new Set([...local.keys(), ...remote.keys()])) {
    const mine = local.get(id) ?? 0;
    const theirs = remote.get(id) ?? 0;
    const agreed = base?.get(id) ?? 0;
    const quantity = !base ? Math.max(mine, theirs) : mine === agreed ? theirs : theirs === agreed ? mine : Math.max(mine, theirs);
    if (quantity > 0) merged.set(id, quantity);
  }
  return merged;
}

/**
 * Compact text for CloudStorage: the cart as [[id, quantity], …] — a line with a variant or a personalisation as
 * [id, quantity, variant id or 0, [[field id, value], …]] (stores/cart-line.ts) — the wishlist as [id, …].
 */
export function encodeCart(quantities: Quantities<CartLineKey>): string {
  return JSON.stringify(
    [...quantities].map(([key, quantity]) => {
      const parts = typeof key === "number" ? null : parseLineKey(key);
      if (!parts) return [key, quantity];
      return [parts.id, quantity, parts.variant_id, parts.personalization.map((entry) => [entry.field_id, entry.value])];
    }),
  );
}
export const encodeWishlist = (quantities: Quantities) => JSON.stringify([...quantities.keys()]);

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** The parts a key names, or null when it names none (a hand-edited or foreign value). */
export function parseLineKey(key: CartLineKey): { id: number; variant_id: number; personalization: ChosenPersonalization[] } | null {
  if (typeof key === "number") return isId(key) ? { id: key, variant_id: 0, personalization: [] } : null;
  try {
    const value = JSON.parse(key) as unknown;
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [id, variantId, pairs] = value as unknown[];
    if (!isId(id) || !(variantId === 0 || isId(variantId)) || !Array.isArray(pairs)) return null;
    const personalization: ChosenPersonalization[] = [];
    for (const pair of pairs) {
      if (!Array.isArray(pair) || pair.length !== 2 || !isId(pair[0]) || typeof pair[1] !== "string") return null;
      personalization.push({ field_id: pair[0], value: pair[1] });
    }
    return { id, variant_id: variantId, personalization };
  } catch {
    return null;
  }
}

/** One stored cart entry's line key, or null when the entry is not one. */
function entryKey(entry: unknown): [CartLineKey, number] | null {
  if (!Array.isArray(entry) || !isId(entry[0]) || !Number.isInteger(entry[1]) || entry[1] <= 0) return null;
  if (entry.length === 2) return [entry[0], entry[1]];
  if (entry.length !== 4) return null;
  const parts = parseLineKey(JSON.stringify([entry[0], entry[2], entry[3]]));
  if (!parts) return null;
  const key = lineKey({ id: parts.id, variant_id: parts.variant_id || undefined, personalization: parts.personalization });
  return [key, entry[1]];
}

/** The stored cart, or null when the text is not one (an empty text is an empty cart). */
export function decodeCart(text: string): Map<CartLineKey, number> | null {
  if (text === "") return new Map();
  try {
    const value = JSON.parse(text) as unknown;
    if (!Array.isArray(value)) return null;
    return new Map(value.map(entryKey).filter((pair): pair is [CartLineKey, number] => pair !== null));
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
