import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { TOAST_DURATION_MS } from "@shop/shared/constants";
import styles from "./Toast.module.css";

type ToastKind = "success" | "error";
interface ToastItem {
  id: number;
  text: string;
  kind: ToastKind;
}

type ShowToast = (text: string, kind?: ToastKind) => void;
const ToastContext = createContext<ShowToast>(() => {});

/** Admin notifications: each one disappears after 3 seconds (docs/product.md#notifications). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const show = useCallback<ShowToast>((text, kind = "success") => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, text, kind }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setToasts((list) => list.filter((toast) => toast.id !== id));
    }, TOAST_DURATION_MS);
    timers.current.add(timer);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className={styles.toasts} aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`${styles.toast} ${toast.kind === "error" ? styles.error : ""}`} role={toast.kind === "error" ? "alert" : "status"}>
            {toast.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  return useContext(ToastContext);
}
