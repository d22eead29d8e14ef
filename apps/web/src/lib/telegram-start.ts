import { api } from "./api";
import { isInTelegram, loadTelegramSdk, telegramUser } from "./telegram";

const SYNCED_KEY = "shop/tg-user-synced";

/**
 * Inside Telegram: load the SDK (theme, ready) and tell the server about the user once per session
 * (spec section 4: a sync failure is only logged). On the website this does nothing and loads nothing.
 */
export function startTelegram(): void {
  if (!isInTelegram()) return;
  document.documentElement.dataset.telegram = "true";
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
