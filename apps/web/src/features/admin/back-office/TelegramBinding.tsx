import { useState } from "react";
import type { BindingCode } from "@shop/shared/schemas/staff";
import { formatDateTime } from "@shop/shared/format";
import { ApiError } from "../utils";
import buttons from "../components/buttons.module.css";
import text from "../components/text.module.css";
import styles from "./BackOffice.module.css";

/**
 * A one-time binding code as the panel shows it (docs/admin-panel.md#staff): the command to send to the bot, the
 * bot's link that sends it, and when it stops working.
 */
export function BindingCodeBox({ code }: { code: BindingCode }) {
  return (
    <div className={styles.codeBox} data-testid="binding-code" role="status">
      <span>
        Отправьте боту магазина: <code className={`${styles.code} ${styles.codeWord}`}>{code.command}</code>
      </span>
      {code.link && (
        <a href={code.link} target="_blank" rel="noreferrer">
          Открыть бота с кодом
        </a>
      )}
      <span className={text.muted}>Код одноразовый, действует до {formatDateTime(code.expires_at)}.</span>
    </div>
  );
}

/** «Привязать Telegram» and the code it gives: `issue` asks the API for a new code. */
export function TelegramBindButton({ issue, label = "Привязать Telegram" }: { issue: () => Promise<BindingCode>; label?: string }) {
  const [code, setCode] = useState<BindingCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function ask() {
    setBusy(true);
    setError(null);
    try {
      setCode(await issue());
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось получить код");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.bindBlock}>
      <button type="button" className={`${buttons.ghost} ${buttons.sm}`} disabled={busy} onClick={() => void ask()}>
        {code ? "Новый код" : label}
      </button>
      {code && <BindingCodeBox code={code} />}
      {error && <p className={text.errorLine}>{error}</p>}
    </div>
  );
}
