import { Suspense, lazy } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { RequireAdmin } from "./components/RequireAdmin";
import { ToastProvider } from "./components/Toast";
import DashboardPage from "./dashboard/DashboardPage";
import LoginPage from "./login/LoginPage";
import layout from "./components/layout.module.css";
import text from "./components/text.module.css";
import "./admin.css";

// dnd-kit comes with the editor only
const ProductEditorPage = lazy(() => import("./editor/ProductEditorPage"));
const InvitePage = lazy(() => import("./login/InvitePage"));

/** The admin panel under /admin/*: its own routes, styles and API client, loaded only when an admin URL opens. */
export default function AdminApp() {
  return (
    <div className="adm">
      <ToastProvider>
        <Suspense fallback={<p className={`${text.muted} ${layout.pad}`}>Загрузка...</p>}>
          <Routes>
            <Route index element={<Navigate to="/admin/dashboard" replace />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="invite/:token" element={<InvitePage />} />
            <Route
              path="dashboard"
              element={
                <RequireAdmin>
                  <DashboardPage />
                </RequireAdmin>
              }
            />
            <Route
              path="product/new"
              element={
                <RequireAdmin>
                  <ProductEditorPage />
                </RequireAdmin>
              }
            />
            <Route
              path="product/edit/:id"
              element={
                <RequireAdmin>
                  <ProductEditorPage />
                </RequireAdmin>
              }
            />
            <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
          </Routes>
        </Suspense>
      </ToastProvider>
    </div>
  );
}
