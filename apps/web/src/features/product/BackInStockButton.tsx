import { useEffect, useState } from "react";
import { NOTIFY_BACK_IN_STOCK_TEXT } from "@shop/shared/stock";
import { ApiError, api } from "../../lib/api";
import { telegramHaptic } from "../../lib/telegram";
import { showToast } from "../../stores/toasts";
import { BellIcon } from "../../components/Icons";

export const BACK_IN_STOCK_ON_TEXT = "Сообщим в Telegram, когда товар появится";
export const BACK_IN_STOCK_OFF_TEXT = "Уведомление о поступлении отключено";
const SUBSCRIBED_LABEL = "Не сообщать о поступлении";

/**
 * «Сообщить о поступлении» on a sold-out product (the sold-out variant chosen, or any variant when none can be ordered) in the Mini App
 * (docs/product.md#back-in-stock): a toggle that subscribes the Telegram user or stops the subscription, each with a
 * short confirmation.
 */
export function BackInStockButton({ productId, variantId, className }: { productId: number; variantId?: number; className?: string }) {
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .backInStock(productId, "GET", variantId)
      .then((answer) => live && setSubscribed(answer.subscribed))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, [productId, variantId]);

  const toggle = async () => {
    const next = !subscribed;
    setBusy(true);
    try {
      const answer = await api.backInStock(productId, next ? "POST" : "DELETE", variantId);
      setSubscribed(answer.subscribed);
      showToast(answer.subscribed ? BACK_IN_STOCK_ON_TEXT : BACK_IN_STOCK_OFF_TEXT, answer.subscribed ? "success" : "info");
      telegramHaptic("success");
    } catch (error) {
      showToast(error instanceof ApiError && error.serverMessage ? error.serverMessage : "Не удалось, попробуйте ещё раз", "info");
      telegramHaptic("error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`btn ${subscribed ? "btn-secondary" : "btn-primary"} btn-lg ${className ?? ""}`}
      aria-pressed={subscribed ?? false}
      disabled={subscribed === null || busy}
      onClick={() => void toggle()}
      data-testid="back-in-stock"
    >
      <BellIcon size={20} />
      {subscribed ? SUBSCRIBED_LABEL : NOTIFY_BACK_IN_STOCK_TEXT}
    </button>
  );
}

/** The bot's start parameter that subscribes to a product or variant (bot/src/back-in-stock.ts reads it). */
export const notifyStartParam = (productId: number, variantId?: number) => (variantId === undefined ? `notify_${productId}` : `notify_${productId}_${variantId}`);

/**
 * «Сообщить о поступлении» on the website (docs/product.md#back-in-stock): only Telegram can tell the shop who the
 * shopper is, so it is a link to the shop's bot whose start parameter subscribes them there. Nothing without a bot.
 */
export function BackInStockLink({ botLink, productId, variantId, className }: { botLink: string | null; productId: number; variantId?: number; className?: string }) {
  if (!botLink) return null;
  return (
    <a
      href={`${botLink}?start=${notifyStartParam(productId, variantId)}`}
      className={`btn btn-secondary btn-lg ${className ?? ""}`}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="back-in-stock-link"
    >
      <BellIcon size={20} />
      {NOTIFY_BACK_IN_STOCK_TEXT}
    </a>
  );
}
