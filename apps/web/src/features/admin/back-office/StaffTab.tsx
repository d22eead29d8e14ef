import { useEffect, useState, type FormEvent } from "react";
import type { InvitationLink, StaffAccount } from "@shop/shared/schemas/staff";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@shop/shared/staff";
import { formatDateTime } from "@shop/shared/format";
import { useToast } from "../components/Toast";
import { ApiError, logFailure } from "../utils";
import { createInvitation, createStaffAccount, fetchStaff, issueTelegramCode, unbindTelegram, updateStaffAccount } from "./api";
import { TelegramBindButton } from "./TelegramBinding";
import buttons from "../components/buttons.module.css";
import card from "../components/card.module.css";
import form from "../components/form.module.css";
import text from "../components/text.module.css";
import styles from "./BackOffice.module.css";

const EMPTY = { login: "", name: "", password: "", role: "picker" as StaffRole };

/** The owner's staff page: accounts with their roles, a new one, switching one off or on (docs/admin-panel.md#staff). */
export default function StaffTab({ myId }: { myId: number | null }) {
  const showToast = useToast();
  const [staff, setStaff] = useState<StaffAccount[]>([]);
  const [draft, setDraft] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [inviteRole, setInviteRole] = useState<StaffRole>("manager");
  const [inviteName, setInviteName] = useState("");
  const [invitation, setInvitation] = useState<InvitationLink | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchStaff(controller.signal)
      .then((list) => setStaff(list.staff))
      .catch((failure) => logFailure("staff failed to load", failure));
    return () => controller.abort();
  }, [version]);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const account = await createStaffAccount(draft);
      showToast(`Сотрудник «${account.name}» добавлен`);
      setDraft(EMPTY);
      setVersion((v) => v + 1);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось добавить сотрудника");
    } finally {
      setBusy(false);
    }
  }

  async function change(account: StaffAccount, body: { role?: string; active?: boolean }) {
    try {
      await updateStaffAccount(account.id, body);
      showToast(body.active === false ? `«${account.name}» отключён: его сессии завершены` : "Сохранено");
      setVersion((v) => v + 1);
    } catch (failure) {
      showToast(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось сохранить", "error");
    }
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    try {
      setInvitation(await createInvitation({ role: inviteRole, name: inviteName.trim() || undefined }));
      setInviteName("");
    } catch (failure) {
      showToast(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось создать приглашение", "error");
    }
  }

  const invitationLink = invitation ? (invitation.link ?? window.location.origin + invitation.path) : null;

  async function copyLink() {
    if (!invitationLink) return;
    try {
      await navigator.clipboard.writeText(invitationLink);
      showToast("Ссылка скопирована");
    } catch {
      showToast("Скопируйте ссылку вручную", "error");
    }
  }

  async function unbind(account: StaffAccount) {
    if (!window.confirm(`Отвязать Telegram от «${account.name || account.login}»? Кнопки в чате менеджеров перестанут работать для него.`)) return;
    try {
      await unbindTelegram(account.id);
      showToast("Telegram отвязан");
      setVersion((v) => v + 1);
    } catch (failure) {
      showToast(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "Не удалось отвязать", "error");
    }
  }

  return (
    <section className={card.card} aria-labelledby="adm-staff-title">
      <div className={card.head}>
        <h2 id="adm-staff-title" className={card.title}>
          Сотрудники
        </h2>
      </div>
      <form className={styles.grid} onSubmit={(event) => void create(event)} aria-label="Новый сотрудник">
        <label className={form.field}>
          <span className={form.label}>Логин</span>
          <input className={form.input} value={draft.login} autoComplete="off" onChange={(e) => setDraft({ ...draft, login: e.target.value })} />
        </label>
        <label className={form.field}>
          <span className={form.label}>Имя</span>
          <input className={form.input} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>
        <label className={form.field}>
          <span className={form.label}>Пароль</span>
          <input className={form.input} type="password" autoComplete="new-password" value={draft.password} onChange={(e) => setDraft({ ...draft, password: e.target.value })} />
        </label>
        <label className={form.field}>
          <span className={form.label}>Роль</span>
          <select className={form.input} aria-label="Роль" value={draft.role} onChange={(e) => setDraft({ ...draft, role: e.target.value as StaffRole })}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttons.primary} disabled={busy}>
          Добавить сотрудника
        </button>
      </form>
      {error && (
        <p className={text.errorLine} role="alert">
          {error}
        </p>
      )}
      <form className={styles.inviteForm} onSubmit={(event) => void invite(event)} aria-label="Приглашение по ссылке">
        <span className={form.label}>Или пригласите по одноразовой ссылке — человек сам придумает логин и пароль:</span>
        <div className={styles.row}>
          <select className={`${form.input} ${form.inputSm} ${styles.bulkSelect}`} aria-label="Роль приглашённого" value={inviteRole} onChange={(e) => setInviteRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          <input
            className={`${form.input} ${form.inputSm} ${styles.inviteName}`}
            aria-label="Имя приглашённого"
            placeholder="Имя (необязательно)"
            value={inviteName}
            onChange={(e) => setInviteName(e.target.value)}
          />
          <button type="submit" className={`${buttons.ghost} ${buttons.sm}`}>
            Создать ссылку
          </button>
        </div>
        {invitation && invitationLink && (
          <div className={styles.codeBox} data-testid="invitation-link" role="status">
            <span>
              Ссылка для роли «{STAFF_ROLE_LABELS[invitation.role]}»: <code className={styles.code}>{invitationLink}</code>
            </span>
            <div className={styles.row}>
              <button type="button" className={`${buttons.primary} ${buttons.sm}`} onClick={() => void copyLink()}>
                Скопировать
              </button>
              <span className={text.muted}>Работает один раз, до {formatDateTime(invitation.expires_at)}.</span>
            </div>
          </div>
        )}
      </form>
      <div className={styles.list} data-testid="staff-list">
        {staff.map((account) => (
          <div key={account.id} className={`${styles.item} ${account.active ? "" : styles.off}`} data-staff={account.login}>
            <div className={styles.itemHead}>
              <span>
                {account.name || account.login} <span className={text.muted}>({account.login})</span>
              </span>
              <span className={styles.badge}>{account.active ? STAFF_ROLE_LABELS[account.role] : "Отключён"}</span>
            </div>
            <span className={text.muted}>
              Создан {formatDateTime(account.created_at)} · Telegram: {account.telegram_bound ? "привязан" : "не привязан"}
            </span>
            {account.active && (
              <div className={styles.row}>
                <TelegramBindButton issue={() => issueTelegramCode(account.id)} label={account.telegram_bound ? "Привязать другой Telegram" : "Привязать Telegram"} />
                {account.telegram_bound && (
                  <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => void unbind(account)}>
                    Отвязать Telegram
                  </button>
                )}
              </div>
            )}
            {account.id !== myId && (
              <div className={styles.row}>
                <select
                  className={`${form.input} ${form.inputSm}`}
                  aria-label={`Роль: ${account.login}`}
                  value={account.role}
                  onChange={(e) => void change(account, { role: e.target.value })}
                  style={{ width: "auto" }}
                >
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {STAFF_ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                <button type="button" className={`${buttons.ghost} ${buttons.sm}`} onClick={() => void change(account, { active: !account.active })}>
                  {account.active ? "Отключить" : "Включить"}
                </button>
              </div>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
