import { create } from "zustand";
import type { CheckoutFields } from "@shop/shared/schemas/orders";

/**
 * Whether the checkout form holds something the shopper typed. The Mini App asks Telegram to confirm closing
 * while the cart or such a form has content (a swipe down would otherwise lose it).
 */
export const useCheckoutDraft = create<{ started: boolean }>(() => ({ started: false }));

export function setCheckoutDraftStarted(started: boolean): void {
  if (useCheckoutDraft.getState().started !== started) useCheckoutDraft.setState({ started });
}

/**
 * Typed by the shopper: a phone digit after '+7', an address or comment, or a name other than the one prefilled
 * from Telegram. The prefilled name alone, or a cleared field, is not a started form.
 */
export function checkoutFormStarted(form: CheckoutFields, initial: CheckoutFields): boolean {
  const name = form.customer_name.trim();
  const phoneDigits = form.customer_phone.replace(/\D/g, "").replace(/^7/, "");
  return (
    (name !== "" && name !== initial.customer_name.trim()) ||
    phoneDigits.length > 0 ||
    Boolean(form.delivery_address?.trim()) ||
    Boolean(form.comment?.trim())
  );
}

/** Telegram's closing confirmation is on while the cart has items or a started checkout form has content. */
export function needsClosingConfirmation(cartItemCount: number, checkoutStarted: boolean): boolean {
  return cartItemCount > 0 || checkoutStarted;
}
