import { loadTelegramSdk, telegramUser } from "./telegram";

/**
 * How the shop keeps reaching a Mini App customer after an order (docs/product.md#after-an-order-in-telegram): the
 * bot may write to them (status messages go through the bot), and the shop can sit on their home screen.
 */

const ANSWER_TIMEOUT_MS = 3000;

/** The bot may not write to this user yet: they never started it, or Telegram did not say (allows_write_to_pm). */
export function botMayNotWrite(): boolean {
  return telegramUser()?.allows_write_to_pm !== true;
}

/** Asks Telegram to let the bot write to the user: true when allowed, false when refused, null when impossible. */
export async function requestBotMessages(): Promise<boolean | null> {
  const sdk = await loadTelegramSdk();
  if (!sdk?.requestWriteAccess.isAvailable()) return null;
  try {
    return (await sdk.requestWriteAccess()) === "allowed";
  } catch (error) {
    console.warn("telegram: write access request failed", error);
    return null;
  }
}

/** True when the client can put the shop on the home screen and it is not there yet. */
export async function homeScreenMissing(): Promise<boolean> {
  const sdk = await loadTelegramSdk();
  if (!sdk?.checkHomeScreenStatus.isAvailable() || !sdk.addToHomeScreen.isAvailable()) return false;
  try {
    return (await sdk.checkHomeScreenStatus({ timeout: ANSWER_TIMEOUT_MS })) === "missed";
  } catch (error) {
    console.warn("telegram: home screen status unknown", error);
    return false;
  }
}

/** Asks Telegram to add the shop to the home screen; true once it says the shortcut was added. */
export async function addShopToHomeScreen(): Promise<boolean> {
  const sdk = await loadTelegramSdk();
  if (!sdk?.addToHomeScreen.isAvailable()) return false;
  return new Promise<boolean>((resolve) => {
    const offs: VoidFunction[] = [];
    const settle = (added: boolean) => {
      offs.forEach((off) => off());
      resolve(added);
    };
    offs.push(sdk.onAddedToHomeScreen(() => settle(true)), sdk.onAddToHomeScreenFailed(() => settle(false)));
    try {
      sdk.addToHomeScreen();
    } catch (error) {
      console.warn("telegram: cannot add to the home screen", error);
      settle(false);
    }
  });
}
