import { useEffect, useRef, useState } from "react";
import { isInTelegram, loadTelegramSdk, withTelegramSdk } from "../lib/telegram";

export interface MainButtonOptions {
  text: string;
  /** show the button (false hides it, e.g. with an empty cart) */
  visible: boolean;
  /** Telegram's progress state: a spinner on the button, which does not take presses meanwhile */
  loading: boolean;
  onClick: () => void;
}

/**
 * Telegram's MainButton (the bottom button) while the calling page is shown. Returns true while the MainButton is
 * in use, so the page hides its own submit controls; false on the website or when the Telegram client cannot show
 * it (the page keeps its own buttons then). Inside Telegram it answers true from the first render, so the web
 * footer never flashes up while the SDK loads.
 */
export function useTelegramMainButton({ text, visible, loading, onClick }: MainButtonOptions): boolean {
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
      if (!sdk?.setMainButtonParams.isAvailable()) {
        setAvailable(false);
        return;
      }
      const [subscribed, unsubscribe] = sdk.onMainButtonClick.ifAvailable(() => onClickRef.current());
      if (subscribed) off = unsubscribe;
      setReady(true);
    });
    return () => {
      live = false;
      off?.();
      setReady(false);
      withTelegramSdk((sdk) => sdk.setMainButtonParams.ifAvailable({ isVisible: false, isLoaderVisible: false }));
    };
  }, [inTelegram, visible]);

  useEffect(() => {
    if (!ready) return;
    withTelegramSdk((sdk) =>
      sdk.setMainButtonParams.ifAvailable({ text, isVisible: true, isEnabled: !loading, isLoaderVisible: loading }),
    );
  }, [ready, text, loading]);

  return inTelegram && available;
}
