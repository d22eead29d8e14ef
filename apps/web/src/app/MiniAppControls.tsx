import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { withTelegramSdk } from "../lib/telegram";
import { cartCount, useCart } from "../stores/cart";
import { needsClosingConfirmation, useCheckoutDraft } from "../stores/checkout-draft";

/** The catalogue root: the one screen without Telegram's BackButton (filters live in its query string). */
export function isCatalogRoot(pathname: string): boolean {
  return pathname === "/" || pathname === "/catalog";
}

/**
 * Telegram's own controls for the shop, rendered by ShopLayout only inside the Mini App (its own lazy chunk):
 * the BackButton on every screen but the catalogue root, and the closing confirmation while the cart or a started
 * checkout form has content. Renders nothing.
 */
export default function MiniAppControls() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const atRoot = isCatalogRoot(pathname);
  const itemCount = useCart((state) => cartCount(state.items));
  const checkoutStarted = useCheckoutDraft((state) => state.started);
  const confirmClosing = needsClosingConfirmation(itemCount, checkoutStarted);

  useEffect(() => {
    let off: VoidFunction | undefined;
    let live = true;
    withTelegramSdk((sdk) => {
      if (!live) return;
      const [subscribed, unsubscribe] = sdk.onBackButtonClick.ifAvailable(() => {
        // inside the app's own history go back; a screen opened first (a startapp link) goes to the catalogue
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index > 0) void navigateRef.current(-1);
        else void navigateRef.current("/", { replace: true });
      });
      if (subscribed) off = unsubscribe;
    });
    return () => {
      live = false;
      off?.();
    };
  }, []);

  useEffect(() => {
    withTelegramSdk((sdk) => {
      if (atRoot) sdk.hideBackButton.ifAvailable();
      else sdk.showBackButton.ifAvailable();
    });
  }, [atRoot]);

  useEffect(() => {
    withTelegramSdk((sdk) => {
      if (confirmClosing) sdk.enableClosingConfirmation.ifAvailable();
      else sdk.disableClosingConfirmation.ifAvailable();
    });
  }, [confirmClosing]);

  return null;
}
