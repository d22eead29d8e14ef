import { useEffect, useRef, useState } from "react";
import { readStored, writeStored } from "../../lib/storage";
import { addShopToHomeScreen, botMayNotWrite, homeScreenMissing, requestBotMessages } from "../../lib/telegram-reach";
import styles from "./AfterOrderPrompts.module.css";

/** Set once the home-screen offer has been shown on this device: it is made once (docs/product.md). */
const HOME_SCREEN_OFFERED_KEY = "home-screen-offered";

type Messages = "asking" | "allowed" | "refused";
type HomeScreen = "offered" | "added" | "dismissed";

/**
 * After a Mini App order (docs/product.md#after-an-order-in-telegram): when the bot may not write to the customer,
 * Telegram asks them to allow it, under a short explanation; and once per device the shop offers to go on the home
 * screen where the client can. `onDecided(true)` tells the page that something is shown, so it stays open.
 */
export function AfterOrderPrompts({ onDecided }: { onDecided(shown: boolean): void }) {
  const [messages, setMessages] = useState<Messages | null>(null);
  const [homeScreen, setHomeScreen] = useState<HomeScreen | null>(null);
  const decided = useRef(false);
  const onDecidedRef = useRef(onDecided);
  onDecidedRef.current = onDecided;

  const askForMessages = () => {
    setMessages("asking");
    void requestBotMessages().then((allowed) => setMessages(allowed === null ? null : allowed ? "allowed" : "refused"));
  };

  useEffect(() => {
    if (decided.current) return;
    decided.current = true;
    const wantMessages = botMayNotWrite();
    if (wantMessages) askForMessages();
    const offered = readStored(HOME_SCREEN_OFFERED_KEY, (value) => (value === true ? true : null), false);
    void (offered ? Promise.resolve(false) : homeScreenMissing()).then((missing) => {
      if (missing) {
        writeStored(HOME_SCREEN_OFFERED_KEY, true);
        setHomeScreen("offered");
      }
      onDecidedRef.current(wantMessages || missing);
    });
  }, []);

  if (!messages && (!homeScreen || homeScreen === "dismissed")) return null;
  return (
    <div className={styles.prompts}>
      {messages ? (
        <section className={styles.prompt} data-testid="write-access-prompt" aria-live="polite">
          <h2 className={styles.title}>Статусы заказа — в Telegram</h2>
          {messages === "allowed" ? (
            <p className={styles.text}>Готово: бот напишет, когда статус заказа изменится.</p>
          ) : (
            <p className={styles.text}>Разрешите боту писать вам — так вы узнаете, когда заказ подтвердят и отправят.</p>
          )}
          {messages === "refused" ? (
            <button type="button" className="btn btn-secondary" onClick={askForMessages}>
              Разрешить сообщения
            </button>
          ) : null}
        </section>
      ) : null}
      {homeScreen && homeScreen !== "dismissed" ? (
        <section className={styles.prompt} data-testid="home-screen-prompt" aria-live="polite">
          <h2 className={styles.title}>Магазин на главном экране</h2>
          {homeScreen === "added" ? (
            <p className={styles.text}>«Ремесло» добавлено на главный экран.</p>
          ) : (
            <>
              <p className={styles.text}>Добавьте «Ремесло» на главный экран телефона: магазин будет открываться одним касанием.</p>
              <div className={styles.actions}>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => void addShopToHomeScreen().then((added) => added && setHomeScreen("added"))}
                >
                  Добавить
                </button>
                <button type="button" className="btn btn-ghost" onClick={() => setHomeScreen("dismissed")}>
                  Не сейчас
                </button>
              </div>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
