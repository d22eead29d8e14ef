import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true right after and on every page
 * the browser renders itself. A form the server rendered stays disabled until then: text typed into it before the
 * app's code arrived stays on screen but not in the form's state, and the next render would wipe it
 * (docs/web-app.md, «Rendering»).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
