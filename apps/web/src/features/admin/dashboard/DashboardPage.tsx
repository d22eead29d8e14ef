import { Suspense, lazy, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { fetchMe } from "../api/auth";
import { usePaymentsEnabled } from "../hooks/usePaymentsEnabled";
import { LogoutIcon, StoreIcon, UserIcon } from "../components/icons";
import { endSession, getSignedInLogin } from "../session";
import { logFailure } from "../utils";
import ProductsTab from "../products/ProductsTab";
import OrdersTab from "../orders/OrdersTab";
import buttons from "../components/buttons.module.css";
import layout from "../components/layout.module.css";
import text from "../components/text.module.css";
import styles from "./DashboardPage.module.css";

// recharts is big: it loads only when the statistics tab opens
const StatsTab = lazy(() => import("../stats/StatsTab"));
const DeliverySettingsTab = lazy(() => import("../delivery/DeliverySettingsTab"));

export const DASHBOARD_TABS = [
  { id: "products", label: "Товары и Категории" },
  { id: "orders", label: "Заказы" },
  { id: "stats", label: "Статистика" },
  { id: "delivery", label: "Доставка" },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]["id"];

export function parseTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.some((tab) => tab.id === value) ? (value as DashboardTab) : "products";
}

export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get("tab"));
  const [signedInAs, setSignedInAs] = useState(getSignedInLogin());
  const payments = usePaymentsEnabled();

  useEffect(() => {
    document.title = "Панель Управления";
  }, []);

  // confirms the token is still good (a 401 ends the session) and shows whose it is
  useEffect(() => {
    const controller = new AbortController();
    fetchMe(controller.signal)
      .then((me) => setSignedInAs(me.login))
      .catch((error) => logFailure("admin/me failed", error));
    return () => controller.abort();
  }, []);

  function selectTab(next: DashboardTab) {
    setParams(next === "products" ? {} : { tab: next });
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
          {DASHBOARD_TABS.map((item) => (
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

        <section role="tabpanel">
          {tab === "products" && <ProductsTab />}
          {tab === "orders" && <OrdersTab payments={payments} />}
          {tab === "stats" && (
            <Suspense fallback={<p className={text.muted}>Загрузка статистики...</p>}>
              <StatsTab onAuthError={endSession} payments={payments} />
            </Suspense>
          )}
          {tab === "delivery" && (
            <Suspense fallback={<p className={text.muted}>Загрузка настроек доставки...</p>}>
              <DeliverySettingsTab />
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}
