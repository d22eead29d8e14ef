import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "@shop/shared/constants";

/**
 * The admin session (docs/product.md#sign-in-and-session) is the token in localStorage under `authToken`. It ends
 * on logout and on any 401/403 from an admin call; every screen that needs it re-renders through `useAuthToken`,
 * and the route guard then sends the admin to /admin/login.
 */
const LOGIN_KEY = "authLogin";
const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.error("localStorage read failed", error);
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return read(STORAGE_KEYS.authToken);
}

/** The login the admin signed in with, kept beside the token to show who is signed in. */
export function getSignedInLogin(): string | null {
  return read(LOGIN_KEY);
}

export function startSession(token: string, login: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.authToken, token);
    window.localStorage.setItem(LOGIN_KEY, login);
  } catch (error) {
    console.error("localStorage write failed", error);
  }
  notify();
}

export function endSession(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.authToken);
    window.localStorage.removeItem(LOGIN_KEY);
  } catch (error) {
    console.error("localStorage write failed", error);
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // another tab signing out (or in) counts too
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.authToken) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}
