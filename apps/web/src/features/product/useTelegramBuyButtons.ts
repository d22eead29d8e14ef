import type { RefObject } from "react";
import { useNavigate } from "react-router-dom";
import type { Product } from "@shop/shared/schemas/catalog";
import { availabilityOf } from "@shop/shared/stock";
import { useTelegramMainButton, useTelegramSecondaryButton } from "../../hooks/useTelegramBottomButtons";
import { useInWishlist } from "../../stores/wishlist";
import { addToCart, toggleWishlist } from "../../stores/shop-actions";

/**
 * The product page's bottom buttons inside Telegram (docs/product.md#product-page): the MainButton 'Добавить в
 * корзину', then 'Перейти в корзину' once the product is in the cart (none for a sold-out product, whose page keeps its
 * disabled 'Нет в наличии'); the SecondaryButton adds to or removes from the wishlist. Returns whether the
 * MainButton is shown: the page then hides its own add button, cart link and buy bar.
 */
export function useTelegramBuyButtons(product: Product, quantity: number, flyFrom: RefObject<HTMLElement | null>): boolean {
  const navigate = useNavigate();
  const inCart = quantity > 0;
  const inWishlist = useInWishlist(product.id);
  const mainButton = useTelegramMainButton({
    text: inCart ? "Перейти в корзину" : "Добавить в корзину",
    visible: inCart || availabilityOf(product).orderable,
    onClick: () => (inCart ? void navigate("/cart") : addToCart(product, flyFrom.current)),
  });
  useTelegramSecondaryButton({
    text: inWishlist ? "Убрать из избранного" : "В избранное",
    visible: true,
    onClick: () => toggleWishlist(product),
  });
  return mainButton;
}
