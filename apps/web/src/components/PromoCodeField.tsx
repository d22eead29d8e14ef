import { useId, useState, type FormEvent } from "react";
import { PROMO_OUTCOME } from "@shop/shared/promo-codes";
import type { PromoCheckState } from "../hooks/usePromoCheck";
import styles from "./PromoCodeField.module.css";

interface PromoCodeFieldProps {
  /** the code applied (stores/promo-code.ts), null: none */
  code: string | null;
  check: PromoCheckState;
  onApply(code: string): void;
  onRemove(): void;
}

/**
 * The promo code in the cart and the checkout (docs/product.md#promo-codes): typed and applied, or brought by a
 * link; then what the server says of it — its discount, that the volume discount is larger and stays, or why it
 * does not apply — and the rule that the two do not add up.
 */
export function PromoCodeField({ code, check, onApply, onRemove }: PromoCodeFieldProps) {
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const messageId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) {
      onApply(draft);
      setDraft("");
    }
  };

  if (!code) {
    return (
      <form className={styles.form} onSubmit={submit} data-testid="promo-form">
        <label htmlFor={inputId} className={styles.label}>
          Промокод
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            className={`input ${styles.input}`}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder="Например, РЕМЕСЛО10"
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="done"
            data-testid="promo-input"
          />
          <button type="submit" className="btn btn-secondary" disabled={!draft.trim()} data-testid="promo-apply">
            Применить
          </button>
        </div>
      </form>
    );
  }

  const result = check.result;
  const tone = !result ? "muted" : !result.applies ? "error" : result.wins ? "success" : "info";
  const message = check.failed
    ? "Не удалось проверить промокод. Проверим при оформлении заказа."
    : check.loading && !result
      ? "Проверяем промокод…"
      : (result?.message ?? "");
  return (
    <div className={styles.applied} data-testid="promo-applied">
      <div className={styles.row}>
        <span className={styles.chip} data-testid="promo-code">
          {code}
        </span>
        <button type="button" className={`btn btn-ghost btn-sm ${styles.remove}`} onClick={onRemove} data-testid="promo-remove" aria-label={`Убрать промокод ${code}`}>
          Убрать
        </button>
      </div>
      <p id={messageId} className={`${styles.message} ${styles[tone]}`} role={tone === "error" ? "alert" : "status"} data-testid="promo-message">
        {message}
      </p>
      {result?.applies ? (
        <p className={styles.rule} data-testid="promo-rule">
          {PROMO_OUTCOME.rule}
        </p>
      ) : null}
    </div>
  );
}
