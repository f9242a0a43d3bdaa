/** The notes about real orders paid in the last 14 days, shown now and then as toasts, never during checkout. */
import { useEffect, useRef, useState } from "react";
import { PURCHASE_NOTIFICATION } from "~/content/purchase-notes";
import { useDismissToast, useToast } from "../ui/toast";

/** R-TIME-05: the first note after 10–30 s, the next 30–90 s later; each shows for the toast's 5 s. */
const FIRST_NOTE_DELAY_MS = [10_000, 30_000] as const;
const NOTE_INTERVAL_MS = [30_000, 90_000] as const;

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
const noteOf = (p: Purchase) => PURCHASE_NOTIFICATION.describe(p.region, p.product, p.daysAgo);

/**
 * Notes about real orders only (A-3, decision 057): the feed holds paid orders from the last
 * 14 days, region and product, no names, and never the visitor's own (it is asked
 * again when someone signs in or out). No orders, no notes; each note shows at most once per visit,
 * so one order never looks like many. While `paused` (the checkout) none shows, and one on show
 * when the buyer arrives there is closed; the notes carry on, 30–90 s apart, after the checkout.
 * `waitedMs` is how long the page waited before fetching this code: the first note's 10–30 s count
 * from when that wait began, and afresh after a checkout that came before any note.
 */
export function PurchaseNotifications({
  paused,
  userId,
  waitedMs,
}: {
  paused: boolean;
  userId: string | null;
  waitedMs: number;
}) {
  const toast = useToast();
  const dismiss = useDismissToast();
  const [queue, setQueue] = useState<Purchase[]>([]);
  const shown = useRef(new Set<string>());
  const [firstDueAtMount] = useState(() => Date.now() - waitedMs + between(FIRST_NOTE_DELAY_MS));
  const firstDue = useRef<number | null>(firstDueAtMount);

  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/recent-purchases", { signal: controller.signal })
      .then(async (response) => (response.ok ? purchasesIn(await response.json()) : []))
      .then((purchases) => setQueue(purchases.filter((p) => !shown.current.has(noteOf(p)))))
      .catch((error: unknown) => {
        // No feed means no notes, which is the honest fallback; there is nothing to tell the visitor.
        if (!controller.signal.aborted) console.warn("Recent orders unavailable", error);
      });
    return () => controller.abort();
  }, [userId]);

  useEffect(() => {
    if (paused) {
      firstDue.current = null;
      return;
    }
    const waiting = queue.filter((p) => !shown.current.has(noteOf(p)));
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onShow: number | undefined;
    const next = (delay: number) => {
      const purchase = waiting.shift();
      if (!purchase) return;
      timer = setTimeout(() => {
        shown.current.add(noteOf(purchase));
        onShow = toast({ title: PURCHASE_NOTIFICATION.title, description: noteOf(purchase), variant: "info" });
        next(between(NOTE_INTERVAL_MS));
      }, delay);
    };
    if (shown.current.size > 0) next(between(NOTE_INTERVAL_MS));
    else {
      firstDue.current ??= Date.now() + between(FIRST_NOTE_DELAY_MS);
      next(Math.max(0, firstDue.current - Date.now()));
    }
    return () => {
      clearTimeout(timer);
      if (onShow !== undefined) dismiss(onShow);
    };
  }, [paused, queue, toast, dismiss]);
  return null;
}
