import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.customers";
import { TableFrame } from "~/components/admin/table-parts";
import { buttonClass } from "~/components/ui/button";
import { CUSTOMER_RESULTS_LIMIT, customerResultsNote, parseCustomerSearch } from "~/domain/orders/admin-customers";
import { formatLondonDateTime } from "~/domain/core/dates";
import {
  ADMIN_NO_STORE,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { findCustomers } from "~/server/admin/admin-customers.server";
import { dbOf } from "~/server/accounts/request-context.server";

/** Find a customer: the accounts a name, address, company or number names (docs/decisions/047-find-a-customer.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "customers", limit: STAFF_PAGE_LIMIT });
  const search = parseCustomerSearch(new URL(request.url).searchParams.get("q"));
  const rows = search.q && !search.message ? await findCustomers(db, search.q) : [];
  return { search, rows };
}

export function headers() {
  return ADMIN_NO_STORE;
}

const input = "mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm";

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { search, rows } = loaderData;
  const searched = search.q !== "" && !search.message;
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Customers</h1>
      <p className="mt-1 text-muted">Find a buyer or an organisation, then see their orders, quotes and documents.</p>
      <Form
        method="get"
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        role="search"
        aria-label="Find a customer"
      >
        <div>
          <label htmlFor="customers-q" className="block text-sm font-medium">
            Name, e-mail, phone, company, or order or quote number
          </label>
          <input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={search.q}
            maxLength={100}
            aria-invalid={search.message ? true : undefined}
            aria-describedby={search.message ? "customers-q-message" : undefined}
            className={input}
          />
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Find
        </button>
      </Form>
      {search.message ? (
        <p id="customers-q-message" role="alert" className="mt-2 text-sm font-medium text-red-700">
          {search.message}
        </p>
      ) : null}

      {searched ? (
        <>
          <p className="mt-6 text-sm text-muted" role="status">
            {customerResultsNote(rows.length, search.q)}
          </p>
          {rows.length > 0 ? (
            <TableFrame className="mt-3" label="Customers found">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Customer
                    </th>
                    <th scope="col" className="px-4 py-3">
                      E-mail
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      Orders
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Last order
                    </th>
                    <th scope="col" className="px-4 py-3 text-right">
                      Quotes
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {rows.slice(0, CUSTOMER_RESULTS_LIMIT).map((row) => (
                    <tr key={row.accountId}>
                      <th scope="row" className="px-4 py-3 font-semibold">
                        <Link
                          to={`/admin/customers/${encodeURIComponent(row.accountId)}`}
                          className="text-brand underline-offset-2 hover:underline"
                        >
                          {row.name}
                        </Link>
                        <span className="block text-xs font-normal text-muted">
                          {row.kind === "organisation" ? "Organisation" : "Person"}
                        </span>
                      </th>
                      <td className="break-all px-4 py-3">{row.emails.join(", ") || "—"}</td>
                      <td className="px-4 py-3 text-right">{row.orders}</td>
                      <td className="whitespace-nowrap px-4 py-3">
                        {row.lastOrderAt ? formatLondonDateTime(new Date(row.lastOrderAt)) : "—"}
                      </td>
                      <td className="px-4 py-3 text-right">{row.quotes}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

export function meta() {
  return [{ title: "Customers | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
