import { useRef } from "react";
import { Link, useNavigate } from "react-router-dom";
import { discountLabel, totalsInRoubles } from "@shop/shared/pricing";
import { formatPrice } from "@shop/shared/format";
import { usePageMeta } from "../../lib/seo";
import { useFreshCart } from "../../hooks/useFreshCart";
import { useTelegramMainButton, useTelegramSecondaryButton } from "../../hooks/useTelegramBottomButtons";
import { NO_ITEMS, cartCount, useCartItems } from "../../stores/cart";
import { lineKey } from "../../stores/cart-line";
import { clearCart } from "../../stores/shop-actions";
import { CartLine } from "../../components/CartLine";
import { CartSkeleton } from "../../components/CartSkeleton";
import { EmptyState } from "../../components/EmptyState";
import { CartIcon, TrashIcon } from "../../components/Icons";
import { DiscountBar } from "./DiscountBar";
import { Recommendations } from "./Recommendations";
import { useOnScreen } from "./useOnScreen";
import { PromoCodeField } from "../../components/PromoCodeField";
import { promoForTotals, usePromoCheck } from "../../hooks/usePromoCheck";
import { setPromoCode, usePromoCode } from "../../stores/promo-code";
import layout from "../../components/CartLayout.module.css";
import styles from "./CartPage.module.css";
import totalsStyles from "../../components/TotalsList.module.css";

/** about the sticky footer's height with its sums: what of the page it covers */
const FOOTER_HEIGHT = 170;

export default function CartPage() {
  const rendered = useCartItems();
  const items = rendered ?? NO_ITEMS;
  const navigate = useNavigate();
  useFreshCart();
  const promoCode = usePromoCode();
  const promoCheck = usePromoCheck(promoCode, items);
  usePageMeta({ title: "Корзина", description: "Ваша корзина в магазине изделий ручной работы «Ремесло»." });
  // the cart shows goods only; delivery is added at checkout
  const totals = totalsInRoubles(items, 0, promoForTotals(promoCheck));
  const hasDiscount = totals.discount > 0;
  // inside Telegram its bottom buttons lead on, instead of the page's footer and checkout link
  const telegramButtons = useTelegramMainButton({
    text: `Оформить заказ · ${formatPrice(totals.total)}`,
    visible: items.length > 0,
    onClick: () => void navigate("/checkout"),
  });
  useTelegramSecondaryButton({ text: "Продолжить покупки", visible: items.length > 0, onClick: () => void navigate("/") });
  // the sticky footer (phones) leaves out the sums while the summary's own are on screen: never the same lines twice
  const totalsRef = useRef<HTMLDListElement>(null);
  const summaryOnScreen = useOnScreen(totalsRef, FOOTER_HEIGHT, items.length > 0 && !telegramButtons);

  if (rendered === null) return <CartSkeleton status="Загружаем корзину…" />;
  if (items.length === 0) {
    return (
      <div className="container">
        <EmptyState title="Корзина пустая" icon={<CartIcon size={32} />}>
          <span>Загляните в каталог — там много красивых вещей ручной работы.</span>
          <Link to="/" className="btn btn-primary">
            Перейти в каталог
          </Link>
        </EmptyState>
      </div>
    );
  }

  const count = cartCount(items);

  return (
    <div className={`container ${styles.page} ${telegramButtons ? styles.withTelegramButtons : ""}`}>
      <div className={styles.titleRow}>
        <h1 className="page-title">Ваша корзина</h1>
        <button type="button" className={`btn btn-ghost btn-sm ${styles.clear}`} onClick={clearCart}>
          <TrashIcon size={18} />
          Очистить корзину
        </button>
      </div>

      <div className={layout.layout}>
        <ul className={layout.lines} aria-label="Товары в корзине">
          {items.map((item) => (
            <CartLine key={lineKey(item)} item={item} variant="cart" />
          ))}
        </ul>

        <aside className={layout.summary} aria-label="Сумма заказа">
          <h2 className={styles.summaryTitle}>Сумма заказа</h2>
          <dl ref={totalsRef} className={`${totalsStyles.list} ${styles.totals}`}>
            <div>
              <dt>Товаров</dt>
              <dd data-testid="cart-count">{count} шт.</dd>
            </div>
            <div>
              <dt>Сумма</dt>
              <dd data-testid="cart-subtotal">{formatPrice(totals.subtotal)}</dd>
            </div>
            {hasDiscount ? (
              <div className={totalsStyles.discount}>
                <dt>{discountLabel(totals)}</dt>
                <dd data-testid="cart-discount">−{formatPrice(totals.discount)}</dd>
              </div>
            ) : null}
            <div className={totalsStyles.total}>
              <dt>Итого</dt>
              <dd data-testid="cart-total">{formatPrice(totals.total)}</dd>
            </div>
          </dl>
          <PromoCodeField code={promoCode} check={promoCheck} onApply={setPromoCode} onRemove={() => setPromoCode(null)} />
          {/* a code that gives the discount beats every tier: the tiers' progress would promise nothing */}
          {totals.promoCode ? null : (
            <div className={styles.summaryBar}>
              <DiscountBar subtotal={totals.subtotal} />
            </div>
          )}
          {telegramButtons ? null : (
            <Link to="/checkout" className={`btn btn-primary btn-lg btn-block ${styles.summaryButton}`}>
              Перейти к оформлению
            </Link>
          )}
        </aside>
      </div>

      <Recommendations productIds={[...new Set(items.map((item) => item.id))]} />

      {telegramButtons ? null : (
        <div
          className={`${styles.stickyFooter} ${summaryOnScreen ? styles.summaryOnScreen : ""} replaced-in-telegram`}
          data-testid="cart-footer"
        >
          {/* what the goods cost after the discount; delivery is added at checkout */}
          <div className={styles.footerSums}>
            <div className={styles.footerRow}>
              <span className={styles.footerLabel}>{hasDiscount ? "Итого со скидкой" : "Сумма"}</span>
              <span className={styles.footerSum} data-testid="cart-footer-total">
                {formatPrice(totals.total)}
              </span>
            </div>
            {hasDiscount ? (
              <p className={styles.footerDiscount} data-testid="cart-footer-discount">
                <s aria-label={`Без скидки ${formatPrice(totals.subtotal)}`}>{formatPrice(totals.subtotal)}</s>
                <span>
                  {discountLabel(totals)}: −{formatPrice(totals.discount)}
                </span>
              </p>
            ) : null}
          </div>
          {totals.promoCode ? null : <DiscountBar subtotal={totals.subtotal} compact />}
          <div className={styles.footerButtons}>
            <Link to="/" className="btn btn-secondary">
              ← В каталог
            </Link>
            <Link to="/checkout" className="btn btn-primary">
              К оформлению
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
