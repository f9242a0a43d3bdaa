import { Link } from "react-router";
import type { Route } from "./+types/admin.customer";
import { TableFrame } from "~/components/admin/table-parts";
import { StatusBadge } from "~/components/admin/admin-status-badge";
import { CUSTOMER_RECORDS_LIMIT } from "~/domain/orders/admin-customers";
import { formatDisplayDate, formatLondonDateTime } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import type { OrderStatus } from "~/domain/fulfilment/orders";
import {
  ADMIN_NO_STORE,
  adminNotFound,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { customerAccount } from "~/server/admin/admin-customers.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";

/** Account ids are better-auth's: letters, digits, '-' and '_'; anything else is no account. */
const ACCOUNT_ID = /^[\w-]{1,64}$/;

/** One customer account: its people, orders with their documents, and quotes (docs/decisions/047-find-a-customer.md). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "customer", limit: STAFF_PAGE_LIMIT });
  if (!ACCOUNT_ID.test(params.accountId)) throw adminNotFound();
  const account = await customerAccount(db, { accountId: params.accountId, now: nowOf(context) });
  if (!account) throw adminNotFound();
  return { account };
}

export function headers() {
  return ADMIN_NO_STORE;
}

const link = "text-brand underline-offset-2 hover:underline";
const cell = "px-4 py-3";
const heading = "px-4 py-3";

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  const documents = account.orders.filter((order) => order.invoiceNumber);
  return (
    <section>
      <p className="text-sm">
        <Link to="/admin/customers" className={link}>
          Customers
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">{account.name}</h1>
      <p className="mt-1 text-muted">{account.kind === "organisation" ? "Organisation" : "Person"}</p>

      <h2 className="mt-8 text-xl font-bold">{account.kind === "organisation" ? "People" : "Contact"}</h2>
      <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {account.people.map((person) => (
          <li key={person.id} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
            <span className="font-medium">
              {person.name}
              {person.role ? <span className="ml-2 text-xs font-normal text-muted">{person.role}</span> : null}
            </span>
            <span className="break-all">
              <a href={`mailto:${person.email}`} className={link}>
                {person.email}
              </a>
              {person.phone ? ` · ${person.phone}` : ""}
            </span>
          </li>
        ))}
      </ul>
      {account.organisations.length > 0 ? (
        <p className="mt-3 text-sm">
          Also orders as a member of{" "}
          {account.organisations.map((organisation, i) => (
            <span key={organisation.id}>
              {i > 0 ? ", " : ""}
              <Link to={`/admin/customers/${encodeURIComponent(organisation.id)}`} className={link}>
                {organisation.name}
              </Link>
            </span>
          ))}
          .
        </p>
      ) : null}

      <h2 className="mt-8 text-xl font-bold">Orders</h2>
      {account.orders.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No orders yet.</p>
      ) : (
        <TableFrame className="mt-3" label="Orders">
          <table className="w-full min-w-[44rem] text-left text-sm">
            {account.orders.length === CUSTOMER_RECORDS_LIMIT ? (
              <caption className="px-4 py-2 text-left text-muted">The {CUSTOMER_RECORDS_LIMIT} latest orders.</caption>
            ) : null}
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className={heading}>
                  Order
                </th>
                <th scope="col" className={heading}>
                  Placed
                </th>
                <th scope="col" className={heading}>
                  Placed by
                </th>
                <th scope="col" className={heading}>
                  Status
                </th>
                <th scope="col" className={`${heading} text-right`}>
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {account.orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row" className={`${cell} whitespace-nowrap font-semibold`}>
                    <Link to={`/admin/orders/${order.id}`} className={link}>
                      {order.number}
                    </Link>
                  </th>
                  <td className={`${cell} whitespace-nowrap`}>{formatLondonDateTime(new Date(order.placedAt))}</td>
                  <td className={`${cell} break-all`}>{order.placedBy || "—"}</td>
                  <td className={cell}>
                    <StatusBadge status={order.status as OrderStatus} />
                    {order.paid ? null : <span className="ml-2 text-xs text-muted">awaiting payment</span>}
                  </td>
                  <td className={`${cell} whitespace-nowrap text-right font-medium`}>
                    {formatPence(order.totalPence)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}

      <h2 className="mt-8 text-xl font-bold">Quotes</h2>
      {account.quotes.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No quotes yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {account.quotes.map((quote) => (
            <li key={quote.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <a href={`/admin/quotes/${quote.id}/quote.pdf`} download className={`${link} font-semibold`}>
                Quote {quote.number} (PDF)
              </a>
              <span>
                {formatPence(quote.totalPence)} · issued {formatLondonDateTime(new Date(quote.issuedAt))} ·{" "}
                {quote.valid ? "valid until" : "expired on"} {formatDisplayDate(quote.validUntil)}
              </span>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-xl font-bold">Documents</h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No invoices yet: an order gets its VAT invoice once it is paid.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {documents.map((order) => (
            <li key={order.id} className="flex flex-wrap gap-x-6 gap-y-1 px-4 py-3 text-sm">
              <span className="font-medium">Order {order.number}</span>
              <a href={`/admin/orders/${order.id}/invoice.pdf`} download className={link}>
                Invoice {order.invoiceNumber} (PDF)
              </a>
              {order.creditNoteNumbers.map((number) => (
                <a key={number} href={`/admin/orders/${order.id}/credit-notes/${number}`} download className={link}>
                  Credit note {number} (PDF)
                </a>
              ))}
              {order.guaranteeCreditNoteNumber ? (
                <a href={`/admin/orders/${order.id}/guarantee-credit-note.pdf`} download className={link}>
                  Guarantee credit note {order.guaranteeCreditNoteNumber} (PDF)
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function meta({ data }: Route.MetaArgs) {
  const name = data?.account.name ?? "Customer";
  return [{ title: `${name} | Back office | Swag Studio` }, { name: "robots", content: "noindex" }];
}
