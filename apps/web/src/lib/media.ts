import { useSyncExternalStore } from "react";
import { DESKTOP_MIN_WIDTH_PX } from "@shop/shared/constants";

/** Desktop layout above 1023 px (docs/product.md#layout-and-navigation). CSS uses the same breakpoint. */
export const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(DESKTOP_QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(DESKTOP_QUERY).matches, () => true);
}
