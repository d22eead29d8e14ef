import { useNavigate } from "react-router-dom";
import type { Product } from "@shop/shared/schemas/catalog";
import { useTelegramMainButton, useTelegramSecondaryButton } from "../../hooks/useTelegramBottomButtons";
import { useInWishlist } from "../../stores/wishlist";
import { toggleWishlist } from "../../stores/shop-actions";

/**
 * The product page's bottom buttons inside Telegram (docs/product.md#product-page): the MainButton 'Добавить в
 * корзину' — «Выберите размер» while an option of the product has no value (a press then points at it) — then
 * 'Перейти в корзину' once the chosen line is in the cart (none for a sold-out choice, whose page keeps its disabled
 * 'Нет в наличии'); the SecondaryButton adds to or removes from the wishlist. Returns whether the MainButton is
 * shown: the page then hides its own add button, cart link and buy bar.
 */
export function useTelegramBuyButtons(
  product: Product,
  { inCart, orderable, prompt, onAdd }: { inCart: boolean; orderable: boolean; prompt: string | null; onAdd(): void },
): boolean {
  const navigate = useNavigate();
  const inWishlist = useInWishlist(product.id);
  const mainButton = useTelegramMainButton({
    text: inCart ? "Перейти в корзину" : (prompt ?? "Добавить в корзину"),
    visible: inCart || orderable,
    onClick: () => (inCart ? void navigate("/cart") : onAdd()),
  });
  useTelegramSecondaryButton({
    text: inWishlist ? "Убрать из избранного" : "В избранное",
    visible: true,
    onClick: () => toggleWishlist(product),
  });
  return mainButton;
}
