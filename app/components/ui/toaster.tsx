/** The toasts on show, each closing after 5 s, fetched with the first toast of the visit. */
import * as RadixToast from "@radix-ui/react-toast";
import { Link } from "react-router";
import type { ToastItem } from "./toast-item";

const ACTION_CLASS = "rounded-md bg-brand px-3 py-1.5 text-xs font-semibold text-white";

/** The toasts on show; each closes after 5 s (SPEC.md §9 library defaults: 4-5 s). */
export default function Toaster({ toasts, onRemove }: { toasts: ToastItem[]; onRemove: (id: number) => void }) {
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right">
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          onOpenChange={(open) => {
            if (!open) onRemove(toast.id);
          }}
          className={`flex items-start gap-3 rounded-xl border bg-white p-4 shadow-lg ${
            toast.variant === "error" ? "border-red-300" : "border-slate-200"
          }`}
        >
          <div className="flex-1">
            <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>
            {toast.description ? (
              <RadixToast.Description className="mt-0.5 text-sm text-muted">{toast.description}</RadixToast.Description>
            ) : null}
          </div>
          {toast.action && "to" in toast.action ? (
            <RadixToast.Action asChild altText={toast.action.label}>
              <Link to={toast.action.to} className={ACTION_CLASS}>
                {toast.action.label}
              </Link>
            </RadixToast.Action>
          ) : toast.action ? (
            <RadixToast.Action altText={toast.action.label} onClick={toast.action.onClick} className={ACTION_CLASS}>
              {toast.action.label}
            </RadixToast.Action>
          ) : null}
          <RadixToast.Close aria-label="Dismiss" className="rounded p-1 text-muted hover:bg-slate-100">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed bottom-4 right-4 z-[70] flex w-[min(92vw,24rem)] flex-col gap-2 outline-none" />
    </RadixToast.Provider>
  );
}
