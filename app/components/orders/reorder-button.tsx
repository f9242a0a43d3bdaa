/** The order page's "Reorder" button on a delivered order, which fills the cart with the same lines. */
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { canReorder } from "~/domain/orders/reorder-plan";

type Refusal = { error?: { message: string } };

/**
 * "Reorder" on a delivered order: posts to /orders/:id/reorder, which fills the
 * cart and opens it. Pressed once: the button is disabled while the request runs, and the server
 * treats a second press as the same reorder.
 */
export function ReorderButton({ orderId, status }: { orderId: string; status: string }) {
  const fetcher = useFetcher<Refusal>();
  if (!canReorder(status)) return null;
  const busy = fetcher.state !== "idle";
  const error = fetcher.data?.error?.message;
  return (
    <section
      aria-labelledby="reorder-heading"
      className="rounded-2xl border border-slate-200 p-5"
      data-testid="reorder"
    >
      <h2 id="reorder-heading" className="text-xl font-bold">
        Order again
      </h2>
      <p className="mt-1 text-sm text-muted">
        The same products, quantities, colours and approved artwork go into your cart at today's prices. A repeat of an
        approved design skips the proof.
      </p>
      <fetcher.Form method="post" action={`/orders/${orderId}/reorder`} className="mt-3">
        <button type="submit" className={buttonClass("primary")} disabled={busy} aria-disabled={busy}>
          {busy ? "Adding to your cart…" : "Reorder"}
        </button>
      </fetcher.Form>
      {error ? (
        <div className="mt-3" role="alert">
          <FormMessage>{error}</FormMessage>
        </div>
      ) : null}
    </section>
  );
}
