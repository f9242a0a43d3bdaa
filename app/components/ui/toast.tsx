/** The toasts: the provider that holds the ones on show and the hook that adds one from anywhere. */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { useLoaded } from "./use-loaded";
import type { ToastInput, ToastItem } from "./toast-item";

/** `show` returns the toast's id, which `dismiss` takes to close it early. */
type Toasts = { show: (toast: ToastInput) => number; dismiss: (id: number) => void };
const ToastContext = createContext<Toasts | null>(null);

/** Radix's toasts are fetched with the first toast of the visit (the JavaScript budget in README.md). */
const loadToaster = () => import("./toaster");

let nextId = 1;

/** Holds the toasts on show (at most three); `useToast()` adds one from anywhere. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const [used, setUsed] = useState(false);
  const Toaster = useLoaded(loadToaster, used)?.default;
  const show = useCallback((toast: ToastInput) => {
    const id = nextId++;
    setUsed(true);
    setToasts((current) => [...current.slice(-2), { ...toast, id }]);
    return id;
  }, []);
  const remove = useCallback((id: number) => setToasts((current) => current.filter((t) => t.id !== id)), []);
  const { pathname } = useLocation();
  useEffect(() => {
    // A toast that points to a page has done its job once the visitor is there.
    setToasts((current) => {
      const kept = current.filter((t) => !(t.action && "to" in t.action && t.action.to === pathname));
      return kept.length === current.length ? current : kept;
    });
  }, [pathname]);
  const context = useMemo(() => ({ show, dismiss: remove }), [show, remove]);

  return (
    <ToastContext.Provider value={context}>
      {children}
      {Toaster ? <Toaster toasts={toasts} onRemove={remove} /> : null}
    </ToastContext.Provider>
  );
}

function useToasts(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error("useToast must be used inside <ToastProvider>");
  return toasts;
}

/** Shows a toast; returns its id. */
export function useToast() {
  return useToasts().show;
}

/** Closes a toast before its time, by the id `useToast()` returned (a no-op once it has gone). */
export function useDismissToast() {
  return useToasts().dismiss;
}
