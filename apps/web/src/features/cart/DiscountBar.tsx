import { toKopecks, toRoubles } from "@shop/shared/money";
import { DISCOUNT_PROGRESS_CAP, DISCOUNT_TIERS, discountPercentFor, discountProgress, nextDiscountTier } from "@shop/shared/pricing";
import { formatMoney, formatPrice } from "@shop/shared/format";
import styles from "./DiscountBar.module.css";

/** the bar's marks and its end, in roubles as the page shows them (the tiers are kept in kopecks) */
const MARKS = [0, ...DISCOUNT_TIERS.map((tier) => toRoubles(tier.threshold))];
const CAP = toRoubles(DISCOUNT_PROGRESS_CAP);

/** The hint under the bar: how much is missing to the next tier, or that the maximum is reached. `subtotal` in roubles. */
export function discountHint(subtotal: number): string {
  const next = nextDiscountTier(toKopecks(subtotal));
  return next ? `До скидки ${next.percent}%: ещё ${formatPrice(toRoubles(next.missing))}` : "У вас максимальная скидка!";
}

/**
 * Discount progress toward 1500 ₽ with marks 0/500/1000/1500 ₽ and their discounts (docs/product.md#cart-and-discounts);
 * `compact` (the phone's cart footer) draws them smaller.
 */
/** `subtotal` in roubles, as the cart shows it */
export function DiscountBar({ subtotal, compact = false }: { subtotal: number; compact?: boolean }) {
  const progress = discountProgress(toKopecks(subtotal));
  const percent = discountPercentFor(toKopecks(subtotal));
  const hint = discountHint(subtotal);
  return (
    <div className={`${styles.bar} ${compact ? styles.compact : ""}`} data-testid="discount-bar">
      <p className={`${styles.hint} ${percent === DISCOUNT_TIERS[DISCOUNT_TIERS.length - 1]!.percent ? styles.max : ""}`}>
        {hint}
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Прогресс до максимальной скидки"
        aria-valuemin={0}
        aria-valuemax={CAP}
        aria-valuenow={Math.min(subtotal, CAP)}
        aria-valuetext={hint}
      >
        <div className={styles.fill} style={{ width: `${progress * 100}%` }} />
        {MARKS.map((mark) => (
          <span
            key={mark}
            className={`${styles.tick} ${subtotal >= mark ? styles.tickReached : ""}`}
            style={{ left: `${(mark / CAP) * 100}%` }}
          />
        ))}
      </div>
      <div className={styles.marks} aria-hidden="true" data-testid="discount-marks">
        {MARKS.map((mark) => {
          const tier = DISCOUNT_TIERS.find((item) => toRoubles(item.threshold) === mark);
          return (
            <span key={mark} className={styles.mark} style={{ left: `${(mark / CAP) * 100}%` }}>
              <span className={styles.markValue}>{formatMoney(mark, { currency: "₽", decimals: 0 })}</span>
              <span className={styles.markPercent}>{tier ? `−${tier.percent}%` : "\u00a0"}</span>
            </span>
          );
        })}
      </div>
    </div>
  );
}
