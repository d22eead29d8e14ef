import { useEffect } from "react";
import { metaDescription } from "@shop/shared/text";
import { SHOP_NAME } from "@shop/shared/constants";

export { SHOP_NAME };

function setMeta(attribute: "name" | "property", key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

export interface PageMeta {
  title: string;
  /** cut to 160 characters with '...'; the shop's default text when empty */
  description?: string | null;
  image?: string | null;
  type?: "website" | "product";
}

/** Title, meta description and Open Graph tags of the current page (the server sends them too for /product/{id}). */
export function usePageMeta(meta: PageMeta | null): void {
  const title = meta ? (meta.title === SHOP_NAME ? meta.title : `${meta.title} — ${SHOP_NAME}`) : null;
  const description = meta ? metaDescription(meta.description) : null;
  const image = meta?.image ?? null;
  const type = meta?.type ?? "website";
  useEffect(() => {
    if (title === null || description === null) return;
    document.title = title;
    setMeta("name", "description", description);
    setMeta("property", "og:title", title);
    setMeta("property", "og:description", description);
    setMeta("property", "og:type", type);
    setMeta("property", "og:url", window.location.href);
    if (image) setMeta("property", "og:image", new URL(image, window.location.origin).href);
  }, [title, description, image, type]);
}
