import { useEffect, useRef, useState } from "react";
import { isInTelegram, loadTelegramSdk, withTelegramSdk, type TelegramSdk } from "../lib/telegram";

export interface BottomButtonOptions {
  text: string;
  /** show the button (false hides it, e.g. with an empty cart or a sold-out product) */
  visible: boolean;
  /** Telegram's progress state: a spinner on the button, which does not take presses meanwhile */
  loading?: boolean;
  onClick: () => void;
}

type ButtonParams = { text?: string; isVisible?: boolean; isEnabled?: boolean; isLoaderVisible?: boolean };

/** The SDK's functions of one of Telegram's two bottom buttons. */
interface ButtonControls {
  available(sdk: TelegramSdk): boolean;
  set(sdk: TelegramSdk, params: ButtonParams): void;
  /** subscribes to presses; returns the unsubscribe function */
  listen(sdk: TelegramSdk, listener: () => void): VoidFunction | undefined;
}

const MAIN: ButtonControls = {
  available: (sdk) => sdk.setMainButtonParams.isAvailable(),
  set: (sdk, params) => void sdk.setMainButtonParams.ifAvailable(params),
  listen: (sdk, listener) => sdk.onMainButtonClick.ifAvailable(listener)[1],
};

const SECONDARY: ButtonControls = {
  available: (sdk) => sdk.setSecondaryButtonParams.isAvailable(),
  set: (sdk, params) => void sdk.setSecondaryButtonParams.ifAvailable(params),
  listen: (sdk, listener) => sdk.onSecondaryButtonClick.ifAvailable(listener)[1],
};

/**
 * One of Telegram's bottom buttons while the calling page shows it. Returns true while Telegram draws it, so the
 * page hides its own controls for the same action; false on the website, while `visible` is false, or when the
 * client cannot draw that button (an old client: the SDK's isAvailable() checks the client's version), so the page
 * keeps its own controls. Inside Telegram it answers true from the first render, so web footers never flash up
 * while the SDK loads.
 */
function useTelegramBottomButton(controls: ButtonControls, { text, visible, loading = false, onClick }: BottomButtonOptions): boolean {
  const inTelegram = isInTelegram();
  const [available, setAvailable] = useState(inTelegram);
  const [ready, setReady] = useState(false);
  const onClickRef = useRef(onClick);
  onClickRef.current = onClick;

  useEffect(() => {
    if (!inTelegram || !visible) return;
    let live = true;
    let off: VoidFunction | undefined;
    void loadTelegramSdk().then((sdk) => {
      if (!live) return;
      if (!sdk || !controls.available(sdk)) {
        setAvailable(false);
        return;
      }
      off = controls.listen(sdk, () => onClickRef.current());
      setReady(true);
    });
    return () => {
      live = false;
      off?.();
      setReady(false);
      withTelegramSdk((sdk) => controls.set(sdk, { isVisible: false, isLoaderVisible: false }));
    };
  }, [controls, inTelegram, visible]);

  useEffect(() => {
    if (!ready) return;
    withTelegramSdk((sdk) => controls.set(sdk, { text, isVisible: true, isEnabled: !loading, isLoaderVisible: loading }));
  }, [controls, ready, text, loading]);

  return inTelegram && available && visible;
}

/** Telegram's MainButton: the screen's one buying action (add to cart, to checkout, place the order). */
export function useTelegramMainButton(options: BottomButtonOptions): boolean {
  return useTelegramBottomButton(MAIN, options);
}

/** Telegram's SecondaryButton (clients from Bot API 7.10): a second action beside the MainButton. */
export function useTelegramSecondaryButton(options: BottomButtonOptions): boolean {
  return useTelegramBottomButton(SECONDARY, options);
}
