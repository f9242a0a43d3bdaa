import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { useLoaded } from "../use-loaded";
import type { ToastInput, ToastItem } from "./toast-item";

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** Radix's toasts are fetched with the first toast of the visit (issue 3: JS budget). */
const loadToaster = () => import("./toaster");

let nextId = 1;

/** Holds the toasts on show (at most three); `useToast()` adds one from anywhere. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [used, setUsed] = useState(false);
  const Toaster = useLoaded(loadToaster, used)?.default;
  const show = useCallback((toast: ToastInput) => {
    setUsed(true);
    setToasts((current) => [...current.slice(-2), { ...toast, id: nextId++ }]);
  }, []);
  const remove = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {Toaster ? <Toaster toasts={toasts} onRemove={remove} /> : null}
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside <ToastProvider>");
  return show;
}
