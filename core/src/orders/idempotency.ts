import { createHash } from "node:crypto";
import type { CheckoutForm } from "@shop/shared/checkout";
import type { OrderSourceValue } from "@shop/shared/schemas/orders";
import type { RequestedLine } from "./checkout";
import { normalizePromoCode } from "@shop/shared/promo-codes";

/** docs/api.md#idempotency: a key reused for another checkout (422) */
export const KEY_USED_FOR_ANOTHER_ORDER =
  "Этот ключ повтора (Idempotency-Key) уже использован для другого заказа. Обновите страницу и оформите заказ ещё раз.";

export interface CheckoutRequest {
  contact: CheckoutForm;
  lines: readonly RequestedLine[];
  source: OrderSourceValue;
  telegramUser?: { id: number | bigint | string } | null;
  /** the delivery the shopper chose: another method, city or point under the same key is another checkout */
  delivery?: { method: string | null; city: string | null; cityCode: number | null; pointCode: string | null } | null;
  promoCode?: string | null;
}

/**
 * What one Idempotency-Key stands for: the checkout as the client sent it (form, cart lines, source, Telegram
 * user, promo code, delivery choice), as a sha-256, stored with the order or the prepared checkout it made. A retry sends the same; another
 * cart or form under the same key is refused.
 */
export function checkoutFingerprint(request: CheckoutRequest): string {
  const { contact, delivery } = request;
  const parts: unknown[] = [
    contact.customer_name,
    contact.customer_phone,
    contact.delivery_address ?? null,
    contact.comment ?? null,
    // a line without a variant or texts as before, so that a retry across an upgrade keeps its key
    request.lines.map((line) =>
      line.variantId == null && !line.personalization?.length
        ? [line.productId, line.quantity]
        : [line.productId, line.quantity, line.variantId ?? null, (line.personalization ?? []).map((entry) => [entry.field_id, entry.value])],
    ),
    request.source,
    request.telegramUser ? String(request.telegramUser.id) : null,
    // only with a code, so that a checkout without one keeps the fingerprint it always had
    ...(request.promoCode?.trim() ? [normalizePromoCode(request.promoCode)] : []),
  ];
  // a checkout without a delivery choice as before, so that a retry across an upgrade keeps its key
  if (delivery) parts.push([delivery.method, delivery.city?.trim().toLocaleLowerCase("ru") ?? null, delivery.cityCode, delivery.pointCode]);
  const canonical = JSON.stringify(parts);
  return createHash("sha256").update(canonical).digest("hex");
}
