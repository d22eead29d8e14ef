import styles from "./Stars.module.css";

/** Five stars, `rating` of them filled (rounded to a half for the average); read by a screen reader as «N из 5». */
export function Stars({ rating, size = "md" }: { rating: number; size?: "sm" | "md" | "lg" }) {
  const filled = Math.round(rating * 2) / 2;
  return (
    <span className={`${styles.stars} ${styles[size]}`} role="img" aria-label={`${String(rating).replace(".", ",")} из 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= filled ? styles.on : n - 0.5 === filled ? styles.half : styles.off} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}
