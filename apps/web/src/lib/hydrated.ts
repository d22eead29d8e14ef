import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true right after and on every page
 * the browser renders itself. A form the server rendered stays disabled until then: hydration would reset what was
 * typed into it before the app's code arrived (docs/web-app.md, «Rendering»).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
