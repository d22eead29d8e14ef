import { useEffect, useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { login } from "../api/auth";
import { startSession, useAuthToken } from "../session";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import form from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./LoginPage.module.css";

export default function LoginPage() {
  const token = useAuthToken();
  const navigate = useNavigate();
  const [loginName, setLoginName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = "Вход — Панель Управления";
  }, []);

  if (token && !submitting) return <Navigate to="/admin/dashboard" replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      const result = await login(loginName.trim(), password);
      startSession(result.token, result.login || loginName.trim());
      navigate("/admin/dashboard", { replace: true });
    } catch (failure) {
      setError((failure as Error).message || "Ошибка авторизации");
      setSubmitting(false);
    }
  }

  return (
    <main className={styles.login}>
      <form className={`${card.card} ${styles.card}`} onSubmit={onSubmit}>
        <h1 className={styles.title}>Панель Управления</h1>
        <p className={`${text.muted} ${styles.subtitle}`}>Вход для администратора магазина</p>
        <label className={form.field}>
          <span className={form.label}>Логин</span>
          <input
            className={form.input}
            name="login"
            autoComplete="username"
            required
            value={loginName}
            onChange={(e) => setLoginName(e.target.value)}
          />
        </label>
        <label className={form.field}>
          <span className={form.label}>Пароль</span>
          <input
            className={form.input}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button type="submit" className={`${buttons.primary} ${buttons.block}`} disabled={submitting}>
          Войти
        </button>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
