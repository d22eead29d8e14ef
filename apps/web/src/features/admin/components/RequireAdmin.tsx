import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { useAuthToken } from "../session";

/** Dashboard and editor need a token; without one (or once a 401/403 removed it) the admin goes to the login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const token = useAuthToken();
  if (!token) return <Navigate to="/admin/login" replace />;
  return <>{children}</>;
}
