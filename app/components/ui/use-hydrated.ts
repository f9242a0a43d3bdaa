/** Whether React has hydrated the page yet: false on the server and during hydration. */
import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/** False on the server and during hydration, true once React owns the page (timers can run). */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
