import type { ProductCard } from "@shop/shared/schemas/catalog";
import { flyToCart } from "../lib/fly-to-cart";
import { telegramHaptic } from "../lib/telegram";
import { useCart } from "./cart";
import type { CartLineKey, LineSnapshot } from "./cart-line";
import { showToast } from "./toasts";
import { useWishlist } from "./wishlist";

/** A shopper's click: the store change, its toast (docs/product.md#notifications) and the fly-to-cart image. */

/** A product without options from its card, or the line a product page's choice made. */
export function addToCart(product: ProductCard | LineSnapshot, from?: Element | null): void {
  useCart.getState().add(product);
  showToast(`${product.name} добавлен в корзину!`);
  telegramHaptic("impact");
  if (from) flyToCart(from);
}

export function removeFromCart(key: CartLineKey): void {
  useCart.getState().remove(key);
  showToast("Товар удалён из корзины.", "info");
}

/** The catalogue card's minus passes quantity − 1: at 1 that reaches 0, which removes the item. */
export function changeCartQuantity(key: CartLineKey, quantity: number): void {
  if (quantity <= 0) return removeFromCart(key);
  useCart.getState().setQuantity(key, quantity);
}

export function clearCart(): void {
  useCart.getState().clear();
  showToast("Корзина очищена", "info");
}

export function toggleWishlist(product: ProductCard): void {
  const added = useWishlist.getState().toggle(product);
  if (added) showToast(`${product.name} добавлен в избранное!`);
  else showToast("Товар удален из избранного", "info");
}

export function removeFromWishlist(productId: number): void {
  useWishlist.getState().remove(productId);
  showToast("Товар удален из избранного", "info");
}
