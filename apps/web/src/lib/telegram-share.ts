import { api } from "./api";
import { isInTelegram, loadTelegramSdk } from "./telegram";

type ShareMessage = (id: string) => unknown;

/** Telegram's own shareMessage: the SDK's when the client supports it (Mini Apps 8.0+), else telegram-web-app.js's if loaded. */
async function shareMessageFunction(): Promise<ShareMessage | null> {
  const sdk = await loadTelegramSdk();
  if (sdk?.shareMessage.isAvailable()) return (id) => sdk.shareMessage(id);
  const webApp = (window as { Telegram?: { WebApp?: { shareMessage?: ShareMessage } } }).Telegram?.WebApp;
  return typeof webApp?.shareMessage === "function" ? (id) => webApp.shareMessage!(id) : null;
}

/**
 * Inside Telegram: the server prepares the product's card for this user (POST /api/telegram/share/{id}) and
 * Telegram's dialog lets them send it to any chats (docs/telegram.md#sharing-a-product). False when that cannot
 * be done (outside Telegram, an older client, the server refused): the caller then shares a link as the website does.
 */
export async function shareProductInTelegram(productId: number): Promise<boolean> {
  if (!isInTelegram()) return false;
  try {
    const shareMessage = await shareMessageFunction();
    if (!shareMessage) return false;
    const { id } = await api.shareProduct(productId);
    // settles when the dialog closes; a shopper who closes it without sending is no error to show
    void Promise.resolve(shareMessage(id)).catch((error: unknown) => console.info("telegram: message not shared", error));
    return true;
  } catch (error) {
    console.warn("telegram: cannot share the product", error);
    return false;
  }
}
