import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { canonicalPath } from "@shop/shared/canonical";

/**
 * Keeps the page's <link rel="canonical"> on the shop page the shopper is at, as the server writes it for a first
 * page (docs/product.md#search-engines). The origin of the server's link is kept: it is the shop's public address,
 * which may differ from the one the page was opened at.
 */
export function useCanonicalLink(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement("link");
      link.rel = "canonical";
      document.head.appendChild(link);
    }
    const origin = link.getAttribute("href") ? new URL(link.href).origin : window.location.origin;
    link.href = origin + canonicalPath(pathname + search);
  }, [pathname, search]);
}
