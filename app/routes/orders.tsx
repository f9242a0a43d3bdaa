import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { sessionOf, dbOf } from "~/server/accounts/request-context.server";
import { LabelledAmount } from "~/components/ui/price";
import { SignInPrompt } from "~/components/shell/sign-in-prompt";
import { buttonClass } from "~/components/ui/button";
import { describeLines } from "~/domain/fulfilment/orders";
import { deliveryText } from "~/components/orders/order-delivery";
import { listOrders } from "~/server/orders/buyer-orders.server";

export async function loader({ context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return { signedIn: false as const, orders: [] };
  return {
    signedIn: true as const,
    orders: await listOrders(db, { userId: session.user.id, accountId: session.accountId }),
  };
}

/** Order tracking (B-8): the buyer's orders and their organisation's. */
export default function OrdersRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <SignInPrompt title="Your orders" message="Please sign in to see your orders." />;
  const orders = loaderData.orders;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Your orders</h1>
      {orders.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center">
          <h2 className="text-xl font-bold">No orders yet</h2>
          <Link to="/products" className={buttonClass("primary", "mt-6")}>
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-3">
          {orders.map((order) => (
            <li key={order.id} className="rounded-2xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  <Link to={`/orders/${order.id}`} className="hover:text-brand">
                    {order.number}: {describeLines(order.lines)}
                  </Link>
                </h2>
                <span className="rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold" data-testid="order-status">
                  {order.statusLabel}
                </span>
              </div>
              <p className="mt-1 text-sm text-muted">
                <LabelledAmount pence={order.totalPence} mode="inc" /> · {deliveryText(order.delivery)}
                {order.trackingNumber ? ` · ${order.carrier} ${order.trackingNumber}` : ""}
                {order.placedByMe ? "" : " · placed by a colleague"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function meta() {
  return [{ title: "Your orders | Swag Studio" }];
}
