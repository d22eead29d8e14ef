import { useToasts } from "../stores/toasts";
import { CloseIcon } from "./Icons";
import styles from "./Toasts.module.css";

/** The toast stack; screen readers hear each message through the status region. */
export function Toasts() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    <div className={styles.stack} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`${styles.toast} ${styles[toast.tone]}`} data-testid="toast">
          <span className={styles.text}>{toast.text}</span>
          <button type="button" className={styles.close} aria-label="Закрыть уведомление" onClick={() => dismiss(toast.id)}>
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
