import { Form, Link } from "react-router";
import { PaymentsAttention } from "~/components/admin/payments-attention";
import { AtRiskBadge, OrdersAtRisk } from "~/components/admin/need-by-risk";
import { HeaderRow, Pager, TableFrame } from "~/components/admin/table-parts";
import type { Route } from "./+types/admin.orders";
import { buttonClass } from "~/components/ui/button";
import { StatusBadge } from "~/components/admin-status-badge";
import { parseOrderListQuery, type OrderListQuery } from "~/domain/admin-orders";
import { formatLondonDateTime } from "~/domain/dates";
import { formatPence } from "~/domain/money";
import { ORDER_STATUSES, ORDER_STATUS_LABELS, describeLines } from "~/domain/orders";
import { ADMIN_NO_STORE, requireStaff } from "~/server/admin-access.server";
import { staffOrdersPage } from "~/server/admin-orders.server";
import { listOrdersAtRisk } from "~/server/orders-at-risk.server";
import { dbOf } from "~/server/request-context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  await requireStaff({ request, context });
  const query = parseOrderListQuery(new URL(request.url).searchParams);
  const [page, atRisk] = await Promise.all([staffOrdersPage(db, query), listOrdersAtRisk(db, new Date())]);
  return { query, ...page, atRisk };
}

export function headers() {
  return ADMIN_NO_STORE;
}

function pageLink(query: OrderListQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/orders?${search}` : "/admin/orders";
}

const input = "mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm";

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, list, attention, atRisk } = loaderData;
  const filtered = Boolean(query.status || query.q);
  const atRiskOf = (id: string) => {
    const found = atRisk.find((order) => order.id === id);
    return found ? <AtRiskBadge approveBy={found.approveBy} /> : null;
  };
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Orders</h1>
      <p className="mt-1 text-muted">
        {list.total === 1 ? "1 order" : `${list.total} orders`}
        {filtered ? " match" : ""}, newest first.
      </p>
      <OrdersAtRisk orders={atRisk} />
      <PaymentsAttention payments={attention} />

      <Form
        method="get"
        className="mt-6 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        role="search"
        aria-label="Filter orders"
      >
        <div>
          <label htmlFor="orders-status" className="block text-sm font-medium">
            Status
          </label>
          <select id="orders-status" name="status" defaultValue={query.status ?? ""} className={input}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-q" className="block text-sm font-medium">
            Search orders
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Order number, company or e-mail"
            className={input}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass("primary")}>
            Filter
          </button>
          {filtered ? (
            <Link to="/admin/orders" className={buttonClass("ghost")}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      {list.rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-muted">
          {filtered ? "No orders match these filters." : "No orders yet."}
        </p>
      ) : (
        <TableFrame className="mt-6" label="Orders">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <caption className="sr-only">Orders, newest first</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <HeaderRow
                columns={["Order", "Placed", "Company", "E-mail", "Product", "Status", "Total"]}
                cellClass="px-4 py-3"
                lastClass="px-4 py-3 text-right"
              />
            </thead>
            <tbody className="divide-y divide-slate-200">
              {list.rows.map((order) => (
                <tr key={order.id} className="hover:bg-slate-50">
                  <th scope="row" className="whitespace-nowrap px-4 py-3 font-semibold">
                    <Link to={`/admin/orders/${order.id}`} className="text-brand underline-offset-2 hover:underline">
                      {order.number}
                    </Link>
                  </th>
                  <td className="whitespace-nowrap px-4 py-3">{formatLondonDateTime(new Date(order.createdAt))}</td>
                  <td className="px-4 py-3">{order.company || "—"}</td>
                  <td className="px-4 py-3 break-all">{order.email || "—"}</td>
                  <td className="px-4 py-3">{describeLines(order.lines)}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={order.status} />
                    {atRiskOf(order.id)}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-right font-medium">
                    {formatPence(order.totalPence)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}

      <Pager page={list.page} pageCount={list.pageCount} href={(page) => pageLink(query, page)} />
    </section>
  );
}

export function meta() {
  return [{ title: "Orders | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
