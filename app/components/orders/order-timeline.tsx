/** The order page's timeline: each step from payment to delivery with its time, and the full history beneath. */
import { CheckIcon } from "~/components/ui/icons";
import { formatDisplayDate, formatLondonDateTime } from "~/domain/core/dates";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/domain/fulfilment/orders";
import type { OrderTimeline as Timeline, TimelineStep } from "~/domain/orders/order-timeline";

/** A history row as the order page has it (notes such as "Proof version 2 approved"). */
type HistoryEntry = { to: OrderStatus; at: Date | string; note: string | null };

const STATE_TEXT: Record<TimelineStep["state"], string> = {
  done: "done",
  current: "in progress",
  upcoming: "to come",
  skipped: "not needed",
};

/**
 * The order's steps from payment to delivery, each with its time when reached,
 * and the promised delivery date beside the actual one; the full history with its notes folds
 * away beneath.
 */
export function OrderTimeline({ timeline, history }: { timeline: Timeline; history: readonly HistoryEntry[] }) {
  const { delivery } = timeline;
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="text-xl font-bold">
        Timeline
      </h2>
      <ol className="mt-3 space-y-3" data-testid="order-timeline">
        {timeline.steps.map((step) => (
          <li key={step.key} className="flex gap-3" data-step={step.key} data-state={step.state}>
            <span
              aria-hidden="true"
              className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 ${
                step.state === "done"
                  ? "border-green-700 bg-green-700 text-white"
                  : step.state === "current"
                    ? "border-brand bg-white"
                    : "border-slate-300 bg-white"
              }`}
            >
              {step.state === "done" ? <CheckIcon className="h-3.5 w-3.5" /> : null}
            </span>
            <div className="min-w-0 text-sm">
              <p>
                <strong className={step.state === "upcoming" || step.state === "skipped" ? "text-muted" : undefined}>
                  {step.label}
                </strong>
                <span className="sr-only"> ({STATE_TEXT[step.state]})</span>
                {step.at ? <span className="text-muted"> · {formatLondonDateTime(new Date(step.at))}</span> : null}
              </p>
              {step.detail ? <p className="text-muted">{step.detail}</p> : null}
              {step.trackingUrl ? (
                <a
                  href={step.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand underline"
                >
                  Track your parcel<span className="sr-only"> (opens the carrier's website in a new tab)</span>
                </a>
              ) : null}
              {step.key === "delivered" && (delivery.promised || delivery.actual) ? (
                <p className="text-muted" data-testid="delivery-dates">
                  {delivery.promised ? `Promised ${formatDisplayDate(delivery.promised)}` : "No promised date"}
                  {delivery.actual ? ` · delivered ${formatDisplayDate(delivery.actual)}` : ""}
                  {delivery.daysLate ? ` (${delivery.daysLate} ${delivery.daysLate === 1 ? "day" : "days"} late)` : ""}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      {timeline.ended ? (
        <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm" data-testid="order-ended">
          <strong>{ORDER_STATUS_LABELS[timeline.ended.status]}</strong>
          {timeline.ended.at ? ` · ${formatLondonDateTime(new Date(timeline.ended.at))}` : null}
        </p>
      ) : null}
      {history.length > 0 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold text-brand">Full history</summary>
          <ol className="mt-2 space-y-2 border-l-2 border-brand-soft pl-4">
            {history.map((entry, i) => (
              <li key={`${entry.to}-${i}`}>
                <strong>{ORDER_STATUS_LABELS[entry.to]}</strong>{" "}
                <span className="text-muted">{formatLondonDateTime(new Date(entry.at))}</span>
                {entry.note ? <span className="block text-muted">{entry.note}</span> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
