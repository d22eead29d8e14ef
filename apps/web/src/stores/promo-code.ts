import { useSyncExternalStore } from "react";
import { normalizePromoCode, PROMO_CODE_PATTERN } from "@shop/shared/promo-codes";
import { readStored, writeStored } from "../lib/storage";

/**
 * The promo code the shopper applied (docs/product.md#promo-codes), kept on the device beside the cart: entered in
 * the cart or the checkout, or brought by a link (`/?promo=CODE`, the Mini App's `startapp=promo_CODE`). The
 * server decides whether it applies; this only remembers what was typed.
 */
const KEY = "shop/promo-code";
const listeners = new Set<() => void>();
let current: string | null | undefined;

const parse = (value: unknown) => (value === null || (typeof value === "string" && PROMO_CODE_PATTERN.test(value)) ? value : null);

export function promoCode(): string | null {
  if (current === undefined) current = typeof window === "undefined" ? null : readStored<string | null>(KEY, parse, null);
  return current;
}

export function setPromoCode(code: string | null): void {
  const next = code && code.trim() ? normalizePromoCode(code) : null;
  if (next === promoCode()) return;
  current = next;
  writeStored(KEY, next);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePromoCode(): string | null {
  return useSyncExternalStore(subscribe, promoCode, () => null);
}

/** The code a link brings: `?promo=CODE` on the website, `promo_CODE` as the Mini App's start parameter. */
export function promoFromLink(search: string, startParam: string | null): string | null {
  const fromQuery = new URLSearchParams(search).get("promo");
  const fromStart = /^promo_(.+)$/.exec(startParam ?? "")?.[1] ?? null;
  const code = fromQuery ?? fromStart;
  return code && PROMO_CODE_PATTERN.test(code.trim()) ? normalizePromoCode(code) : null;
}
