import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.vat";
import { HeaderRow, TableFrame } from "~/components/admin/table-parts";
import { buttonClass } from "~/components/ui/button";
import { formatPence } from "~/domain/core/money";
import { parseQuarter, quarterKey, quarterLabel, recentQuarters, vatSummary } from "~/domain/orders/vat-return";
import { ADMIN_NO_STORE, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { VAT_PAGE_LIMITS, vatDocuments } from "~/server/admin/vat-return.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";

/** The VAT summary of a quarter (docs/decisions/074): sales and output VAT by rate, exports apart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "vat", limit: VAT_PAGE_LIMITS.page });
  const now = nowOf(context);
  const quarter = parseQuarter(new URL(request.url).searchParams.get("quarter"), now);
  return {
    quarter: { key: quarterKey(quarter), label: quarterLabel(quarter) },
    quarters: recentQuarters(now).map((each) => ({ key: quarterKey(each), label: quarterLabel(each) })),
    summary: vatSummary(await vatDocuments(db, quarter)),
  };
}

export function headers() {
  return ADMIN_NO_STORE;
}

const cell = "px-4 py-3";
const amount = `${cell} text-right tabular-nums`;

export default function AdminVat({ loaderData }: Route.ComponentProps) {
  const { quarter, quarters, summary } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold">VAT</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        The VAT invoices and credit notes whose time of supply falls in the quarter (London days), by VAT rate. Credit
        notes include refunds and On-time Guarantee credits. Calendar quarters: check them against your VAT periods.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium">
          Quarter
          <select
            name="quarter"
            defaultValue={quarter.key}
            className="mt-1 block rounded-lg border border-slate-300 px-3 py-2"
          >
            {quarters.map((each) => (
              <option key={each.key} value={each.key}>
                {each.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          Show
        </button>
        <a href={`/admin/vat/export.csv?quarter=${quarter.key}`} download className={buttonClass("secondary")}>
          Download {quarter.label} as CSV
        </a>
      </Form>

      <h2 className="mt-8 text-xl font-bold">{quarter.label}</h2>
      <dl className="mt-3 grid max-w-xl grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-muted">Box 1: VAT due on sales</dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="vat-box-1">
            {formatPence(summary.box1Pence)}
          </dd>
        </div>
        <div className="rounded-xl border border-slate-200 p-4">
          <dt className="text-sm text-muted">Box 6: sales excluding VAT</dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="vat-box-6">
            {formatPence(summary.box6Pence)}
          </dd>
        </div>
      </dl>
      {summary.lines.length === 0 ? (
        <p className="mt-6 text-sm text-muted">No VAT invoices or credit notes in this quarter.</p>
      ) : (
        <TableFrame className="mt-6" label={`Sales and credits by VAT rate, ${quarter.label}`}>
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <HeaderRow
                columns={[
                  "Rate",
                  "Invoices",
                  "Sales net",
                  "Sales VAT",
                  "Credit notes",
                  "Credits net",
                  "Credits VAT",
                  "Net",
                  "VAT",
                ]}
                cellClass={cell}
              />
            </thead>
            <tbody className="divide-y divide-slate-200">
              {summary.lines.map((line) => (
                <tr key={line.vatRate}>
                  <th scope="row" className={`${cell} font-medium`}>
                    {line.label}
                  </th>
                  <td className={amount}>{line.sales.count}</td>
                  <td className={amount}>{formatPence(line.sales.netPence)}</td>
                  <td className={amount}>{formatPence(line.sales.vatPence)}</td>
                  <td className={amount}>{line.credits.count}</td>
                  <td className={amount}>{formatPence(line.credits.netPence)}</td>
                  <td className={amount}>{formatPence(line.credits.vatPence)}</td>
                  <td className={amount}>{formatPence(line.netPence)}</td>
                  <td className={amount}>{formatPence(line.vatPence)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      <p className="mt-6 text-sm">
        <Link to="/admin/orders" className="font-semibold text-brand underline underline-offset-2">
          The orders behind these figures
        </Link>
      </p>
    </section>
  );
}

export function meta() {
  return [{ title: "VAT | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
