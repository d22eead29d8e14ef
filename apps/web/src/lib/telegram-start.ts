import { api } from "./api";
import { isInTelegram, loadTelegramSdk, telegramLaunch, telegramUser } from "./telegram";

const SYNCED_KEY = "shop/tg-user-synced";
const START_APPLIED_KEY = "shop/tg-start-applied";

/**
 * The page a `startapp` parameter opens: `product_<id>` is that product (links shared from a product page),
 * `my_orders` the shopper's orders (the website's my-orders page links there), `cart` the cart (the bot's
 * forgotten-cart reminder), `review_<token>` the review screen of the order the bot asked about.
 */
export function startParamPath(startParam: string | null): string | null {
  if (startParam === "my_orders") return "/my-orders";
  if (startParam === "cart") return "/cart";
  // the bot's review request: the review screen of that order (docs/product.md#reviews)
  const review = /^review_([A-Za-z0-9_-]{16,64})$/.exec(startParam ?? "");
  if (review) return `/review/${review[1]}`;
  const product = /^product_(\d{1,9})$/.exec(startParam ?? "");
  return product ? `/product/${Number(product[1])}` : null;
}

/**
 * Opens the page the launch's start parameter names, once per launch and only when Telegram opened the catalogue
 * root (a reload elsewhere stays where it is). Runs before the router reads the URL; the launch parameters in the
 * hash are kept for the SDK.
 */
function applyStartParam(startParam: string | null): void {
  const target = startParamPath(startParam);
  if (!target || window.location.pathname !== "/") return;
  try {
    if (sessionStorage.getItem(START_APPLIED_KEY) === startParam) return;
    sessionStorage.setItem(START_APPLIED_KEY, startParam!);
  } catch {
    // no session storage: apply it on this page view
  }
  window.history.replaceState(null, "", target + window.location.hash);
}

/**
 * Inside Telegram: open the start parameter's page, load the SDK (theme, viewport, buttons: lib/telegram-sdk.ts)
 * and tell the server about the user once per session
 * (a sync failure is only logged: docs/product.md#inside-telegram). On the website this does nothing and loads nothing.
 */
export function startTelegram(): void {
  if (!isInTelegram()) return;
  document.documentElement.dataset.telegram = "true";
  applyStartParam(telegramLaunch()?.startParam ?? null);
  void loadTelegramSdk();
  const user = telegramUser();
  if (!user) return;
  try {
    if (sessionStorage.getItem(SYNCED_KEY) === String(user.id)) return;
  } catch {
    // no session storage: sync anyway
  }
  api
    .syncTelegramUser({
      telegram_user_id: user.id,
      telegram_username: user.username ?? null,
      telegram_first_name: user.first_name ?? null,
      telegram_last_name: user.last_name ?? null,
      language_code: user.language_code ?? null,
    })
    .then(
      (response) => {
        console.info("telegram user synced", response);
        try {
          sessionStorage.setItem(SYNCED_KEY, String(user.id));
        } catch {
          // ignore
        }
      },
      (error: unknown) => console.error("telegram user sync failed", error),
    );
}
