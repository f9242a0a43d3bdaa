import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin._index";
import { formatLondonDateTime } from "~/domain/core/dates";
import { formatFileSize } from "~/domain/core/file-size";
import { ADMIN_NO_STORE, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { openClaims } from "~/server/aftercare/guarantee-claims.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";
import { BACKUP_NOW_LIMIT, requestBackupNow } from "~/server/admin/backup-now.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { waitingForStaff } from "~/server/admin/staff-waiting.server";
import { backupStatus } from "~/server/providers/backup-runs.server";

// A page route, not a resource route, so a refused visitor gets the site's 404 page as HTML.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const db = dbOf(context);
  const [counts, claims, backups] = await Promise.all([
    waitingForStaff(db),
    openClaims(db),
    backupStatus(db, new Date()),
  ]);
  return { counts, claims, backups };
}

/** "Back up now" (docs/decisions/083): a backup made by the process that holds the database. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "backup-now", limit: BACKUP_NOW_LIMIT });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  if (form.value.intent !== "backup") return toResponse(failure(400, "UNKNOWN_INTENT", "Choose Back up now."));
  const asked = await requestBackupNow(db, { staff, now: nowOf(context) });
  if (!asked.ok) return toResponse(asked);
  return data({ message: asked.message }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

/** What waits for staff (decision 026), each count linking to where it is handled. */
export default function AdminIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, claims, backups } = loaderData;
  const busy = useNavigation().state === "submitting";
  const backupReply = actionData ? ("error" in actionData ? actionData.error.message : actionData.message) : null;
  const rows = [
    { label: "Orders paid, waiting for a proof", n: counts.awaitingProof, to: "/admin/orders?status=paid" },
    {
      label: "Proofs with changes requested",
      n: counts.changesRequested,
      to: "/admin/orders?status=changes_requested",
    },
    { label: "Bank transfers awaited", n: counts.transfersAwaited, to: "/admin/orders?status=awaiting_transfer" },
    { label: "Quote requests unanswered", n: counts.quoteRequests, to: "/admin/quotes" },
    { label: "Guarantee claims open", n: counts.openClaims, to: "#claims" },
    {
      label: "Credit accounts applied for",
      n: counts.creditApplications,
      to: "/admin/credit-accounts?status=pending",
    },
  ];
  return (
    <div>
      {backups.warning ? (
        <p role="alert" className="mb-6 rounded-xl border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-800">
          {backups.warning}
        </p>
      ) : null}
      <h1 className="text-3xl font-extrabold">Waiting for you</h1>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="waiting">
        {rows.map((row) => (
          <li key={row.label}>
            <Link
              to={row.to}
              className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-4 hover:border-brand"
            >
              <span className="font-semibold">{row.label}</span>
              <span className="text-2xl font-extrabold text-brand">{row.n}</span>
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="backups-heading" className="mt-8" data-testid="backups">
        <h2 id="backups-heading" className="text-xl font-bold">
          Backups
        </h2>
        {backups.last ? (
          <p className="mt-2 break-words">
            Last backup {formatLondonDateTime(new Date(backups.last.at))}, {formatFileSize(backups.last.sizeBytes)}, in{" "}
            <code className="break-all">{backups.last.location}</code>.
          </p>
        ) : (
          <p className="mt-2 text-muted">None yet.</p>
        )}
        {backups.failure ? (
          <p className="mt-2 break-words text-red-800">
            The backup started {formatLondonDateTime(new Date(backups.failure.at))} failed: {backups.failure.error}
          </p>
        ) : null}
        {backups.running ? (
          <p className="mt-2">A backup is being made: started {formatLondonDateTime(new Date(backups.running))}.</p>
        ) : null}
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="backup" />
          <button type="submit" className={buttonClass("secondary")} disabled={busy}>
            Back up now
          </button>
          {backupReply ? (
            <div aria-live="polite">
              <FormMessage tone={actionData && "error" in actionData ? "error" : "success"}>{backupReply}</FormMessage>
            </div>
          ) : null}
        </Form>
      </section>

      <section id="claims" aria-labelledby="claims-heading" className="mt-8">
        <h2 id="claims-heading" className="text-xl font-bold">
          On-time Guarantee claims
        </h2>
        {claims.length === 0 ? (
          <p className="mt-2 text-muted">No open claims.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {claims.map((claim) => (
              <li key={claim.orderId} className="rounded-lg border border-slate-200 p-3 text-sm">
                <Link
                  to={`/admin/orders/${claim.orderId}#guarantee-claim`}
                  className="font-semibold text-brand underline"
                >
                  {claim.orderNumber}
                </Link>{" "}
                · {claim.daysLate} days late · claimed {formatLondonDateTime(new Date(claim.claimedAt))}
                {claim.note ? <span className="block break-words text-muted">{claim.note}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function meta() {
  return [{ title: "Waiting for you | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
