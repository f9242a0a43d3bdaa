import { useEffect } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/admin.products-import-status";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { formatLondonDateTime } from "~/domain/core/dates";
import { isUuid } from "~/domain/core/ids";
import {
  ADMIN_NO_STORE,
  adminNotFound,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { dbOf } from "~/server/accounts/request-context.server";
import { confirmImport, importForStaff } from "~/server/admin/catalogue-import.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";

/** The rows a page lists: the refused and changing ones come first, so they are among them. */
const ROWS_SHOWN = 200;

/** One import's dry run or outcome, for staff (docs/decisions/066-catalogue-is-data.md). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products", limit: STAFF_PAGE_LIMIT });
  const found = isUuid(params.id) ? await importForStaff(db, params.id) : undefined;
  if (!found) throw adminNotFound();
  return { ...found, rows: found.rows.slice(0, ROWS_SHOWN), more: Math.max(0, found.rows.length - ROWS_SHOWN) };
}

/** Staff apply the dry run: its rows to create or change, in one go, by a job. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products-edit", limit: STAFF_PAGE_LIMIT });
  if (!isUuid(params.id)) throw adminNotFound();
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  if (form.value.intent !== "apply")
    return toResponse(failure(400, "UNKNOWN_INTENT", "Choose what to do with the import."));
  const confirmed = await confirmImport(db, { importId: params.id, staffId: staff.id, address: staff.address });
  if (!confirmed.ok) return toResponse(confirmed);
  return data({ ok: true as const }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

const ACTION_WORDS = { refused: "Refused", create: "Adds", change: "Changes", unchanged: "No change" } as const;
const link = "text-brand underline-offset-2 hover:underline";

export default function AdminProductsImportStatus({ loaderData, actionData }: Route.ComponentProps) {
  const { status, counts, rows, more, fileName, error } = loaderData;
  const busy = useNavigation().state === "submitting";
  const revalidator = useRevalidator();
  const working = status === "planning" || status === "applying";
  // While a job works on it, the page asks again each second and stops once the job is done.
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [working, revalidator]);
  const toApply = counts ? counts.create + counts.change : 0;
  return (
    <section className="max-w-5xl">
      <p className="text-sm">
        <Link to="/admin/products/import" className={link}>
          Import products
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold break-words">{fileName}</h1>
      <p className="mt-1 text-muted">Uploaded {formatLondonDateTime(new Date(loaderData.createdAt))}</p>
      <div className="mt-4" role="status">
        {status === "planning" ? <p>Reading the file and checking each row…</p> : null}
        {status === "applying" ? <p>Applying the rows in one go… You can leave this page: it carries on.</p> : null}
        {status === "applied" ? (
          <FormMessage tone="success">
            Applied {loaderData.appliedAt ? formatLondonDateTime(new Date(loaderData.appliedAt)) : ""}:{" "}
            {counts?.create ?? 0} added and {counts?.change ?? 0} changed. Buyers see published ones within a second.
          </FormMessage>
        ) : null}
        {status === "failed" ? <FormMessage>{error ?? "The import failed."}</FormMessage> : null}
        {actionData && "error" in actionData ? <FormMessage>{actionData.error.message}</FormMessage> : null}
      </div>
      {counts ? (
        <p className="mt-4 text-sm">
          {(rows.length + more).toLocaleString("en-GB")} rows: {counts.create} to add, {counts.change} to change,{" "}
          {counts.unchanged} unchanged, {counts.refused} refused.
        </p>
      ) : null}
      {status === "planned" ? (
        toApply > 0 ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="apply" />
            <button type="submit" disabled={busy} className={buttonClass("primary")}>
              {busy ? "Starting…" : `Apply ${toApply} ${toApply === 1 ? "row" : "rows"}`}
            </button>
            {counts && counts.refused > 0 ? (
              <p className="mt-2 text-sm text-muted">Refused rows are left out: fix them and import them again.</p>
            ) : null}
          </Form>
        ) : (
          <p className="mt-4 text-sm">Nothing to apply: every row is as the catalogue has it, or refused.</p>
        )
      ) : null}
      {rows.length > 0 ? (
        <div
          className="mt-6 overflow-x-auto rounded-xl border border-slate-200"
          role="region"
          aria-label="Rows"
          tabIndex={0}
        >
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Row
                </th>
                <th scope="col" className="px-4 py-2">
                  Product
                </th>
                <th scope="col" className="px-4 py-2">
                  Result
                </th>
                <th scope="col" className="px-4 py-2">
                  Why, or what changes
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.row}>
                  <td className="px-4 py-2 align-top">{row.row}</td>
                  <th scope="row" className="px-4 py-2 text-left align-top font-medium">
                    {row.id ? (
                      <Link to={`/admin/products/${row.id}`} className={link}>
                        {row.title || `Product ${row.id}`}
                      </Link>
                    ) : (
                      row.title || "(no title)"
                    )}
                  </th>
                  <td className={`px-4 py-2 align-top ${row.action === "refused" ? "font-semibold text-red-700" : ""}`}>
                    {ACTION_WORDS[row.action]}
                  </td>
                  <td className="px-4 py-2 align-top">
                    {row.action === "refused" ? (
                      <ul className="space-y-0.5">
                        {row.reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    ) : (
                      <ul className="space-y-0.5">
                        {row.changes.map((change) => (
                          <li key={change.field} className="break-words">
                            {change.field}: {change.oldValue ?? "none"} → {change.newValue ?? "none"}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {more > 0 ? (
            <p className="px-4 py-3 text-sm text-muted">
              And {more.toLocaleString("en-GB")} more rows, none refused beyond those above.
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `${loaded?.fileName ?? "Import"} | Import products | Back office | Swag Studio` },
    { name: "robots", content: "noindex" },
  ];
}
