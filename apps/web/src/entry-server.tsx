/**
 * Server rendering of the shopper pages (built by `vite build --ssr`, loaded by api/src/routes/web.ts).
 *
 * The server reads the API answers the page needs (the same ones it embeds for the browser in
 * <script id="shop-data">), and this renders the page's HTML from exactly those answers; main.tsx then hydrates it.
 * Nothing here may depend on the browser: device storage, Telegram and the window size are the browser's, and the
 * components give the server's version on the first client render too (see docs/web-app.md, «Rendering»).
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type HydrationState } from "react-router-dom";
import { routes } from "./app/router";
import { withData } from "./lib/query";

export interface ServerRender {
  /** the inside of <div id="root"> */
  html: string;
  /** the router's state for createBrowserRouter's `hydrationData` (JSON) */
  hydration: HydrationState;
}

const handler = createStaticHandler(routes);

/**
 * The HTML of the page at `url` (path and query) with `data` (API URL → parsed answer) in the fetch cache.
 * Null when the router did not produce a plain page (a redirect or a route error): the browser renders it instead.
 */
export async function render(url: string, data: Record<string, unknown>): Promise<ServerRender | null> {
  // loads the matched routes' lazy modules; the loaders do nothing on the server
  const context = await handler.query(new Request(new URL(url, "http://shop.invalid")));
  if (context instanceof Response || context.errors) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = withData(data, () =>
    renderToString(
      // the same tree as main.tsx: StrictMode, then the router (hydrate={false}: no inline script, the CSP forbids it)
      <StrictMode>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    ),
  );
  // React puts <link rel="preload"> for high-priority images in front of the markup; the server already preloads the
  // first images from <head>, and the <img> tags follow at once
  const markup = html.replace(/^(<link rel="preload" as="image"[^>]*\/>)+/, "");
  return { html: markup, hydration: { loaderData: context.loaderData, actionData: null, errors: null } };
}
