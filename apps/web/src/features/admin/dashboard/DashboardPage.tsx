import { Suspense, lazy, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { fetchMe } from "../api/auth";
import { usePaymentsEnabled } from "../hooks/usePaymentsEnabled";
import { LogoutIcon, StoreIcon, UserIcon } from "../components/icons";
import { endSession, getSignedInLogin } from "../session";
import { logFailure } from "../utils";
import ProductsTab from "../products/ProductsTab";
import OrdersTab from "../orders/OrdersTab";

// recharts is big: it loads only when the statistics tab opens
const StatsTab = lazy(() => import("../stats/StatsTab"));

export const DASHBOARD_TABS = [
  { id: "products", label: "Товары и Категории" },
  { id: "orders", label: "Заказы" },
  { id: "stats", label: "Статистика" },
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
    <div className="adm-page">
      <header className="adm-topbar">
        <div className="adm-topbar__inner">
          <h1 className="adm-topbar__title">Панель Управления</h1>
          <div className="adm-topbar__right">
            <Link className="adm-topbar__link" to="/" title="Открыть магазин">
              <StoreIcon /> <span className="adm-hide-sm">Магазин</span>
            </Link>
            {signedInAs && (
              <span className="adm-topbar__user" title="Вы вошли как">
                <UserIcon /> <span data-testid="admin-login">{signedInAs}</span>
              </span>
            )}
            <button type="button" className="adm-btn adm-btn--ghost adm-btn--sm" onClick={endSession}>
              <LogoutIcon /> Выйти
            </button>
          </div>
        </div>
      </header>

      <div className="adm-container">
        <nav className="adm-tabs" role="tablist" aria-label="Разделы">
          {DASHBOARD_TABS.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              aria-selected={tab === item.id}
              className={`adm-tabs__tab${tab === item.id ? " is-active" : ""}`}
              onClick={() => selectTab(item.id)}
            >
              {item.label}
            </button>
          ))}
        </nav>

        <section role="tabpanel" className="adm-tabpanel">
          {tab === "products" && <ProductsTab />}
          {tab === "orders" && <OrdersTab payments={payments} />}
          {tab === "stats" && (
            <Suspense fallback={<p className="adm-muted">Загрузка статистики...</p>}>
              <StatsTab onAuthError={endSession} payments={payments} />
            </Suspense>
          )}
        </section>
      </div>
    </div>
  );
}
