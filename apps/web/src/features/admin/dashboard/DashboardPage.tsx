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
const BroadcastsTab = lazy(() => import("../broadcasts/BroadcastsTab"));

/** Each tab with the permission it needs (docs/product.md#staff-and-roles): a role sees only its own. */
export const DASHBOARD_TABS = [
  { id: "products", label: "Товары и Категории", permission: "products.read" },
  { id: "orders", label: "Заказы", permission: "orders.read" },
  { id: "picking", label: "Сборка", permission: "orders.pick" },
  { id: "stats", label: "Статистика", permission: "stats.read" },
  { id: "delivery", label: "Доставка", permission: "settings" },
  { id: "broadcasts", label: "Рассылки", permission: "broadcasts" },
  { id: "staff", label: "Сотрудники", permission: "staff.manage" },
  { id: "audit", label: "Журнал", permission: "audit.read" },
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
            <button type="button" className={`${buttons.ghost} ${buttons.sm} ${layout.action}`} onClick={endSession}>
              <LogoutIcon /> Выйти
            </button>
          </div>
        </div>
      </header>

      <div className={layout.container}>
        <nav className={styles.tabs} role="tablist" aria-label="Разделы">
          {tabs.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              aria-selected={tab === item.id}
              className={`${styles.tab} ${tab === item.id ? styles.active : ""}`}
              onClick={() => selectTab(item.id)}
            >
              {item.label}
            </button>
          ))}
        </nav>

        {!me && <p className={text.muted}>Загрузка...</p>}
        <section role="tabpanel">
          {me && tab === "products" && <ProductsTab />}
          {me && tab === "orders" && <OrdersTab payments={payments} />}
          {me && (tab === "picking" || tab === "staff" || tab === "audit") && (
            <Suspense fallback={<p className={text.muted}>Загрузка...</p>}>
              {tab === "picking" && <PickingTab />}
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
