import { lazy, Suspense, useEffect, useState } from "react";
import { Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/payment";
import { LineProducts, useLineProducts } from "~/components/product/line-products";
import { CheckoutStepper } from "~/components/checkout/checkout-stepper";
import { NoDraft } from "~/components/checkout/no-draft";
import { OrderSummary } from "~/components/orders/order-summary";
import { SignInPrompt } from "~/components/shell/sign-in-prompt";
import { TestCardForm } from "~/components/checkout/test-card-form";
import { buttonClass } from "~/components/ui/button";
import type { ErrorBody } from "~/domain/core/api-errors";
import type { OrderTotals } from "~/domain/pricing/checkout";
import { stepHref, type StepNumber } from "~/domain/checkout/steps";
import { formatPence } from "~/domain/core/money";
import type { SummaryLine } from "~/domain/checkout/cart-checkout";
import { lineProducts, loadCheckout, pricedSummary, stepperState } from "~/server/checkout/checkout.server";
import { placeBankTransferOrder, placeOrderOnAccount, TRANSFER_FORM } from "~/server/payments/bank-transfers.server";
import { paymentStepAccount } from "~/server/payments/credit-accounts.server";
import { OnAccountOption } from "~/components/checkout/on-account-option";
import type { AccountStanding } from "~/domain/orders/credit-accounts";
import { parseForm, toResponse } from "~/server/platform/http.server";
import { dbOf, appContextOf, sessionOf, nowOf } from "~/server/accounts/request-context.server";
import { BankTransferOption } from "~/components/checkout/bank-transfer-option";
import { CheckoutReviewPanel } from "~/components/checkout/checkout-review";
import { transferDueOn } from "~/domain/orders/bank-transfer";
import { checkoutReview, type CheckoutReview } from "~/domain/checkout/checkout-review";
import type { IsoDate } from "~/domain/core/dates";
import { priceChangeNotices } from "~/domain/checkout/price-changes";
import { NoticeList } from "~/components/ui/notice-list";

const StripePaymentForm = lazy(() => import("~/components/checkout/stripe-payment-form"));

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { session, shelf, lines, checkout } = await loadCheckout({ request, context });
  if (!session) return { state: "signed-out" as const };
  if (!checkout || !url.searchParams.get("draft_id") || !url.searchParams.get("product_id"))
    return { state: "no-draft" as const };
  // The quote's prices and, before paying, whether its first-order discount still applies (decision 040).
  const summary = await pricedSummary(dbOf(context), {
    reader: { userId: session.user.id, accountId: session.accountId },
    lines,
    checkout,
  });
  const products = lineProducts(shelf, [...summary.lines.map((line) => line.productId), checkout.data.product_id]);
  return {
    state: "ready" as const,
    draftId: checkout.id,
    productId: checkout.data.product_id,
    ...summary,
    products,
    // Bands edited since the buyer last added or changed a line: named before paying.
    priceChanges: priceChangeNotices(
      summary.lines.map((line) => ({
        ...line,
        seenTiers: lines.find((each) => each.cart.productId === line.productId)?.cart.seenTiers ?? null,
      })),
      shelf.find,
    ),
    completed: stepperState({ checkout, lines, products: shelf.find }),
    // The final review and the transfer's due date if it were placed now (docs/decisions/042-before-and-after-paying.md).
    review: checkoutReview(checkout.data, products),
    transferDueOn: transferDueOn(nowOf(context)),
    // A member of an organisation may pay on account (decision 085): its standing, and the due date if placed now.
    account: await paymentStepAccount(dbOf(context), {
      userId: session.user.id,
      accountId: session.accountId,
      now: nowOf(context),
    }),
  };
}

/**
 * "Pay by bank transfer" (decision 022) or "Pay on account" (decision 085): places the order unpaid
 * and opens it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await parseForm(request, TRANSFER_FORM);
  if (!fields.ok) return toResponse(fields, { intent: "" });
  const { intent } = fields.value;
  const place = intent === "on_account" ? placeOrderOnAccount : placeBankTransferOrder;
  const placed = await place(appContextOf(context), {
    session: await sessionOf(context),
    draftId: fields.value.draft_id,
    productId: fields.value.product_id,
  });
  if (!placed.ok) return toResponse(placed, { intent });
  return redirect(`/orders/${placed.orderId}`);
}

type Intent = {
  client_secret: string;
  amount_pence: number;
  provider: "stripe" | "test";
  publishable_key: string | null;
  totals: OrderTotals;
};

export default function PaymentRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "signed-out")
    return <SignInPrompt title="Payment" message="Please sign in to continue to payment." />;
  if (loaderData.state === "no-draft") return <NoDraft title="Payment" />;
  return (
    <LineProducts products={loaderData.products}>
      <PaymentStep
        {...loaderData}
        transferError={actionData?.intent !== "on_account" ? (actionData?.error.message ?? null) : null}
        accountError={actionData?.intent === "on_account" ? actionData.error.message : null}
      />
    </LineProducts>
  );
}

function PaymentStep(props: {
  draftId: string;
  productId: string;
  lines: SummaryLine[];
  quoteNotices: string[];
  priceChanges: string[];
  completed: StepNumber[];
  review: CheckoutReview;
  transferDueOn: IsoDate;
  transferError: string | null;
  account: { organisation: string; standing: AccountStanding | null; dueOn: IsoDate | null } | null;
  accountError: string | null;
}) {
  const navigate = useNavigate();
  const [intent, setIntent] = useState<Intent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const product = useLineProducts()(props.productId);
  const returnPath = `/inquiry-success?draft_id=${encodeURIComponent(props.draftId)}&product_id=${encodeURIComponent(props.productId)}`;

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const response = await fetch("/api/payment-intent", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ draft_id: props.draftId, product_id: props.productId }),
        });
        const body = (await response.json()) as Intent & Partial<ErrorBody>;
        if (cancelled) return;
        if (!response.ok) setError(body.error?.message || "Failed to start payment.");
        else setIntent(body);
      } catch {
        if (!cancelled) setError("Failed to start payment.");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [props.draftId, props.productId]);

  if (!product) return null;
  const amountLabel = intent ? formatPence(intent.amount_pence) : "";
  const paid = () => navigate(returnPath);

  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <CheckoutStepper current={6} completed={props.completed} productId={props.productId} draftId={props.draftId} />
      <h1 className="text-3xl font-extrabold">Payment</h1>
      <NoticeList notices={props.priceChanges} testId="price-changes" />
      <NoticeList notices={props.quoteNotices} testId="quote-notices" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-8">
          <CheckoutReviewPanel
            review={props.review}
            lines={props.lines}
            totalLabel={intent ? amountLabel : null}
            ids={{ productId: props.productId, draftId: props.draftId }}
          />
          <section aria-labelledby="card-heading">
            <h2 id="card-heading" className="mb-3 text-lg font-bold">
              Pay by card
            </h2>
            {error ? (
              <div
                role="alert"
                className="space-y-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
              >
                <p>{error}</p>
                <Link
                  to={stepHref(5, { productId: props.productId, draftId: props.draftId })}
                  className={buttonClass("secondary")}
                >
                  Back to the previous step
                </Link>
              </div>
            ) : !intent ? (
              <p role="status" className="text-muted">
                Loading payment…
              </p>
            ) : intent.provider === "test" || !intent.publishable_key ? (
              <TestCardForm clientSecret={intent.client_secret} amountLabel={amountLabel} onPaid={paid} />
            ) : (
              <Suspense fallback={<p role="status">Loading payment…</p>}>
                <StripePaymentForm
                  publishableKey={intent.publishable_key}
                  clientSecret={intent.client_secret}
                  returnUrl={`${window.location.origin}${returnPath}`}
                  amountLabel={amountLabel}
                  onPaid={paid}
                />
              </Suspense>
            )}
          </section>
          <BankTransferOption
            draftId={props.draftId}
            productId={props.productId}
            error={props.transferError}
            amountLabel={intent ? amountLabel : null}
            amountPence={intent ? intent.amount_pence : null}
            dueOn={props.transferDueOn}
          />
          {props.account ? (
            <OnAccountOption
              draftId={props.draftId}
              productId={props.productId}
              organisation={props.account.organisation}
              standing={props.account.standing}
              amountPence={intent ? intent.amount_pence : null}
              dueOn={props.account.dueOn}
              error={props.accountError}
            />
          ) : null}
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <OrderSummary
            lines={props.lines}
            totals={intent?.totals ?? null}
            totalsNote={intent ? `The amount that will be charged: ${amountLabel}.` : undefined}
          />
        </div>
      </div>
    </section>
  );
}

export function meta() {
  return [{ title: "Payment | Swag Studio" }];
}
