import { useEffect, useState, type FormEvent } from "react";
import { useNavigate, useParams } from "react-router-dom";
import type { LoginResponse } from "@shop/shared/schemas/admin";
import type { InvitationJson } from "@shop/shared/schemas/staff";
import { formatDateTime } from "@shop/shared/format";
import { startSession } from "../session";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import form from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./LoginPage.module.css";

const GONE = "Приглашение не найдено, уже использовано или истекло. Попросите владельца магазина прислать новое.";

async function call<T>(path: string, body?: object): Promise<{ ok: boolean; body: T & { message?: string; errors?: Record<string, string> } }> {
  const response = await fetch(path, {
    method: body ? "POST" : "GET",
    headers: { Accept: "application/json", ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // not JSON
  }
  return { ok: response.ok, body: (json ?? {}) as T & { message?: string; errors?: Record<string, string> } };
}

/**
 * The page a staff invitation link opens (/admin/invite/:token, docs/admin-panel.md#staff): the role it invites
 * to, and the person's own login, name and password; accepted, they are signed in.
 */
export default function InvitePage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const [invitation, setInvitation] = useState<InvitationJson | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [fields, setFields] = useState({ login: "", name: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = "Приглашение — Панель Управления";
    call<InvitationJson>(`/api/staff-invitations/${encodeURIComponent(token)}`)
      .then(({ ok, body }) => {
        if (!ok) return setGone(body.message ?? GONE);
        setInvitation(body);
        setFields((current) => ({ ...current, name: body.name }));
      })
      .catch(() => setGone("Не удалось открыть приглашение. Проверьте соединение и обновите страницу."));
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const { ok, body } = await call<LoginResponse>(`/api/staff-invitations/${encodeURIComponent(token)}`, fields);
      if (!ok) {
        setErrors(body.errors ?? {});
        setError(body.message ?? "Не удалось создать учётную запись");
        setBusy(false);
        return;
      }
      startSession(body.token, body.login);
      navigate("/admin/dashboard", { replace: true });
    } catch {
      setError("Не удалось создать учётную запись. Проверьте соединение.");
      setBusy(false);
    }
  }

  const field = (name: "login" | "name" | "password", label: string, extra: Record<string, string>) => (
    <label className={form.field}>
      <span className={form.label}>{label}</span>
      <input
        className={form.input}
        name={name}
        required
        value={fields[name]}
        aria-invalid={errors[name] ? true : undefined}
        onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
        {...extra}
      />
      {errors[name] && <span className={text.errorLine}>{errors[name]}</span>}
    </label>
  );

  return (
    <main className={styles.login}>
      <form className={`${card.card} ${styles.card}`} onSubmit={(event) => void submit(event)} aria-label="Приглашение">
        <h1 className={styles.title}>Приглашение в команду</h1>
        {gone ? (
          <p className={styles.error} role="alert">
            {gone}
          </p>
        ) : !invitation ? (
          <p className={text.muted}>Загрузка...</p>
        ) : (
          <>
            <p className={`${text.muted} ${styles.subtitle}`}>
              Роль: <strong>{invitation.role_label}</strong>. Придумайте логин и пароль — ссылка работает один раз, до{" "}
              {formatDateTime(invitation.expires_at)}.
            </p>
            {field("login", "Логин", { autoComplete: "username", autoCapitalize: "none" })}
            {field("name", "Имя", { autoComplete: "name" })}
            {field("password", "Пароль (не короче 8 символов)", { type: "password", autoComplete: "new-password", minLength: "8" })}
            <button type="submit" className={`${buttons.primary} ${buttons.block}`} disabled={busy}>
              Создать учётную запись
            </button>
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
          </>
        )}
      </form>
    </main>
  );
}
