import { Link } from "react-router";
import type { Route } from "./+types/admin.quotes";
import { HeaderRow, Pager, TableFrame } from "~/components/admin/table-parts";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { formatDisplayDate, formatLondonDateTime } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { isQuoteValid } from "~/domain/checkout/quotes";
import { ADMIN_NO_STORE, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { listStaffQuotes, listWaitingRequests, STAFF_QUOTE_LIMITS } from "~/server/admin/admin-quotes.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";

/** Quotes in the back office (decision 021): custom requests to answer, and every quote issued. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "quotes", limit: STAFF_QUOTE_LIMITS.list });
  const search = new URL(request.url).searchParams;
  const page = Number(search.get("page") ?? "1");
  const [listed, waiting] = await Promise.all([
    listStaffQuotes(db, Number.isFinite(page) ? page : 1),
    listWaitingRequests(db),
  ]);
  // After "Send quote": the quote just made is the newest, so on the first page; an unknown id shows nothing.
  const sent = listed.quotes.find((quote) => quote.id === search.get("sent"));
  const now = nowOf(context);
  return {
    sent: sent ? { number: sent.number, email: sent.buyerEmail } : null,
    waiting,
    page: listed.page,
    pageCount: listed.pageCount,
    total: listed.total,
    quotes: listed.quotes.map((quote) => ({
      id: quote.id,
      number: quote.number,
      issuedAt: quote.issuedAt,
      validUntil: quote.validUntil,
      expired: !isQuoteValid(quote, now),
      source: quote.source,
      buyer: quote.buyer.lines[0] ?? "",
      email: quote.buyerEmail,
      total: quote.totals.total,
    })),
  };
}

export function headers() {
  return ADMIN_NO_STORE;
}

const SOURCE_LABELS = { cart: "Cart", list: "Shopping list", staff: "Custom request" } as const;
const cell = "px-4 py-3";

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { waiting, quotes } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Quotes</h1>
      {loaderData.sent ? (
        <div className="mt-4">
          <FormMessage tone="success">
            Quote {loaderData.sent.number} sent to {loaderData.sent.email}. It is listed under Quotes issued below.
          </FormMessage>
        </div>
      ) : null}

      {/* One place and one name for the requests buyers send; the inbox keeps every
          request, visitors' product requests included, as a list and a CSV. */}
      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">Quote requests</h2>
          <p className="mt-1 text-muted">Requests from signed-in buyers waiting for a quote, oldest first.</p>
        </div>
        <Link to="/admin/inbox/quotes" className="text-sm font-semibold text-brand underline underline-offset-2">
          Every quote request, visitors' included
        </Link>
      </div>
      {waiting.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-6 text-center text-muted">
          No quote requests waiting. Buyers send them from "Request a custom quote".
        </p>
      ) : (
        <TableFrame className="mt-3" label="Quote requests">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <HeaderRow columns={["Reply by", "Buyer", "Wanted", "Needed by", "Notes", "Answer"]} cellClass={cell} />
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {waiting.map((request) => (
                <tr key={request.id}>
                  <td className={`${cell} whitespace-nowrap font-semibold`}>{formatDisplayDate(request.replyBy)}</td>
                  <td className={`${cell} break-words`}>
                    {request.name}
                    <span className="block text-muted">{request.email}</span>
                    {request.company ? <span className="block text-muted">{request.company}</span> : null}
                  </td>
                  <td className={`${cell} break-words`}>{request.items}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {request.neededBy ? formatDisplayDate(request.neededBy) : "—"}
                  </td>
                  <td className={`${cell} whitespace-pre-wrap break-words`}>{request.notes || "—"}</td>
                  <td className={cell}>
                    <Link to={`/admin/quotes/answer/${request.id}`} className={buttonClass("primary")}>
                      Answer with a quote<span className="sr-only"> for {request.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}

      <div className="mt-10 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">Quotes issued</h2>
          <p className="mt-1 text-muted">
            {loaderData.total === 1 ? "1 quote" : `${loaderData.total} quotes`}, newest first.
          </p>
        </div>
        <a href="/admin/quotes/export.csv" className={buttonClass("secondary")} download>
          Download CSV
        </a>
      </div>
      {quotes.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-slate-300 p-6 text-center text-muted">
          No quotes yet. Buyers make them with "Download quote" on their cart or shopping list.
        </p>
      ) : (
        <TableFrame className="mt-3" label="Quotes issued">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <HeaderRow
                columns={["Number", "Issued", "Valid until", "From", "Buyer", "Total", "PDF"]}
                cellClass={cell}
              />
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {quotes.map((quote) => (
                <tr key={quote.id}>
                  <td className={`${cell} whitespace-nowrap font-semibold`}>{quote.number}</td>
                  <td className={`${cell} whitespace-nowrap`}>{formatLondonDateTime(new Date(quote.issuedAt))}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {formatDisplayDate(quote.validUntil)}
                    {quote.expired ? <span className="block text-red-700">Expired</span> : null}
                  </td>
                  <td className={cell}>{SOURCE_LABELS[quote.source]}</td>
                  <td className={`${cell} break-words`}>
                    {quote.buyer}
                    <span className="block text-muted">{quote.email}</span>
                  </td>
                  <td className={`${cell} whitespace-nowrap`}>{formatPence(quote.total)}</td>
                  <td className={cell}>
                    <a
                      href={`/admin/quotes/${quote.id}/quote.pdf`}
                      className="font-semibold text-brand underline"
                      download
                    >
                      PDF<span className="sr-only"> of {quote.number}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <Pager page={loaderData.page} pageCount={loaderData.pageCount} href={(page) => `/admin/quotes?page=${page}`} />
    </section>
  );
}

export function meta() {
  return [{ title: "Quotes | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
