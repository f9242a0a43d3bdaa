import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.board";
import { buttonClass } from "~/components/ui/button";
import { formatDisplayDate, londonToday } from "~/domain/core/dates";
import { type BoardFlag, boardProducts, productionBoard, readBoardFilter } from "~/domain/fulfilment/production-board";
import { BRANDING_METHODS } from "~/domain/pricing/checkout";
import { ADMIN_NO_STORE, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { BOARD_PAGE_LIMIT, boardOrders } from "~/server/admin/production-board.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";

/** The production board (docs/decisions/076): every order before dispatch, by stage and ship-by day. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "board", limit: BOARD_PAGE_LIMIT });
  const orders = await boardOrders(db);
  const products = boardProducts(orders);
  const filter = readBoardFilter(new URL(request.url).searchParams, products);
  return { filter, products, columns: productionBoard(orders, filter, londonToday(nowOf(context))) };
}

export function headers() {
  return ADMIN_NO_STORE;
}

const FLAG_TEXT: Record<Exclude<BoardFlag, null>, string> = { late: "Late", at_risk: "At risk" };
const FLAG_CLASS: Record<Exclude<BoardFlag, null>, string> = {
  late: "bg-red-100 text-red-900",
  at_risk: "bg-amber-100 text-amber-900",
};

export default function AdminBoard({ loaderData }: Route.ComponentProps) {
  const { filter, products, columns } = loaderData;
  const select = "mt-1 block rounded-lg border border-slate-300 px-3 py-2";
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Production board</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        Every order before it ships, by stage, the earliest ship-by day first: the promised delivery date less the
        courier's days. Late ones have passed it; at-risk ones must ship within two working days.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          Product
          <select name="product" defaultValue={filter.productId ?? ""} className={select}>
            <option value="">All products</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.title}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          Branding method
          <select name="method" defaultValue={filter.method ?? ""} className={select}>
            <option value="">All methods</option>
            {Object.entries(BRANDING_METHODS).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          Filter
        </button>
      </Form>
      <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {columns.map((column) => (
          <section key={column.stage} aria-labelledby={`stage-${column.stage}`} className="rounded-xl bg-slate-50 p-3">
            <h2 id={`stage-${column.stage}`} className="text-sm font-bold">
              {column.label} <span className="font-normal text-muted">({column.orders.length})</span>
            </h2>
            <ul className="mt-2 space-y-2">
              {column.orders.map((order) => (
                <li
                  key={order.id}
                  className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
                  data-testid="board-order"
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Link
                      to={`/admin/orders/${order.id}`}
                      className="font-semibold text-brand underline underline-offset-2"
                    >
                      {order.number}
                    </Link>
                    {order.flag ? (
                      <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${FLAG_CLASS[order.flag]}`}>
                        {FLAG_TEXT[order.flag]}
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-1">{order.company}</p>
                  <ul className="mt-1 text-muted">
                    {order.lines.map((line, index) => (
                      <li key={`${line.productId}-${index}`}>
                        {line.quantity} × {line.title}, {BRANDING_METHODS[line.method]}
                      </li>
                    ))}
                  </ul>
                  <p className="mt-1">
                    {order.shipBy
                      ? `Ship by ${formatDisplayDate(order.shipBy)}`
                      : "No promise yet: the proof is not approved"}
                  </p>
                  <Link
                    to={`/admin/orders/${order.id}/job-sheet`}
                    className="mt-1 inline-block text-xs font-semibold text-brand underline underline-offset-2"
                  >
                    Job sheet
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

export function meta() {
  return [{ title: "Production board | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
