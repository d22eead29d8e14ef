/**
 * A stand-in for the initialised Telegram SDK (what lib/telegram-sdk.ts's setUpMiniApp returns) for component tests:
 * records every call and lets the test press Telegram's buttons. Use with
 * `vi.mock("<path>/lib/telegram-sdk", () => ({ setUpMiniApp: () => fake.sdk }))` and launch parameters in the URL.
 */

type Listener = () => void;

export interface FakeTelegramSdk {
  /** cast to the SDK type by lib/telegram.ts */
  sdk: Record<string, unknown>;
  calls: { name: string; args: unknown[] }[];
  /** arguments of every call of one method */
  argsOf(name: string): unknown[][];
  /** the first argument of the method's last call: the parameters a button was last set up with */
  lastParams(name: string): Record<string, unknown> | undefined;
  pressBackButton(): void;
  pressMainButton(): void;
  pressSecondaryButton(): void;
  reset(): void;
}

export function createFakeTelegramSdk(): FakeTelegramSdk {
  const calls: { name: string; args: unknown[] }[] = [];
  const back = new Set<Listener>();
  const main = new Set<Listener>();
  const secondary = new Set<Listener>();

  // every SDK function the shop uses is "safe-wrapped": callable, with isAvailable() and ifAvailable(...)
  const safe = <Args extends unknown[]>(name: string, impl?: (...args: Args) => unknown) => {
    const fn = (...args: Args) => {
      calls.push({ name, args });
      return impl?.(...args);
    };
    return Object.assign(fn, { isAvailable: () => true, ifAvailable: (...args: Args) => [true, fn(...args)] });
  };
  const subscribe = (set: Set<Listener>) => (listener: Listener) => {
    set.add(listener);
    return () => set.delete(listener);
  };

  const argsOf = (name: string) => calls.filter((call) => call.name === name).map((call) => call.args);

  const sdk = {
    showBackButton: safe("showBackButton"),
    hideBackButton: safe("hideBackButton"),
    onBackButtonClick: safe("onBackButtonClick", subscribe(back)),
    setMainButtonParams: safe("setMainButtonParams"),
    onMainButtonClick: safe("onMainButtonClick", subscribe(main)),
    setSecondaryButtonParams: safe("setSecondaryButtonParams"),
    onSecondaryButtonClick: safe("onSecondaryButtonClick", subscribe(secondary)),
    enableClosingConfirmation: safe("enableClosingConfirmation"),
    disableClosingConfirmation: safe("disableClosingConfirmation"),
    hapticFeedbackImpactOccurred: safe("hapticFeedbackImpactOccurred"),
    hapticFeedbackNotificationOccurred: safe("hapticFeedbackNotificationOccurred"),
    closeMiniApp: safe("closeMiniApp"),
    openTelegramLink: safe("openTelegramLink"),
    openLink: safe("openLink"),
    requestContact: safe("requestContact", () => Promise.resolve({ contact: { user_id: 4242, phone_number: "79161234567", first_name: "Анна" } })),
    requestWriteAccess: safe("requestWriteAccess", () => Promise.resolve("allowed")),
    checkHomeScreenStatus: safe("checkHomeScreenStatus", () => Promise.resolve("unsupported")),
    addToHomeScreen: safe("addToHomeScreen"),
    onAddedToHomeScreen: safe("onAddedToHomeScreen", () => () => {}),
    onAddToHomeScreenFailed: safe("onAddToHomeScreenFailed", () => () => {}),
    isFullscreen: () => false,
    requestFullscreen: safe("requestFullscreen", () => Promise.resolve()),
    exitFullscreen: safe("exitFullscreen", () => Promise.resolve()),
    isCloudStorageSupported: () => false,
  };

  return {
    sdk,
    calls,
    argsOf,
    lastParams: (name) => argsOf(name).at(-1)?.[0] as Record<string, unknown> | undefined,
    pressBackButton: () => [...back].forEach((listener) => listener()),
    pressMainButton: () => [...main].forEach((listener) => listener()),
    pressSecondaryButton: () => [...secondary].forEach((listener) => listener()),
    reset() {
      calls.length = 0;
      back.clear();
      main.clear();
      secondary.clear();
    },
  };
}

/** The initData of a launch (unsigned: the component tests never reach the server). */
export function telegramInitData(user: object): string {
  return new URLSearchParams({ user: JSON.stringify(user), auth_date: "1700000000", signature: "s", hash: "h" }).toString();
}

/** The URL hash Telegram opens the Mini App with (user Анна Петрова, id 4242). */
export function telegramLaunchHash(user: object = { id: 4242, first_name: "Анна", last_name: "Петрова", username: "anna" }): string {
  return "#" + new URLSearchParams({ tgWebAppData: telegramInitData(user), tgWebAppVersion: "8.0", tgWebAppPlatform: "ios" }).toString();
}
