import { FLY_TO_CART_MS } from "@shop/shared/constants";

/**
 * The product's image flies to the visible cart icon (header on desktop, bottom bar on mobile); the flying copy is
 * removed after 800 ms. Cart icons mark themselves with data-cart-target.
 */
export function flyToCart(from: Element): void {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const image = from instanceof HTMLImageElement ? from : from.querySelector("img");
  const target = [...document.querySelectorAll<HTMLElement>("[data-cart-target]")].find((element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  });
  if (!image || !target) return;
  const start = image.getBoundingClientRect();
  const end = target.getBoundingClientRect();
  if (start.width === 0) return;

  const flyer = image.cloneNode(false) as HTMLImageElement;
  flyer.removeAttribute("loading");
  flyer.className = "fly-to-cart";
  flyer.setAttribute("aria-hidden", "true");
  flyer.alt = "";
  Object.assign(flyer.style, {
    left: `${start.left}px`,
    top: `${start.top}px`,
    width: `${start.width}px`,
    height: `${start.height}px`,
  });
  document.body.appendChild(flyer);
  const dx = end.left + end.width / 2 - (start.left + start.width / 2);
  const dy = end.top + end.height / 2 - (start.top + start.height / 2);
  const scale = Math.max(0.08, Math.min(24 / start.width, 1));
  flyer.animate?.(
    [
      { transform: "translate(0, 0) scale(1)", opacity: 0.95 },
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0 },
    ],
    { duration: FLY_TO_CART_MS - 50, easing: "cubic-bezier(.5,-0.2,.7,1)", fill: "forwards" },
  );
  setTimeout(() => flyer.remove(), FLY_TO_CART_MS);
}
