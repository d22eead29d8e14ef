import type { ComponentType } from "react";
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from "react-router-dom";
import CatalogPage from "../features/catalog/CatalogPage";
import { prefetchProduct } from "../features/product/product-data";
import ShopLayout from "./ShopLayout";
import RouteError from "./RouteError";

/** Turns `import("./Page")` into a route's lazy part: each page is its own chunk, loaded when first visited. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });


/**
 * Every route of docs/product.md#routes. The catalogue is in the main bundle (it is the landing page); other pages are
 * separate chunks; the admin panel (AdminApp, with its charts and drag-and-drop) is a chunk shoppers never download.
 * The product route's loader only starts its requests, so data and code arrive together; the catalogue has no loader,
 * so the first screen renders without waiting for one (its first page is embedded in the HTML by the server).
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: ShopLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: CatalogPage },
      { path: "catalog", Component: CatalogPage },
      {
        path: "product/:id",
        loader: ({ params }: { params: { id?: string } }) => prefetchProduct(params.id),
        lazy: page(() => import("../features/product/ProductPage")),
      },
      { path: "cart", lazy: page(() => import("../features/cart/CartPage")) },
      { path: "wishlist", lazy: page(() => import("../features/wishlist/WishlistPage")) },
      { path: "checkout", lazy: page(() => import("../features/checkout/CheckoutPage")) },
      { path: "order-success/:orderNumber", lazy: page(() => import("../features/order-success/OrderSuccessPage")) },
      { path: "search", lazy: page(() => import("../features/search/SearchPage")) },
      { path: "search-results", lazy: page(() => import("../features/search/SearchResultsPage")) },
      { path: "my-orders", lazy: page(() => import("../features/my-orders/MyOrdersPage")) },
      { path: "privacy", lazy: page(() => import("../features/privacy/PrivacyPage")) },
      { path: "review/:token", lazy: page(() => import("../features/review/ReviewPage")) },
      { path: "*", lazy: page(() => import("./NotFoundPage")) },
    ],
  },
  {
    path: "/admin/*",
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await import("../features/admin/AdminApp")).default }),
  },
];

/** `hydrationData`: the router state the server rendered with (entry-server.tsx), when hydrating its HTML. */
export function createShopRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

/**
 * Loads the lazy page modules the URL needs and puts them into the route table, as the server did before rendering:
 * hydration must start with the page itself, not with a router still waiting for its code.
 */
export async function resolveLazyRoutes(location: string | Partial<Location>): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
