import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { sessionOf, dbOf } from "~/server/request-context.server";
import { deliveryText } from "~/components/order-delivery";
import { SignInPrompt } from "~/components/sign-in-prompt";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { BRANDING_METHODS, PROOF_PREFERENCES } from "~/domain/checkout";
import { formatDisplayDate } from "~/domain/delivery";
import { formatPence } from "~/domain/money";
import { ORDER_STATUS_LABELS, PROOF_COMMENT_MAX, proofAnswerSchema } from "~/domain/orders";
import { parseForm, signInRequired, toResponse } from "~/server/http.server";
import { getOrder, respondToProof } from "~/server/buyer-orders.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return { signedIn: false as const, order: null };
  const order = await getOrder(db, { userId: session.user.id, accountId: session.accountId, orderId: params.id });
  // Another buyer's order is indistinguishable from one that doesn't exist.
  if (!order) throw data(null, { status: 404 });
  return { signedIn: true as const, order };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to answer the proof."));
  const answer = await parseForm(request, proofAnswerSchema);
  if (!answer.ok) return toResponse(answer);
  const result = await respondToProof(db, { userId: session.user.id, orderId: params.id, ...answer.value });
  if (!result.ok) return toResponse(result);
  return { ok: true as const, decision: answer.value.decision };
}

export default function OrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (!loaderData.signedIn || !loaderData.order)
    return <SignInPrompt title="Your order" message="Please sign in to see your order." />;
  const order = loaderData.order;
  const snap = order.snapshot.data;
  const latest = order.proofs[0];
  const error = actionData && "error" in actionData ? actionData.error.message : null;

  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/orders" className="text-sm text-muted hover:text-brand">
        ← All orders
      </Link>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">Order {order.number}</h1>
        <span className="rounded-full bg-brand-soft px-3 py-1 font-semibold" data-testid="order-status">
          {order.statusLabel}
        </span>
      </div>
      <p className="mt-1 text-muted">{deliveryText(order.delivery)}</p>
      {order.trackingNumber ? (
        <p className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-green-900" data-testid="tracking">
          Shipped with {order.carrier}: tracking number <strong>{order.trackingNumber}</strong>
        </p>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-8">
          <section aria-labelledby="proof-heading" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="proof-heading" className="text-xl font-bold">
              Proof
            </h2>
            {order.proofs.length === 0 ? (
              <p className="mt-2 text-sm text-muted">
                {order.status === "proof_approved" ||
                order.lines.every((line) => line.customization.proof.preference === "skip_proof")
                  ? "No new proof needed: this repeats an approved design."
                  : "We'll upload your proof here within 2 working days of payment and e-mail you."}
              </p>
            ) : (
              <ul className="mt-3 space-y-2 text-sm">
                {order.proofs.map((proof) => (
                  <li
                    key={proof.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-100 px-3 py-2"
                  >
                    <a
                      className="font-medium text-brand underline"
                      href={`/orders/${order.id}/proofs/${proof.version}`}
                    >
                      Version {proof.version}: {proof.originalName}
                    </a>
                    <span className="text-muted">
                      {proof.decision === "approved"
                        ? "Approved"
                        : proof.decision === "changes_requested"
                          ? `Changes requested: ${proof.comment ?? ""}`
                          : "Waiting for your answer"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {error ? (
              <div className="mt-3">
                <FormMessage>{error}</FormMessage>
              </div>
            ) : null}
            {order.canRespondToProof && latest ? (
              <Form method="post" className="mt-4 space-y-3">
                <input type="hidden" name="proofVersion" value={latest.version} />
                <button
                  type="submit"
                  name="decision"
                  value="approve"
                  disabled={busy}
                  className={buttonClass("primary")}
                >
                  Approve version {latest.version}
                </button>
                <div>
                  <label htmlFor="proof-comment" className="block text-sm font-medium">
                    Or tell us what to change
                  </label>
                  <textarea
                    id="proof-comment"
                    name="comment"
                    rows={3}
                    maxLength={PROOF_COMMENT_MAX}
                    className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                  />
                </div>
                <button
                  type="submit"
                  name="decision"
                  value="changes"
                  disabled={busy}
                  className={buttonClass("secondary")}
                >
                  Request changes
                </button>
              </Form>
            ) : null}
          </section>

          <section aria-labelledby="timeline-heading">
            <h2 id="timeline-heading" className="text-xl font-bold">
              Timeline
            </h2>
            <ol className="mt-3 space-y-2 border-l-2 border-brand-soft pl-4 text-sm">
              {order.timeline.map((entry, i) => (
                <li key={`${entry.to}-${i}`}>
                  <strong>{ORDER_STATUS_LABELS[entry.to]}</strong>{" "}
                  <span className="text-muted">
                    {new Date(entry.at).toLocaleString("en-GB", { timeZone: "Europe/London" })}
                  </span>
                  {entry.note ? <span className="block text-muted">{entry.note}</span> : null}
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="choices-heading">
            <h2 id="choices-heading" className="text-xl font-bold">
              What you ordered
            </h2>
            {order.lines.map(({ id, product, quantity, customization: line }) => (
              <dl key={id} className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="order-line">
                <dt className="text-muted">Product</dt>
                <dd>
                  {quantity.toLocaleString("en-GB")} × {product.title}
                </dd>
                <dt className="text-muted">Customisation</dt>
                <dd>{line.customization_selections.join(", ") || "None"}</dd>
                <dt className="text-muted">Branding</dt>
                <dd>
                  {BRANDING_METHODS[line.branding.method]}
                  {line.branding.placement_details ? `: ${line.branding.placement_details}` : ""}
                </dd>
                <dt className="text-muted">Proof</dt>
                <dd>{PROOF_PREFERENCES[line.proof.preference]}</dd>
              </dl>
            ))}
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
              <dt className="text-muted">Ship to</dt>
              <dd>
                {snap.shipping.address.name}, {snap.shipping.address.company}, {snap.shipping.address.line1},{" "}
                {snap.shipping.address.city} {snap.shipping.address.postcode}
              </dd>
            </dl>
          </section>
        </div>

        <aside className="rounded-2xl border border-slate-200 p-5 text-sm lg:self-start">
          <h2 className="text-lg font-bold">Payment</h2>
          <dl className="mt-3 space-y-1">
            <div className="flex justify-between">
              <dt className="text-muted">Goods</dt>
              <dd>{formatPence(order.subtotalPence)}</dd>
            </div>
            {order.discountPence > 0 ? (
              <div className="flex justify-between text-green-800">
                <dt>First order discount (10%)</dt>
                <dd>−{formatPence(order.discountPence)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt className="text-muted">Shipping</dt>
              <dd>{formatPence(order.shippingPence)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted">VAT ({order.vatRate}%)</dt>
              <dd>{formatPence(order.vatPence)}</dd>
            </div>
            <div className="flex justify-between border-t border-slate-200 pt-2 font-bold">
              <dt>Total paid</dt>
              <dd>{formatPence(order.totalPence)}</dd>
            </div>
          </dl>
          {order.invoiceNumber ? (
            <p className="mt-3 text-muted">
              Invoice {order.invoiceNumber}, paid {formatDisplayDate(new Date(order.paidAt).toISOString().slice(0, 10))}
            </p>
          ) : null}
        </aside>
      </div>
    </section>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.order ? `Order ${loaderData.order.number}` : "Your order"} | Swag Studio` },
    { name: "robots", content: "noindex" },
  ];
}
