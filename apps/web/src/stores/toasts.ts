import { create } from "zustand";
import { TOAST_DURATION_MS } from "@shop/shared/constants";

export interface Toast {
  id: number;
  text: string;
  tone: "success" | "info";
}

interface ToastState {
  toasts: Toast[];
  show(text: string, tone?: Toast["tone"]): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** Notifications that vanish after 3 s (docs/product.md#notifications). */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show(text, tone = "success") {
    const id = nextId++;
    set({ toasts: [...get().toasts.slice(-2), { id, text, tone }] });
    setTimeout(() => get().dismiss(id), TOAST_DURATION_MS);
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));

export const showToast = (text: string, tone?: Toast["tone"]) => useToasts.getState().show(text, tone);
