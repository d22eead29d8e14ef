import { useEffect, useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router-dom";
import { login } from "../api/auth";
import { startSession, useAuthToken } from "../session";

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
    <main className="adm-login">
      <form className="adm-card adm-login__card" onSubmit={onSubmit}>
        <h1 className="adm-login__title">Панель Управления</h1>
        <p className="adm-muted adm-login__subtitle">Вход для администратора магазина</p>
        <label className="adm-field">
          <span className="adm-field__label">Логин</span>
          <input
            className="adm-input"
            name="login"
            autoComplete="username"
            required
            value={loginName}
            onChange={(e) => setLoginName(e.target.value)}
          />
        </label>
        <label className="adm-field">
          <span className="adm-field__label">Пароль</span>
          <input
            className="adm-input"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button type="submit" className="adm-btn adm-btn--primary adm-btn--block" disabled={submitting}>
          Войти
        </button>
        {error && (
          <p className="adm-form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
