import { Form, Link } from "react-router";
import { PaymentsAttention } from "~/components/admin/payments-attention";
import { AtRiskBadge, OrdersAtRisk } from "~/components/admin/need-by-risk";
import { Pager, TableFrame } from "~/components/admin/table-parts";
import type { Route } from "./+types/admin.orders";
import { buttonClass } from "~/components/ui/button";
import { StatusBadge } from "~/components/admin/admin-status-badge";
import {
  orderListDirection,
  orderListSearch,
  parseOrderListQuery,
  type OrderListQuery,
  type OrderListSort,
} from "~/domain/orders/admin-orders";
import { formatDisplayDate, formatLondonDateTime } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { ORDER_STATUSES, ORDER_STATUS_LABELS, describeLines } from "~/domain/fulfilment/orders";
import { ADMIN_NO_STORE, requireStaff } from "~/server/accounts/admin-access.server";
import { staffOrdersPage } from "~/server/admin/admin-order-list.server";
import { listOrdersAtRisk } from "~/server/orders/orders-at-risk.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  await requireStaff({ request, context });
  const query = parseOrderListQuery(new URL(request.url).searchParams);
  const [page, atRisk] = await Promise.all([staffOrdersPage(db, query), listOrdersAtRisk(db, nowOf(context))]);
  return { query, ...page, atRisk };
}

export function headers() {
  return ADMIN_NO_STORE;
}

function pageLink(query: OrderListQuery, page: number): string {
  const search = orderListSearch({ ...query, page });
  return search ? `/admin/orders?${search}` : "/admin/orders";
}

const SORT_WORDS: Record<OrderListSort, { label: string; asc: string; desc: string }> = {
  placed: { label: "Placed", asc: "oldest first", desc: "newest first" },
  need_by: { label: "Need by", asc: "soonest first", desc: "latest first" },
  approve_by: { label: "Approve by", asc: "soonest first", desc: "latest first" },
  promised: { label: "Promised", asc: "soonest first", desc: "latest first" },
};

/**
 * A sortable column's heading: a link that sorts by it (the second press turns the order round),
 * with aria-sort on the column that is sorted now.
 */
function SortHeading({ query, sort }: { query: OrderListQuery; sort: OrderListSort }) {
  const current = query.sort === sort;
  const dir = orderListDirection(query);
  const next = current ? (dir === "asc" ? "desc" : "asc") : orderListDirection({ sort });
  const words = SORT_WORDS[sort];
  const search = orderListSearch({ ...query, sort, dir: next, page: 1 });
  return (
    <th
      scope="col"
      className="px-4 py-3"
      aria-sort={current ? (dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link
        to={search ? `/admin/orders?${search}` : "/admin/orders"}
        className="underline-offset-2 hover:underline"
        aria-label={`Sort by ${words.label.toLowerCase()}, ${words[next]}`}
      >
        {words.label}
        {current ? <span aria-hidden="true">{dir === "asc" ? " ↑" : " ↓"}</span> : null}
      </Link>
    </th>
  );
}

const day = (iso: string | null) => (iso ? formatDisplayDate(iso) : "—");

const input = "mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm";

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, list, attention, atRisk } = loaderData;
  const filtered = Boolean(query.status || query.q);
  const words = SORT_WORDS[query.sort];
  const sortWords =
    query.sort === "placed"
      ? words[orderListDirection(query)]
      : `by ${words.label.toLowerCase()}, ${words[orderListDirection(query)]}`;
  const exportSearch = orderListSearch({ ...query, page: 1 });
  const atRiskOf = (id: string) => {
    const found = atRisk.find((order) => order.id === id);
    return found ? <AtRiskBadge approveBy={found.approveBy} /> : null;
  };
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Orders</h1>
      <p className="mt-1 text-muted">
        {list.total === 1 ? "1 order" : `${list.total} orders`}
        {filtered ? " match" : ""}, {sortWords}.
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
          {query.sort !== "placed" ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {query.dir ? <input type="hidden" name="dir" value={query.dir} /> : null}
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
      <p className="mt-3">
        <a
          href={`/admin/orders/export.csv${exportSearch ? `?${exportSearch}` : ""}`}
          download
          className="text-sm font-semibold text-brand underline underline-offset-2"
        >
          Export these orders as CSV
        </a>
      </p>

      {list.rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-muted">
          {filtered ? "No orders match these filters." : "No orders yet."}
        </p>
      ) : (
        <TableFrame className="mt-6" label="Orders">
          <table className="w-full min-w-[72rem] text-left text-sm">
            <caption className="sr-only">Orders, {sortWords}</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Order
                </th>
                <SortHeading query={query} sort="placed" />
                <th scope="col" className="px-4 py-3">
                  Company
                </th>
                <th scope="col" className="px-4 py-3">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-3">
                  Product
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <SortHeading query={query} sort="need_by" />
                <SortHeading query={query} sort="approve_by" />
                <SortHeading query={query} sort="promised" />
                <th scope="col" className="px-4 py-3 text-right">
                  Total
                </th>
              </tr>
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
                  <td className="whitespace-nowrap px-4 py-3">{day(order.needBy)}</td>
                  <td className="whitespace-nowrap px-4 py-3">{day(order.approveBy)}</td>
                  <td className="whitespace-nowrap px-4 py-3">{day(order.promisedDeliveryDate)}</td>
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
