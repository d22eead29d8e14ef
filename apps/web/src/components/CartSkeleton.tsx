import layout from "./CartLayout.module.css";
import line from "./CartLine.module.css";
import styles from "./CartSkeleton.module.css";

/**
 * The cart's and the checkout's place while their lines are not known: in the server's HTML of a browser that sent
 * no cart cookie, until hydration reads the device's cart (useCartItems in stores/cart.ts), never an empty cart that
 * then fills. Laid out as the cart (its lines, the summary beside them on wide screens), no taller than a screen,
 * and still: an animation would keep the browser busy while the page's code starts.
 */
export function CartSkeleton({ status }: { status: string }) {
  return (
    <div className={`container ${styles.page}`} aria-busy="true" data-testid="cart-skeleton">
      <p className="visually-hidden" role="status">
        {status}
      </p>
      <div className={styles.title} />
      <div className={layout.layout}>
        <div className={layout.lines}>
          {[0, 1].map((index) => (
            <div key={index} className={`${line.line} ${line.cart}`}>
              <div className={`${line.image} ${styles.block}`} />
              <div className={`${styles.text} ${styles.lineText}`}>
                <div className={styles.bar} />
                <div className={`${styles.bar} ${styles.short}`} />
              </div>
            </div>
          ))}
        </div>
        <div className={`${layout.summary} ${styles.text}`}>
          <div className={styles.bar} />
          <div className={`${styles.bar} ${styles.short}`} />
          <div className={styles.button} />
        </div>
      </div>
    </div>
  );
}
