/**
 * An organisation's account on credit terms as its members and staff read it (decision 085): the
 * limit, what is owed, what is left and what is overdue, then the statement's entries with their
 * running balance. The same figures as the statement's PDF: both come from buildStatement.
 */
import { formatDisplayDate } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { type AccountStatement, STATEMENT_KIND_LABELS } from "~/domain/orders/account-statement";
import { type AccountStanding, availableCredit } from "~/domain/orders/credit-accounts";
import { documentPence } from "~/domain/pricing/documents";

/**
 * The account's standing (when it has a limit), its statement with the PDF's link, and the invoices
 * still to pay: the members' page and staff's show the same.
 */
export function AccountStatementSection(props: {
  standing: AccountStanding | null;
  statement: AccountStatement;
  pdfHref: string | null;
}) {
  return (
    <div className="space-y-6">
      {props.standing ? <AccountStandingFacts standing={props.standing} /> : null}
      <div>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-xl font-bold">Statement</h2>
          {props.pdfHref ? (
            <a href={props.pdfHref} className="text-sm font-semibold underline" download>
              Download the statement (PDF)
            </a>
          ) : null}
        </div>
        <StatementTable statement={props.statement} />
      </div>
      <div>
        <h2 className="text-xl font-bold">Invoices to pay</h2>
        <OpenInvoices statement={props.statement} />
      </div>
    </div>
  );
}

function AccountStandingFacts({ standing }: { standing: AccountStanding }) {
  const facts: Array<[string, string, string]> = [
    ["Credit limit", formatPence(standing.limitPence), "limit"],
    ["Terms", `${standing.termsDays} days from the invoice date`, "terms"],
    ["To pay", formatPence(standing.owedPence), "owed"],
    ["Left to order on account", formatPence(availableCredit(standing)), "available"],
    ["Overdue", formatPence(standing.overduePence), "overdue"],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="account-standing">
      {facts.map(([label, value, key]) => (
        <div key={key} className="rounded-xl border border-slate-200 p-3">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
          <dd
            className={`mt-1 font-bold ${key === "overdue" && standing.overduePence > 0 ? "text-red-800" : ""}`}
            data-testid={`standing-${key}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const cell = "px-3 py-2";

function StatementTable({ statement }: { statement: AccountStatement }) {
  if (statement.entries.length === 0)
    return <p className="mt-3 text-sm text-muted">Nothing has been invoiced on account yet.</p>;
  return (
    // Scrolls sideways on a phone; focusable so a keyboard can scroll it too (WCAG 2.1.1).
    <div
      className="mt-3 overflow-x-auto rounded-xl border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label="Statement of account"
    >
      <table className="w-full min-w-[34rem] text-left text-sm" data-testid="statement">
        <caption className="sr-only">Statement of account: every invoice, credit, payment and refund</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className={cell}>
              Date
            </th>
            <th scope="col" className={cell}>
              Entry
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Debit
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Credit
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.entries.map((entry) => (
            <tr key={`${entry.kind}-${entry.reference}-${entry.date}-${entry.balancePence}`} className="border-t">
              <td className={`${cell} whitespace-nowrap`}>{formatDisplayDate(entry.date)}</td>
              <td className={cell}>
                <span className="font-semibold">
                  {STATEMENT_KIND_LABELS[entry.kind]} {entry.reference}
                </span>
                <span className="block text-xs text-muted">{entry.description}</span>
              </td>
              <td className={`${cell} text-right`}>{entry.debitPence ? formatPence(entry.debitPence) : ""}</td>
              <td className={`${cell} text-right`}>{entry.creditPence ? formatPence(entry.creditPence) : ""}</td>
              <td className={`${cell} text-right font-semibold`}>{documentPence(entry.balancePence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The invoices still to pay, with their due dates; overdue ones marked. */
function OpenInvoices({ statement }: { statement: AccountStatement }) {
  const open = statement.items.filter((item) => item.outstandingPence > 0);
  if (open.length === 0) return <p className="mt-3 text-sm text-muted">No invoice is waiting to be paid.</p>;
  return (
    <ul className="mt-3 space-y-2 text-sm" data-testid="open-invoices">
      {open.map((item) => (
        <li key={item.invoiceNumber} className="rounded-xl border border-slate-200 p-3">
          <span className="font-semibold">
            Invoice {item.invoiceNumber} (order {item.orderNumber})
          </span>
          : {formatPence(item.outstandingPence)} due by {formatDisplayDate(item.dueOn)}
          {item.daysOverdue > 0 ? (
            <strong className="ml-1 text-red-800">
              overdue by {item.daysOverdue} day{item.daysOverdue === 1 ? "" : "s"}
            </strong>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
