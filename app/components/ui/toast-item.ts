/** A toast as `useToast()` takes it. */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: "success" | "error" | "info";
  /**
   * A button in the toast: `to` makes it a link, and the toast closes once the visitor is on that
   * page whichever way they got there ("View cart" never follows them onto the cart).
   */
  action?: { label: string; onClick: () => void } | { label: string; to: string };
};

/** A toast on show: the provider (toast.tsx) numbers it, the lazily loaded toaster.tsx draws it. */
export type ToastItem = ToastInput & { id: number };
