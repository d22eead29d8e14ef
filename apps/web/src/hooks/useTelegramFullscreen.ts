import { useEffect } from "react";
import { withTelegramSdk, type TelegramSdk } from "../lib/telegram";

/**
 * Inside Telegram, while the calling component is shown the Mini App goes full screen where the client can
 * (docs/product.md#inside-telegram), and back when it goes away, unless it was full screen already. The shop's
 * `--safe-*` variables then include Telegram's own controls (content safe area), which the caller keeps clear of.
 * Full screen needs the viewport, which the SDK mounts asynchronously after launch: a tap that comes first waits for it.
 */
export function useTelegramFullscreen(): void {
  useEffect(() => {
    let live = true;
    let entered = false;
    let stopWaiting = () => {};
    const enter = (sdk: TelegramSdk) => {
      if (!live || sdk.isFullscreen() || !sdk.requestFullscreen.isAvailable()) return;
      entered = true;
      sdk.requestFullscreen().catch((error: unknown) => {
        entered = false;
        console.info("telegram: full screen refused", error);
      });
    };
    withTelegramSdk((sdk) => {
      if (!live) return;
      if (sdk.isViewportMounted()) return enter(sdk);
      stopWaiting = sdk.isViewportMounted.sub((mounted) => {
        if (!mounted) return;
        stopWaiting();
        enter(sdk);
      });
    });
    return () => {
      live = false;
      stopWaiting();
      if (!entered) return;
      withTelegramSdk((sdk) => {
        if (sdk.exitFullscreen.isAvailable()) sdk.exitFullscreen().catch((error: unknown) => console.info("telegram: cannot leave full screen", error));
      });
    };
  }, []);
}
