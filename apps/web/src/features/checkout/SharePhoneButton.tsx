import { useEffect, useState } from "react";
import { canRequestTelegramPhone, requestTelegramPhone } from "../../lib/telegram-contact";
import styles from "./SharePhoneButton.module.css";

/**
 * Inside Telegram: 'Поделиться номером' fills the phone field with the number of the user's Telegram account, in one
 * tap (docs/product.md#checkout). A refusal leaves the field as it was. Its place is kept inside Telegram while the
 * client is asked whether it can (the server's page has it too: shown under `data-telegram` only), so the fields
 * below do not move when it comes; where the client cannot, the place goes.
 */
export function SharePhoneButton({ onPhone }: { onPhone(phone: string): void }) {
  // null: not known yet
  const [available, setAvailable] = useState<boolean | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    let live = true;
    void canRequestTelegramPhone().then((can) => live && setAvailable(can));
    return () => {
      live = false;
    };
  }, []);

  const share = () => {
    setAsking(true);
    void requestTelegramPhone().then((phone) => {
      setAsking(false);
      if (phone) onPhone(phone);
    });
  };
  return (
    <div className={`${styles.slot} ${available === false ? styles.none : ""}`}>
      {available ? (
        <button
          type="button"
          className={`btn btn-secondary ${styles.button}`}
          disabled={asking}
          onClick={share}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
          </svg>
          Поделиться номером
        </button>
      ) : null}
    </div>
  );
}
