import { useEffect } from "react";
import { PURCHASE_NOTIFICATION } from "~/content/contact";
import { useToast } from "./ui/toast";

/** R-TIME-05: the first note after 10–30 s, the next 30–90 s later; each shows for the toast's 5 s. */
export const FIRST_NOTE_DELAY_MS = [10_000, 30_000] as const;
export const NOTE_INTERVAL_MS = [30_000, 90_000] as const;

type Purchase = { region: string; product: string; daysAgo: number };

/** The feed's well-formed entries (checked by hand: zod would add 24 kB to every page). */
function purchasesIn(body: unknown): Purchase[] {
  const list: unknown =
    typeof body === "object" && body !== null ? (body as { purchases?: unknown }).purchases : undefined;
  if (!Array.isArray(list)) throw new Error("The recent-purchases feed is not a list");
  return list.filter(
    (p): p is Purchase =>
      typeof p === "object" &&
      p !== null &&
      typeof p.region === "string" &&
      typeof p.product === "string" &&
      typeof p.daysAgo === "number",
  );
}

const between = ([min, max]: readonly [number, number]) => min + Math.random() * (max - min);

/**
 * Notes about real orders only (A-3, DESIGN decision 12): the feed holds paid orders from the last
 * 14 days, region and product, no names. No orders, no notes; each order is mentioned at most once
 * per visit, so one order never looks like many.
 */
export function PurchaseNotifications() {
  const toast = useToast();
  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    fetch("/api/recent-purchases", { signal: controller.signal })
      .then(async (response) => (response.ok ? purchasesIn(await response.json()) : []))
      .then((purchases) => {
        const queue = [...purchases];
        const next = (delay: number) => {
          const purchase = queue.shift();
          if (!purchase) return;
          timer = setTimeout(() => {
            toast({
              title: PURCHASE_NOTIFICATION.title,
              description: PURCHASE_NOTIFICATION.describe(purchase.region, purchase.product, purchase.daysAgo),
              variant: "info",
            });
            next(between(NOTE_INTERVAL_MS));
          }, delay);
        };
        next(between(FIRST_NOTE_DELAY_MS));
      })
      .catch((error: unknown) => {
        // No feed means no notes, which is the honest fallback; there is nothing to tell the visitor.
        if (!controller.signal.aborted) console.warn("Recent orders unavailable", error);
      });
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [toast]);
  return null;
}
