import { startSession } from "../features/admin/session";

/** The admin panel's session of a signed-in admin, on clean storage. */
export function signInAdmin(token = "tok"): void {
  window.localStorage.clear();
  startSession(token, "admin");
}
