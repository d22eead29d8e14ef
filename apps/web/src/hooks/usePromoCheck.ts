import { useEffect, useState } from "react";
import type { PromoCheckResponse } from "@shop/shared/schemas/orders";
import { api } from "../lib/api";
import type { CartItem } from "../stores/cart";

export interface PromoCheckState {
  /** the server's answer for this cart, null while there is none (no code, or still asking) */
  result: PromoCheckResponse | null;
  loading: boolean;
  /** the server could not be asked */
  failed: boolean;
}

/**
 * Asks the server whether the code applies to the cart as it is now (POST /api/promo-codes/check), again whenever
 * the code or the cart changes. The discount the totals show comes from the answer; the order is checked again.
 */
export function usePromoCheck(code: string | null, items: readonly CartItem[], phone?: string | null): PromoCheckState {
  const [state, setState] = useState<PromoCheckState>({ result: null, loading: false, failed: false });
  const cartKey = JSON.stringify(items.map((item) => [item.id, item.quantity, item.variant_id ?? null, item.personalization?.map((p) => [p.field_id, p.value]) ?? []]));
  useEffect(() => {
    if (!code || items.length === 0) {
      setState({ result: null, loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    const timer = setTimeout(() => {
      api
        .checkPromoCode(
          {
            code,
            cart_items: items.map((item) => ({
              product_id: item.id,
              quantity: item.quantity,
              ...(item.variant_id !== undefined && item.variant_id !== null ? { variant_id: item.variant_id } : {}),
              ...(item.personalization?.length ? { personalization: item.personalization.map(({ field_id, value }) => ({ field_id, value })) } : {}),
            })),
            ...(phone ? { customer_phone: phone } : {}),
          },
          controller.signal,
        )
        .then(
          (result) => setState({ result, loading: false, failed: false }),
          (error: unknown) => {
            if (!controller.signal.aborted) {
              console.warn("promo code check failed", error);
              setState({ result: null, loading: false, failed: true });
            }
          },
        );
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cart is compared by its content (cartKey)
  }, [code, cartKey, phone]);
  return state;
}

/** The promo discount the totals take (totalsInRoubles' `promo`): only when the code applies. */
export function promoForTotals(state: PromoCheckState): { code: string; discount: number } | null {
  const result = state.result;
  return result?.applies ? { code: result.code, discount: result.promo_discount } : null;
}
