import { Form, Link } from "react-router";
import type { Route } from "./+types/admin.audit";
import { HeaderRow, TableFrame } from "~/components/admin/table-parts";
import { buttonClass } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/form";
import {
  AUDIT_EXPORT_MAX,
  AUDIT_SUBJECT_LABELS,
  AUDIT_SUBJECTS,
  AUDIT_TEXT_MAX,
  auditFilterParams,
  readAuditFilters,
} from "~/domain/core/audit";
import { formatLondonDateTime } from "~/domain/core/dates";
import { ADMIN_NO_STORE, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { dbOf } from "~/server/accounts/request-context.server";
import { AUDIT_LIMITS, auditPage } from "~/server/admin/audit-log-view.server";

/** What staff did (docs/decisions/081-audit-log.md): the log, newest first, with its filters. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "audit", limit: AUDIT_LIMITS.page });
  const filters = readAuditFilters(new URL(request.url).searchParams);
  return { filters, ...(await auditPage(db, filters)) };
}

export function headers() {
  return ADMIN_NO_STORE;
}

const cell = "px-4 py-3";
/** A change's before or after, as one line of JSON cut to a readable length. */
const shown = (value: unknown) => {
  if (value === null || value === undefined) return "—";
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, events, next } = loaderData;
  const query = auditFilterParams(filters).toString();
  const nextParams = auditFilterParams(filters);
  if (next !== null) nextParams.set("before", String(next));
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Audit log</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        Every change staff make to money, orders, quotes, reviews, the catalogue and the shop's calendar, with who made
        it, when, from which address, and what it was before and after. Nobody can change or delete an entry; entries
        are kept for six years.
      </p>
      <Form
        method="get"
        className="mt-6 grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <SelectField label="About" name="subject" defaultValue={filters.subject ?? ""}>
          <option value="">Everything</option>
          {AUDIT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {AUDIT_SUBJECT_LABELS[subject]}
            </option>
          ))}
        </SelectField>
        <Field label="Staff e-mail" name="staff" maxLength={AUDIT_TEXT_MAX} defaultValue={filters.staff} />
        <Field
          label="Words or id"
          name="q"
          maxLength={AUDIT_TEXT_MAX}
          defaultValue={filters.text}
          hint="An order number, a product, a reason."
        />
        <Field label="From" name="from" type="date" defaultValue={filters.from ?? ""} />
        <Field label="To" name="to" type="date" defaultValue={filters.to ?? ""} />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={buttonClass("primary")}>
            Show
          </button>
          <a href={`/admin/audit/export.csv${query ? `?${query}` : ""}`} className={buttonClass("secondary")} download>
            Download CSV
          </a>
          <span className="self-center text-xs text-muted">
            The CSV holds the newest {AUDIT_EXPORT_MAX.toLocaleString("en-GB")} entries that match.
          </span>
        </div>
      </Form>

      {events.length === 0 ? (
        <p className="mt-6 text-sm text-muted">Nothing matches these filters.</p>
      ) : (
        <TableFrame className="mt-6" label="Audit log entries">
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <HeaderRow columns={["When", "Who", "What", "Before", "After"]} cellClass={cell} />
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {events.map((event) => (
                <tr key={event.id} data-testid="audit-event">
                  <td className={`${cell} whitespace-nowrap`}>{formatLondonDateTime(new Date(event.at))}</td>
                  <td className={`${cell} break-all`}>
                    {event.who}
                    {event.address ? <span className="block text-xs text-muted">{event.address}</span> : null}
                  </td>
                  <th scope="row" className={`${cell} font-medium`}>
                    {event.summary}
                    <span className="block text-xs font-normal text-muted">{event.action}</span>
                  </th>
                  <td className={`${cell} break-all font-mono text-xs`} data-testid="audit-before">
                    {shown(event.before)}
                  </td>
                  <td className={`${cell} break-all font-mono text-xs`} data-testid="audit-after">
                    {shown(event.after)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {next !== null ? (
        <p className="mt-4">
          <Link to={`/admin/audit?${nextParams.toString()}`} className="font-semibold text-brand underline">
            Older entries
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export function meta() {
  return [{ title: "Audit log | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
