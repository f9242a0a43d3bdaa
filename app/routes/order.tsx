import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { sessionOf, appContextOf } from "~/server/accounts/request-context.server";
import { OrderChoices } from "~/components/checkout/order-choices";
import { deliveryText } from "~/components/orders/order-delivery";
import { LineProofs, proofFileHref } from "~/components/orders/order-proofs";
import { ProofView } from "~/components/orders/proof-view";
import { proofFacts } from "~/domain/orders/proof-facts";
import type { OrderLine } from "~/domain/orders/order-snapshot";
import { OrderNeedBy } from "~/components/orders/order-need-by";
import { useNow } from "~/components/ui/use-now";
import { ProofShare, type ShareReply } from "~/components/orders/proof-share";
import { isShareIntent, proofApproval, shareAction } from "~/server/aftercare/proof-approval-view.server";
import { SignInPrompt } from "~/components/shell/sign-in-prompt";
import { TransferPayment } from "~/components/checkout/transfer-payment";
import { transferPayee } from "~/server/payments/transfer-payee.server";
import { FormMessage } from "~/components/ui/form";
import { formatDisplayDate, londonToday } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { PaidTotals } from "~/components/orders/totals-list";
import { trackingLink } from "~/domain/fulfilment/tracking";
import { lineTitle, paidOnText, paymentStatusText, proofClockStart, proofDueDate } from "~/domain/fulfilment/orders";
import { proofAnswerSchema } from "~/domain/orders/order-forms";
import { failure, readForm, signInRequired, toResponse, validate } from "~/server/platform/http.server";
import { getOrder } from "~/server/orders/buyer-orders.server";
import { respondToProof } from "~/server/aftercare/proof-responses.server";
import { reviewsOfOrder, submitReview } from "~/server/shop/reviews.server";
import { OrderReviews, type ReviewReply } from "~/components/orders/order-reviews";
import { ReorderButton } from "~/components/orders/reorder-button";
import { parseReviewForm, REVIEW_FIELDS, type ReviewValues } from "~/domain/orders/reviews";
import { valuesFrom } from "~/domain/core/form-rules";
import { OrderTimeline } from "~/components/orders/order-timeline";
import { claimReply, GuaranteeClaim } from "~/components/orders/guarantee-claim";
import { guaranteeAction } from "~/server/aftercare/guarantee-actions.server";
import { followOrder } from "~/server/aftercare/order-follow.server";
import { problemAction, problemOfOrder } from "~/server/aftercare/problem-reports.server";
import { ProblemReport, problemReply } from "~/components/orders/problem-report";
import { LineProducts } from "~/components/product/line-products";
import { readShelf } from "~/server/catalogue/catalogue-store.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = appContextOf(context);
  const { db } = ctx;
  const session = await sessionOf(context);
  if (!session)
    return {
      signedIn: false as const,
      order: null,
      sharing: null,
      reviews: [],
      follow: null,
      payee: null,
      problem: null,
    };
  const user = { userId: session.user.id, accountId: session.accountId };
  const found = await getOrder(db, { ...user, orderId: params.id });
  // Another buyer's order is indistinguishable from one that doesn't exist.
  if (!found) throw data(null, { status: 404 });
  const { order, sharing } = await proofApproval(db, { ...user, order: found });
  const [reviews, follow, problem] = await Promise.all([
    reviewsOfOrder(db, order),
    followOrder(ctx, { order }),
    problemOfOrder(db, { order }),
  ]);
  // Where each line's artwork prints: its product as the catalogue holds it, sold or not.
  const shelf = await readShelf(db);
  return {
    signedIn: true as const,
    order,
    products: order.lines.flatMap((line) => shelf.findAnyStatus(line.product.id) ?? []),
    sharing,
    reviews,
    follow,
    problem,
    payee: transferPayee(ctx.business, order),
  };
}

/**
 * Two forms post here: the answer to a proof, and a review of a delivered line (decision 023,
 * `intent=review`), whose refusal carries back what was typed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const { db } = ctx;
  const session = await sessionOf(context);
  const form = await readForm(request);
  if (form.ok && form.value.intent === "guarantee")
    return guaranteeAction(ctx, { session, orderId: params.id, fields: form.value });
  if (form.ok && form.value.intent === "problem")
    return problemAction(ctx, { session, orderId: params.id, fields: form.value });
  if (form.ok && form.value.intent === "review") {
    const parsed = parseReviewForm(valuesFrom(REVIEW_FIELDS, new Map(Object.entries(form.value))));
    // What was typed goes back with any refusal, cut to just over each field's limit.
    const kept: ReviewValues = parsed.ok ? { ...parsed.data, rating: String(parsed.data.rating) } : parsed.values;
    const refused = (failed: Parameters<typeof toResponse>[0]) =>
      toResponse(failed, { intent: "review" as const, lineId: kept.lineId, values: kept });
    if (!session) return refused(signInRequired("Please sign in to review your order."));
    if (!parsed.ok) {
      const message = Object.values(parsed.errors)[0] ?? "";
      return refused(failure(400, "VALIDATION_FAILED", message, { fieldErrors: parsed.errors }));
    }
    const result = await submitReview(db, {
      userId: session.user.id,
      accountId: session.accountId,
      orderId: params.id,
      review: parsed.data,
    });
    if (!result.ok) return refused(result);
    return { intent: "review" as const, lineId: parsed.data.lineId, message: result.message };
  }
  if (form.ok && isShareIntent(form.value.intent)) {
    // Share a proof for approval, or revoke a link (decision 025).
    const share = { intent: form.value.intent, line: Number(form.value.line) || 1 };
    if (!session) return toResponse(signInRequired("Please sign in to share the proof."), share);
    const user = { userId: session.user.id, accountId: session.accountId };
    const shared = await shareAction(ctx, { ...user, orderId: params.id, fields: form.value });
    return shared.ok ? { ...shared, line: share.line } : toResponse(shared, share);
  }
  const proof = { intent: "proof" as const };
  if (!session) return toResponse(signInRequired("Please sign in to answer the proof."), proof);
  if (!form.ok) return toResponse(form, proof);
  const answer = validate(proofAnswerSchema, form.value);
  if (!answer.ok) return toResponse(answer, proof);
  const { user } = session;
  const answerer = {
    kind: "account" as const,
    userId: user.id,
    accountId: session.accountId,
    name: user.name,
    email: user.email,
  };
  const result = await respondToProof(ctx, { userId: user.id, orderId: params.id, ...answer.value, answerer });
  if (!result.ok) return toResponse(result, proof);
  return { ok: true as const, decision: answer.value.decision };
}

/** The share and revoke forms' answer, for the line it was about. */
function shareReply(actionData: Route.ComponentProps["actionData"]): ShareReply | null {
  if (actionData?.intent !== "share-proof" && actionData?.intent !== "revoke-share") return null;
  if ("error" in actionData) return { ok: false, line: actionData.line, message: actionData.error.message };
  return actionData;
}

/** The review form's answer, for the line it was about. */
function reviewReply(actionData: Route.ComponentProps["actionData"]): ReviewReply | undefined {
  if (actionData?.intent !== "review") return undefined;
  if ("error" in actionData) {
    const { lineId, values, error } = actionData;
    return { ok: false, lineId, message: error.message, fieldErrors: error.fieldErrors ?? {}, values };
  }
  return { ok: true, lineId: actionData.lineId, message: actionData.message };
}

export default function OrderRoute({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const now = useNow();
  if (!loaderData.signedIn || !loaderData.order)
    return <SignInPrompt title="Your order" message="Please sign in to see your order." />;
  const order = loaderData.order;
  const tracking = trackingLink(order.carrier, order.trackingNumber);
  const review = reviewReply(actionData);
  const error = actionData?.intent === "proof" && "error" in actionData ? actionData.error.message : null;

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
          {tracking ? (
            <>
              {" · "}
              <a href={tracking} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                Track your parcel<span className="sr-only"> (opens the carrier's website in a new tab)</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-8">
          <ReorderButton orderId={order.id} status={order.status} />
          <OrderReviews lines={loaderData.reviews} reply={review} busy={busy} />

          <section aria-labelledby="proof-heading" className="rounded-2xl border border-slate-200 p-5">
            <h2 id="proof-heading" className="text-xl font-bold">
              Proof
            </h2>
            <OrderNeedBy
              needBy={order.needBy}
              status={order.status}
              method={order.snapshot.data.shipping.method}
              products={order.lines.map((line) => line.product)}
              now={now}
            />
            {error ? (
              <div className="mt-3">
                <FormMessage>{error}</FormMessage>
              </div>
            ) : null}
            {order.lines.map((line) => (
              <LineProofs
                key={line.id}
                orderId={order.id}
                position={line.position}
                title={lineTitle(order.lines, line)}
                proofs={line.proofs}
                latestView={line.proofs[0] ? <LatestProof orderId={order.id} line={line} /> : null}
                canRespond={line.canRespond}
                busy={busy}
                emptyText={
                  order.status === "proof_approved" || line.customization.proof.preference === "skip_proof"
                    ? "No new proof needed: this repeats an approved design."
                    : `We'll upload your proof here by ${formatDisplayDate(proofDueDate(londonToday(proofClockStart(order))))} and e-mail you.`
                }
              >
                {loaderData.sharing?.mayShare ? (
                  <ProofShare
                    position={line.position}
                    proof={line.canRespond ? (line.proofs[0] ?? null) : null}
                    links={loaderData.sharing.links}
                    reply={shareReply(actionData)}
                    busy={busy}
                  />
                ) : null}
              </LineProofs>
            ))}
          </section>

          {loaderData.follow ? (
            <>
              <GuaranteeClaim
                {...loaderData.follow.guarantee}
                orderId={order.id}
                reply={claimReply(actionData)}
                busy={busy}
              />
              <OrderTimeline timeline={loaderData.follow.timeline} history={order.timeline} />
            </>
          ) : null}

          {loaderData.problem ? (
            <ProblemReport
              {...loaderData.problem}
              orderId={order.id}
              lines={order.lines}
              reply={problemReply(actionData)}
              busy={busy}
            />
          ) : null}

          <LineProducts products={loaderData.products}>
            <OrderChoices lines={order.lines} snapshot={order.snapshot} />
          </LineProducts>
        </div>

        <aside className="rounded-2xl border border-slate-200 p-5 text-sm lg:self-start">
          <h2 className="text-lg font-bold">Payment</h2>
          <dl className="mt-3 space-y-1">
            <PaidTotals order={order} paid={Boolean(order.paidAt)} />
          </dl>
          <p className="mt-3" data-testid="payment-status">
            {paymentStatusText(order.status, {
              method: order.payment.method,
              paidOn: paidOnText(order.paidAt, order.payment.arrivedOn),
              dueOn: order.payment.dueOn ? formatDisplayDate(order.payment.dueOn) : null,
            })}
          </p>
          {order.payment.proformaNumber && order.payment.dueOn ? (
            <TransferPayment
              orderId={order.id}
              orderNumber={order.number}
              status={order.status}
              paid={Boolean(order.paidAt)}
              totalPence={order.totalPence}
              partPaidPence={order.payment.partPaidPence}
              proformaNumber={order.payment.proformaNumber}
              dueOn={order.payment.dueOn}
              payee={loaderData.payee}
            />
          ) : null}
          {order.invoiceNumber ? (
            <DocumentLink href={`/orders/${order.id}/invoice.pdf`}>
              Download VAT invoice {order.invoiceNumber} (PDF)
            </DocumentLink>
          ) : null}
          {order.creditNotes.map((note) => (
            <DocumentLink key={note.number} href={`/orders/${order.id}/credit-notes/${note.number}`}>
              Download credit note {note.number} for {formatPence(note.grossPence)} (PDF)
            </DocumentLink>
          ))}
        </aside>
      </div>
    </section>
  );
}

/** A document of the order, downloaded as a file (a resource route, so never a client navigation). */
/** The line's latest proof, inline above the answer (decision 038): the buyer sees what they approve. */
function LatestProof(props: {
  orderId: string;
  line: Pick<OrderLine, "position" | "quantity" | "product" | "customization"> & {
    proofs: readonly {
      version: number;
      originalName: string;
      contentType: string;
      note: string | null;
      hasPreview: boolean;
    }[];
  };
}) {
  const { line } = props;
  const proof = line.proofs[0];
  if (!proof) return null;
  const href = proofFileHref(props.orderId, line.position, proof.version);
  return (
    <ProofView
      title={line.product.title}
      version={proof.version}
      originalName={proof.originalName}
      fileUrl={href}
      pictureUrl={
        proof.contentType.startsWith("image/")
          ? href
          : proof.hasPreview
            ? `${href}${href.includes("?") ? "&" : "?"}preview=1`
            : null
      }
      facts={proofFacts(line, proof.note)}
    />
  );
}

function DocumentLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <p className="mt-2">
      <a href={href} download className="font-semibold text-brand underline underline-offset-2">
        {children}
      </a>
    </p>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData?.order ? `Order ${loaderData.order.number}` : "Your order"} | Swag Studio` },
    { name: "robots", content: "noindex" },
  ];
}
