/** A toast as `useToast()` takes it. */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: "success" | "error" | "info";
  action?: { label: string; onClick: () => void };
};

/** A toast on show: the provider (toast.tsx) numbers it, the lazily loaded toaster.tsx draws it. */
export type ToastItem = ToastInput & { id: number };
