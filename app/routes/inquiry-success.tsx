import { Link } from "react-router";
import type { Route } from "./+types/inquiry-success";
import { sessionOf, dbOf } from "~/server/accounts/request-context.server";
import { CheckIcon } from "~/components/ui/icons";
import { ExternalLink } from "~/components/marketing/marketing-page";
import { useBusiness } from "~/components/ui/root-data";
import { PaymentReturn, type PaymentReturnState } from "~/components/checkout/payment-return";
import { buttonClass } from "~/components/ui/button";
import { INQUIRY_SUCCESS_PAGE } from "~/content/contact";
import { SITE } from "~/content/links";
import { paymentState } from "~/server/payments/payment-progress.server";
import { Confirmation } from "~/components/orders/order-confirmation";
import { getOrder } from "~/server/orders/buyer-orders.server";
import { countCartLines } from "~/server/checkout/shopping.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  // one route, two meanings. A draft_id means a payment return, answered from the server's
  // records only (never from the provider's redirect parameters).
  const params = new URL(request.url).searchParams;
  const draftId = params.get("draft_id");
  if (!draftId) return { paymentReturn: false as const };
  const session = await sessionOf(context);
  const state = session ? await paymentState(db, { userId: session.user.id, draftId }) : null;
  const initial: PaymentReturnState = !session
    ? { state: "signed-out" }
    : !state
      ? { state: "unknown" }
      : state.state === "paid"
        ? { state: "paid", order_id: state.orderId, order_number: state.orderNumber }
        : state;
  // The confirmation's summary: the order as its page shows it, and what is
  // still in the cart, read once the server knows the payment is through.
  const confirmation =
    session && initial.state === "paid"
      ? {
          order: await getOrder(db, {
            userId: session.user.id,
            accountId: session.accountId,
            orderId: initial.order_id,
          }),
          cartLeft: await countCartLines(db, { userId: session.user.id }),
        }
      : null;
  return { paymentReturn: true as const, draftId, productId: params.get("product_id"), initial, confirmation };
}

export default function InquirySuccessRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.paymentReturn ? (
    <PaymentReturn
      draftId={loaderData.draftId}
      productId={loaderData.productId}
      initial={loaderData.initial}
      confirmation={
        loaderData.confirmation?.order ? (
          <Confirmation order={loaderData.confirmation.order} cartLeft={loaderData.confirmation.cartLeft} />
        ) : null
      }
    />
  ) : (
    <MessageSent />
  );
}

function MessageSent() {
  const business = useBusiness();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-800">
        <CheckIcon className="h-7 w-7" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-ink">{INQUIRY_SUCCESS_PAGE.title}</h1>
      <h2 className="mt-8 text-lg font-bold text-ink">{INQUIRY_SUCCESS_PAGE.nextHeading}</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-ink">
        {INQUIRY_SUCCESS_PAGE.next(business.salesEmail).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-8 flex flex-wrap gap-3">
        <ExternalLink href={business.bookingUrl} className={buttonClass("primary")}>
          {INQUIRY_SUCCESS_PAGE.bookCall}
        </ExternalLink>
        <Link to="/products" className={buttonClass("secondary")}>
          {INQUIRY_SUCCESS_PAGE.browse}
        </Link>
      </div>
    </section>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.paymentReturn ? INQUIRY_SUCCESS_PAGE.paymentTitle : INQUIRY_SUCCESS_PAGE.metaTitle;
  return [{ title: `${title} | ${SITE.name}` }, { name: "robots", content: "noindex" }];
}
