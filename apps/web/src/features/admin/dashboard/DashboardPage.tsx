import { Suspense, lazy, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { fetchMe } from "../api/auth";
import { usePaymentsEnabled } from "../hooks/usePaymentsEnabled";
import { LogoutIcon, StoreIcon, UserIcon } from "../components/icons";
import { endSession, getSignedInLogin } from "../session";
import { logFailure } from "../utils";
import ProductsTab from "../products/ProductsTab";
import OrdersTab from "../orders/OrdersTab";
import type { StaffMe } from "@shop/shared/schemas/staff";
import { issueMyTelegramCode } from "../back-office/api";
import { TelegramBindButton } from "../back-office/TelegramBinding";
import card from "../components/card.module.css";
import buttons from "../components/buttons.module.css";
import layout from "../components/layout.module.css";
import text from "../components/text.module.css";
import styles from "./DashboardPage.module.css";

// recharts is big: it loads only when the statistics tab opens
const StatsTab = lazy(() => import("../stats/StatsTab"));
const PickingTab = lazy(() => import("../back-office/PickingTab"));
const StaffTab = lazy(() => import("../back-office/StaffTab"));
const AuditTab = lazy(() => import("../back-office/AuditTab"));
const DeliverySettingsTab = lazy(() => import("../delivery/DeliverySettingsTab"));
const ReviewsTab = lazy(() => import("../reviews/ReviewsTab"));
const PromoCodesTab = lazy(() => import("../promo-codes/PromoCodesTab"));
const BroadcastsTab = lazy(() => import("../broadcasts/BroadcastsTab"));

/** Each tab with the permission it needs (docs/product.md#staff-and-roles): a role sees only its own. */
export const DASHBOARD_TABS = [
  { id: "products", label: "Товары и Категории", short: "Товары", permission: "products.read" },
  { id: "orders", label: "Заказы", short: "Заказы", permission: "orders.read" },
  { id: "picking", label: "Сборка", short: "Сборка", permission: "orders.pick" },
  { id: "reviews", label: "Отзывы", short: "Отзывы", permission: "reviews" },
  { id: "stats", label: "Статистика", short: "Статистика", permission: "stats.read" },
  { id: "promo", label: "Промокоды", short: "Промокоды", permission: "promo-codes" },
  { id: "delivery", label: "Доставка", short: "Доставка", permission: "settings" },
  { id: "broadcasts", label: "Рассылки", short: "Рассылки", permission: "broadcasts" },
  { id: "staff", label: "Сотрудники", short: "Команда", permission: "staff.manage" },
  { id: "audit", label: "Журнал", short: "Журнал", permission: "audit.read" },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];

export function parseTab(value: string | null, permissions: readonly string[]): DashboardTab {
  const allowed = DASHBOARD_TABS.filter((tab) => permissions.includes(tab.permission));
  return allowed.find((tab) => tab.id === value)?.id ?? allowed[0]?.id ?? "products";
}

export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const [me, setMe] = useState<StaffMe | null>(null);
  // nothing opens before the account's role is known: a tab it may not read would answer 403, which ends the session
  const permissions = me?.permissions ?? [];
  const tab = parseTab(params.get("tab"), permissions);
  const tabs = DASHBOARD_TABS.filter((item) => permissions.includes(item.permission));
  const [signedInAs, setSignedInAs] = useState(getSignedInLogin());
  const payments = usePaymentsEnabled();
  const [telegramOpen, setTelegramOpen] = useState(false);

  useEffect(() => {
    document.title = "Панель Управления";
  }, []);

  // confirms the token is still good (a 401 ends the session) and shows whose it is
  useEffect(() => {
    const controller = new AbortController();
    fetchMe(controller.signal)
      .then((answer) => {
        setMe(answer);
        setSignedInAs(answer.name || answer.login);
      })
      .catch((error) => logFailure("admin/me failed", error));
    return () => controller.abort();
  }, []);

  function selectTab(next: DashboardTab) {
    setParams(next === tabs[0]?.id ? {} : { tab: next });
  }

  return (
    <div className={layout.page}>
      <header className={layout.topbar}>
        <div className={layout.inner}>
          <h1 className={layout.title}>Панель Управления</h1>
          <div className={layout.right}>
            <Link className={layout.link} to="/" title="Открыть магазин">
              <StoreIcon /> <span className={layout.hideSm}>Магазин</span>
            </Link>
            {signedInAs && (
              <span className={layout.user} title="Вы вошли как">
                <UserIcon /> <span data-testid="admin-login">{signedInAs}</span>
              </span>
            )}
            {me && (
              <button
                type="button"
                className={`${buttons.ghost} ${buttons.sm} ${layout.action}`}
                aria-expanded={telegramOpen}
                onClick={() => setTelegramOpen((open) => !open)}
                title="Привязать свой Telegram к учётной записи"
              >
                Telegram
              </button>
            )}
            <button type="button" className={`${buttons.ghost} ${buttons.sm} ${layout.action}`} onClick={endSession}>
              <LogoutIcon /> Выйти
            </button>
          </div>
        </div>
      </header>

      <div className={layout.container}>
        {telegramOpen && (
          <section className={`${card.card} ${styles.telegram}`} aria-label="Мой Telegram">
            <p className={text.muted}>
              Привяжите свой Telegram, чтобы нажимать кнопки под заказами в чате менеджеров от своего имени и со своими правами.
            </p>
            <TelegramBindButton issue={issueMyTelegramCode} label="Получить код привязки" />
          </section>
        )}
        <nav className={styles.tabs} role="tablist" aria-label="Разделы">
          {tabs.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              aria-selected={tab === item.id}
              className={`${styles.tab} ${tab === item.id ? styles.active : ""}`}
              aria-label={item.label}
              data-short={item.short}
              onClick={() => selectTab(item.id)}
            >
              <span className={styles.full}>{item.label}</span>
            </button>
          ))}
        </nav>

        {!me && <p className={text.muted}>Загрузка...</p>}
        <section role="tabpanel">
          {me && tab === "products" && <ProductsTab />}
          {me && tab === "orders" && <OrdersTab payments={payments} />}
          {me && (tab === "picking" || tab === "staff" || tab === "audit" || tab === "reviews" || tab === "promo") && (
            <Suspense fallback={<p className={text.muted}>Загрузка...</p>}>
              {tab === "picking" && <PickingTab />}
              {tab === "reviews" && <ReviewsTab canEditSettings={permissions.includes("settings")} />}
              {tab === "promo" && <PromoCodesTab />}
              {tab === "staff" && <StaffTab myId={me?.id ?? null} />}
              {tab === "audit" && <AuditTab />}
            </Suspense>
          )}
          {me && tab === "stats" && (
            <Suspense fallback={<p className={text.muted}>Загрузка статистики...</p>}>
              <StatsTab onAuthError={endSession} payments={payments} />
            </Suspense>
          )}
          {tab === "delivery" && (
            <Suspense fallback={<p className={text.muted}>Загрузка настроек доставки...</p>}>
              <DeliverySettingsTab />
            </Suspense>
          )}
          {tab === "broadcasts" && (
            <Suspense fallback={<p className={text.muted}>Загрузка рассылок...</p>}>
              <BroadcastsTab />
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}
