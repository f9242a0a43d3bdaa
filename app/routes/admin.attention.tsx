import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.attention";
import { PaymentsAttention } from "~/components/admin/payments-attention";
import { HeaderRow, TableFrame } from "~/components/admin/table-parts";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { formatDisplayDate, formatLondonDateTime } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { ADMIN_NO_STORE, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { ATTENTION_PAGE_LIMIT, needsAttention, retryDeadJob } from "~/server/admin/needs-attention.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";

/** What went wrong and waits for a person (docs/decisions/075): dead jobs to retry, stuck refunds, payments to refund. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "attention", limit: ATTENTION_PAGE_LIMIT });
  return needsAttention(db, nowOf(context));
}

/** "Retry" on a dead job: queued again with a fresh set of attempts. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  const jobId = Number(form.value.job_id);
  if (form.value.intent !== "retry" || !Number.isSafeInteger(jobId) || jobId < 1)
    return toResponse(failure(400, "BAD_RETRY", "Choose a job to retry from the list."));
  const result = await retryDeadJob(dbOf(context), { staff, jobId });
  if (!result.ok) return toResponse(result);
  return data({ message: result.message }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

const cell = "px-4 py-3";

export default function AdminAttention({ loaderData, actionData }: Route.ComponentProps) {
  const { deadJobs, stuckRefunds, payments, partPaid, overdueOnAccount } = loaderData;
  const busy = useNavigation().state === "submitting";
  const nothing =
    deadJobs.length === 0 &&
    stuckRefunds.length === 0 &&
    payments.length === 0 &&
    partPaid.length === 0 &&
    overdueOnAccount.length === 0;
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Needs attention</h1>
      {actionData ? (
        <div className="mt-4">
          <FormMessage tone={"error" in actionData ? "error" : "success"}>
            {"error" in actionData ? actionData.error.message : actionData.message}
          </FormMessage>
        </div>
      ) : null}
      {nothing ? (
        <p className="mt-4 text-sm text-muted">
          Nothing needs attention: every job ran and every payment made its order.
        </p>
      ) : null}

      {deadJobs.length > 0 ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Jobs that gave up</h2>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            Each ran its last attempt and failed. Fix the cause (the error says what it met), then retry: it runs again
            with a fresh set of attempts, and an e-mail goes once.
          </p>
          <TableFrame className="mt-3" label="Jobs that gave up">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
                <HeaderRow columns={["Job", "Gave up", "Attempts", "Last error", "Retry"]} cellClass={cell} />
              </thead>
              <tbody className="divide-y divide-slate-200 align-top">
                {deadJobs.map((job) => (
                  <tr key={job.id}>
                    <th scope="row" className={`${cell} font-medium`}>
                      {job.kind} #{job.id}
                      {job.mail ? (
                        <span className="block font-normal text-muted break-all">
                          To {job.mail.to}: {job.mail.subject}
                        </span>
                      ) : null}
                    </th>
                    <td className={`${cell} whitespace-nowrap`}>
                      {job.finishedAt ? formatLondonDateTime(new Date(job.finishedAt)) : "—"}
                    </td>
                    <td className={cell}>{job.attempts}</td>
                    <td className={`${cell} break-all`}>{job.lastError ?? "—"}</td>
                    <td className={cell}>
                      <Form method="post">
                        <input type="hidden" name="intent" value="retry" />
                        <input type="hidden" name="job_id" value={job.id} />
                        <button
                          type="submit"
                          className={buttonClass("secondary")}
                          disabled={busy}
                          aria-label={`Retry ${job.kind} #${job.id}`}
                        >
                          Retry
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        </>
      ) : null}

      {stuckRefunds.length > 0 ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Card refunds the provider has not answered</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {stuckRefunds.map((refund) => (
              <li key={refund.id}>
                <Link
                  to={`/admin/orders/${refund.orderId}`}
                  className="font-semibold text-brand underline underline-offset-2"
                >
                  Order {refund.orderNumber}
                </Link>
                : {formatPence(refund.grossPence)}, pending since {formatLondonDateTime(new Date(refund.createdAt))}.
                Try it again on the order's page.
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {partPaid.length > 0 ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Bank transfers paid in part</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {partPaid.map((transfer) => (
              <li key={transfer.orderId}>
                <Link
                  to={`/admin/orders/${transfer.orderId}`}
                  className="font-semibold text-brand underline underline-offset-2"
                >
                  Order {transfer.orderNumber}
                </Link>
                : {formatPence(transfer.partPaidPence)} received of {formatPence(transfer.duePence)}.{" "}
                {transfer.why === "send_back"
                  ? "The order is cancelled: send the part payments back and record it on the order's page."
                  : `Due by ${formatDisplayDate(transfer.dueOn)} and still short: accept the shortfall, or cancel the order and send the money back.`}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {overdueOnAccount.length > 0 ? (
        <>
          <h2 className="mt-8 text-xl font-bold">Invoices on account overdue</h2>
          <p className="mt-1 max-w-3xl text-sm text-muted">
            Their organisations cannot order on account until they are paid; the reminders go on their own.
          </p>
          <ul className="mt-3 space-y-2 text-sm" data-testid="overdue-on-account">
            {overdueOnAccount.map((invoice) => (
              <li key={invoice.orderId}>
                <Link
                  to={`/admin/orders/${invoice.orderId}`}
                  className="font-semibold text-brand underline underline-offset-2"
                >
                  Order {invoice.orderNumber}
                </Link>
                : {formatPence(invoice.duePence)} due by {formatDisplayDate(invoice.dueOn)}
                {invoice.partPaidPence > 0 ? `, ${formatPence(invoice.partPaidPence)} received` : ""};{" "}
                {invoice.overdueReminders} reminder{invoice.overdueReminders === 1 ? "" : "s"} since.{" "}
                <Link
                  to={`/admin/credit-accounts/${invoice.organisationId}`}
                  className="text-brand underline underline-offset-2"
                >
                  The account
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <PaymentsAttention payments={payments} />
    </section>
  );
}

export function meta() {
  return [{ title: "Needs attention | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
