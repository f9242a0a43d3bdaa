import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.problem-reports";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { formatLondonDateTime } from "~/domain/core/dates";
import { formatFileSize } from "~/domain/core/file-size";
import { PROBLEM_REPORT_DAYS } from "~/domain/orders/problem-reports";
import { ADMIN_NO_STORE, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";
import {
  openProblemReports,
  resolveProblemReport,
  STAFF_PROBLEM_LIMITS,
} from "~/server/aftercare/problem-reports.server";
import { dbOf } from "~/server/accounts/request-context.server";

/** Buyers' problem reports on delivered orders, open ones oldest first (decision 043). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "problem-reports", limit: STAFF_PROBLEM_LIMITS.list });
  return { reports: await openProblemReports(db) };
}

/** "Mark resolved": the report leaves the list, and the order may be reported on again. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, {
    staffId: staff.id,
    bucket: "problem-reports-resolve",
    limit: STAFF_PROBLEM_LIMITS.resolve,
  });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { reportId: "" });
  const reportId = (form.value.reportId ?? "").slice(0, 36);
  if (form.value.intent !== "resolve")
    return toResponse(failure(400, "UNKNOWN_INTENT", "Choose what to do with the report."), { reportId });
  const result = await resolveProblemReport(db, { staff, reportId });
  if (!result.ok) return toResponse(result, { reportId });
  return data({ reportId, message: result.message }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

export default function AdminProblemReports({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { reports } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Problem reports</h1>
      <p className="mt-1 text-sm text-muted">
        Buyers report problems with delivered orders here, within {PROBLEM_REPORT_DAYS} days of delivery. Reply to the
        buyer, then mark the report resolved.
      </p>
      {actionData && "message" in actionData ? (
        <div className="mt-4">
          <FormMessage tone="success">{actionData.message}</FormMessage>
        </div>
      ) : null}
      {actionData && "error" in actionData ? (
        <div className="mt-4">
          <FormMessage>{actionData.error.message}</FormMessage>
        </div>
      ) : null}
      {reports.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-center text-muted">
          No open problem reports.
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reports.map((report) => (
            <li key={report.id} className="rounded-2xl border border-slate-200 p-4" data-testid="problem-case">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  <Link to={`/admin/orders/${report.orderId}`} className="text-brand underline underline-offset-2">
                    Order {report.orderNumber}
                  </Link>
                  : {report.lineTitles.join(", ")}
                </p>
                <p className="text-sm text-muted">Reported {formatLondonDateTime(report.createdAt)}</p>
              </div>
              <p className="mt-2 whitespace-pre-line break-words text-sm">{report.description}</p>
              {report.photos.length > 0 ? (
                <ul
                  className="mt-2 space-y-1 text-sm"
                  aria-label={`Photos of the report on order ${report.orderNumber}`}
                >
                  {report.photos.map((photo) => (
                    <li key={photo.id}>
                      <a
                        href={`/admin/problem-reports/${report.id}/photos/${photo.id}`}
                        download
                        className="break-words font-semibold text-brand underline underline-offset-2"
                      >
                        Download {photo.name} ({formatFileSize(photo.size)})
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-muted">No photos.</p>
              )}
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="resolve" />
                <input type="hidden" name="reportId" value={report.id} />
                <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                  Mark resolved<span className="sr-only"> (order {report.orderNumber})</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function meta() {
  return [{ title: "Problem reports | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
