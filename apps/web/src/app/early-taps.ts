declare global {
  interface Window {
    /** set by index.html's inline script: the buttons tapped so far, and no more keeping */
    shopEarlyTaps?: () => HTMLButtonElement[];
  }
}

/**
 * The buttons of the server's page tapped before the app's code had arrived, in order (index.html keeps them from
 * the first paint on). Taking them stops the keeping: every later tap is the app's own.
 */
export function takeEarlyTaps(): HTMLButtonElement[] {
  return window.shopEarlyTaps?.() ?? [];
}

/**
 * Gives kept taps to the app once `hydrateRoot` has been called: a click on server markup React has not hydrated yet
 * makes React hydrate it at once, then handle the click (docs/web-app.md, «Taps before the app»). One tap at a time,
 * each after React has drawn what the one before changed, as the shopper saw it: a second plus counts from the first,
 * and a button the page no longer holds («В корзину» became the quantity control) or that is now disabled (a minus
 * at one piece) is skipped.
 */
export async function replayTaps(taps: readonly HTMLButtonElement[]): Promise<void> {
  for (const button of taps) {
    if (button.isConnected && !button.disabled) button.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
