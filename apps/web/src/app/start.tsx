import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider, type HydrationState } from "react-router-dom";
import { seedFromDocument } from "../lib/query";
import { isInTelegram, telegramLaunch } from "../lib/telegram";
import { startTelegram } from "../lib/telegram-start";
import { promoFromLink, setPromoCode } from "../stores/promo-code";
import { replayTaps, takeEarlyTaps } from "./early-taps";
import { createShopRouter, resolveLazyRoutes } from "./router";

/** The router state the server rendered #root with (api/src/routes/web.ts), or null for a client-only page. */
function serverRouterState(): HydrationState | null {
  const element = document.getElementById("shop-router");
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as HydrationState;
  } catch (error) {
    console.warn("server router state unreadable", error);
    return null;
  } finally {
    element.remove();
  }
}

/**
 * The shop's actions as WebMCP tools (agent-tools.ts) for an agentic browser: only where the browser offers WebMCP,
 * so no other shopper downloads that code.
 */
function offerAgentTools(router: ReturnType<typeof createShopRouter>): void {
  if (!("modelContext" in document) && !("modelContext" in navigator)) return;
  void import("./agent-tools")
    .then(({ modelContext, registerShopTools }) => {
      const context = modelContext();
      return context ? registerShopTools(context, (to) => router.navigate(to)) : undefined;
    })
    .catch((error: unknown) => console.warn("WebMCP tools not registered", error));
}

const app = (router: ReturnType<typeof createShopRouter>) => (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * Starts the app (main.tsx imports this module once a server-rendered page is on screen, at once otherwise). Server
 * HTML is hydrated: the first render must produce the same markup (docs/web-app.md, «Rendering»). Inside Telegram
 * the app renders afresh instead: the launch parameters are in the URL hash, which the server never sees, and a
 * start parameter may already have changed the page.
 */
export async function startApp(): Promise<void> {
  seedFromDocument();
  const serverState = serverRouterState();
  // a link with a promo code (`/?promo=CODE`, the Mini App's `startapp=promo_CODE`) applies it to the cart
  const linkedPromo = promoFromLink(window.location.search, telegramLaunch()?.startParam ?? null);
  if (linkedPromo) setPromoCode(linkedPromo);
  startTelegram();
  // inside Telegram the cart and the wishlist are the user's on every device (stores/cloud-sync.ts, its own chunk)
  if (isInTelegram()) void import("../stores/cloud-sync").then(({ startCloudSync }) => startCloudSync());

  const container = document.getElementById("root")!;
  if (serverState && container.firstElementChild && !isInTelegram()) {
    try {
      await resolveLazyRoutes(window.location.pathname);
      const router = createShopRouter(serverState);
      const taps = takeEarlyTaps();
      // as a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
      // for the whole page (docs/web-app.md, «Rendering»)
      startTransition(() => {
        hydrateRoot(container, app(router));
      });
      void replayTaps(taps);
      offerAgentTools(router);
      return;
    } catch (error) {
      console.error("cannot hydrate the server's page, rendering it again", error);
    }
  }
  // the server's page, if any, is replaced: what was tapped on it is gone with it
  takeEarlyTaps();
  const router = createShopRouter();
  createRoot(container).render(app(router));
  offerAgentTools(router);
}
