import { Link } from "react-router";
import type { Route } from "./+types/admin.credit-accounts";
import { HeaderRow, TableFrame } from "~/components/admin/table-parts";
import { formatDisplayDay } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import {
  CREDIT_ACCOUNT_STATUS_LABELS,
  CREDIT_ACCOUNT_STATUSES,
  isCreditAccountStatus,
} from "~/domain/orders/credit-accounts";
import {
  ADMIN_NO_STORE,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { dbOf } from "~/server/accounts/request-context.server";
import { listCreditAccounts } from "~/server/payments/credit-accounts.server";

/** Accounts on credit terms (decision 085): applications waiting for an answer first, then every account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "credit-accounts", limit: STAFF_PAGE_LIMIT });
  const asked = new URL(request.url).searchParams.get("status") ?? "";
  const status = isCreditAccountStatus(asked) ? asked : null;
  return { status, accounts: await listCreditAccounts(db, { status }) };
}

export function headers() {
  return ADMIN_NO_STORE;
}

const cell = "px-4 py-3";

export default function AdminCreditAccounts({ loaderData }: Route.ComponentProps) {
  const { status, accounts } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Credit accounts</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        Organisations that pay on account: approve an application with a credit limit and terms, or decline it with the
        reason. Orders on account are invoiced when placed and made on approval of the proof.
      </p>
      <nav aria-label="Filter by status" className="mt-4 flex flex-wrap gap-2 text-sm">
        {[null, ...CREDIT_ACCOUNT_STATUSES].map((each) => (
          <Link
            key={each ?? "all"}
            to={each ? `?status=${each}` : "."}
            aria-current={each === status ? "page" : undefined}
            className={`rounded-full border px-3 py-1 ${each === status ? "border-brand bg-brand-soft font-semibold" : "border-slate-300"}`}
          >
            {each ? CREDIT_ACCOUNT_STATUS_LABELS[each] : "All"}
          </Link>
        ))}
      </nav>
      {accounts.length === 0 ? (
        <p className="mt-6 text-sm text-muted">No accounts here yet.</p>
      ) : (
        <TableFrame label="Credit accounts" className="mt-4">
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="credit-accounts">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <HeaderRow
                columns={["Company", "Organisation", "Status", "Limit and terms", "Applied"]}
                cellClass={cell}
              />
            </thead>
            <tbody>
              {accounts.map((account) => (
                <tr key={account.organisationId} className="border-t">
                  <td className={cell}>
                    <Link to={account.organisationId} className="font-semibold underline">
                      {account.companyName}
                    </Link>
                  </td>
                  <td className={cell}>{account.organisation}</td>
                  <td className={cell}>{CREDIT_ACCOUNT_STATUS_LABELS[account.status]}</td>
                  <td className={cell}>
                    {account.limitPence && account.termsDays
                      ? `${formatPence(account.limitPence)}, ${account.termsDays} days`
                      : "None yet"}
                  </td>
                  <td className={cell}>{formatDisplayDay(account.appliedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
