import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.closures";
import { HeaderRow, TableFrame } from "~/components/admin/table-parts";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { CLOSURE_REASON_MAX, formatClosureDays } from "~/domain/fulfilment/closures";
import {
  ADMIN_NO_STORE,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";
import { addClosure, closuresPage, removeClosure } from "~/server/admin/shop-closures.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";

/** The days the shop is shut (docs/decisions/078-shop-closures.md): bank holidays and the operator's closures. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "closures", limit: STAFF_PAGE_LIMIT });
  return closuresPage(db, nowOf(context));
}

/**
 * Adds or removes a closure. A refusal says why and sends back what was typed, so the form keeps
 * it without JavaScript too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const form = await readForm(request);
  const fields = form.ok ? form.value : {};
  const input = { staff, now: nowOf(context) };
  const result = !form.ok
    ? form
    : fields.intent === "add"
      ? await addClosure(dbOf(context), { ...input, fields })
      : fields.intent === "remove"
        ? await removeClosure(dbOf(context), { ...input, id: fields.closure_id ?? "" })
        : failure(400, "UNKNOWN_INTENT", "Choose whether to add or remove a closure.");
  if (!result.ok)
    return toResponse<{ fields: Record<string, string> }>(result, { fields }, { headers: ADMIN_NO_STORE });
  return data({ message: result.message }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

const cell = "px-4 py-3";

export default function AdminClosures({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refused = actionData && "error" in actionData ? actionData : undefined;
  // What was typed comes back with a refusal of an added closure, so nothing is lost.
  const typed = refused?.fields.intent === "add" ? refused.fields : undefined;
  const fieldError = (name: string) => refused?.error.fieldErrors?.[name];
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Closures</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        Days the shop does not work besides weekends: England and Wales bank holidays, counted for every year, and the
        closures you add here (a shutdown week, a holiday proclaimed for one year). Every date the shop promises skips
        them within a second of saving: delivery estimates, proof due dates, need-by plans, ship-by days and bank
        transfer due dates. Dates already promised on orders stay as they were.
      </p>
      {actionData ? (
        <div className="mt-4" aria-live="polite">
          <FormMessage tone={refused ? "error" : "success"}>
            {refused ? refused.error.message : "message" in actionData ? actionData.message : null}
          </FormMessage>
        </div>
      ) : null}

      <section aria-labelledby="add-closure" className="mt-6 rounded-xl border border-slate-200 p-4 sm:p-5">
        <h2 id="add-closure" className="text-lg font-bold">
          Close the shop
        </h2>
        <Form method="post" className="mt-3 grid gap-3">
          <input type="hidden" name="intent" value="add" />
          <div className="grid gap-3 md:grid-cols-3 md:items-start">
            <Field
              label="First day closed"
              name="from"
              type="date"
              required
              min={loaderData.today}
              defaultValue={typed?.from ?? ""}
              error={fieldError("from")}
            />
            <Field
              label="Last day closed"
              name="to"
              type="date"
              hint="Leave empty for one day."
              min={loaderData.today}
              defaultValue={typed?.to ?? ""}
              error={fieldError("to")}
            />
            <Field
              label="Reason"
              name="reason"
              required
              maxLength={CLOSURE_REASON_MAX}
              hint="For example: Summer shutdown."
              defaultValue={typed?.reason ?? ""}
              error={fieldError("reason")}
            />
          </div>
          <div>
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              Add closure
            </button>
          </div>
        </Form>
      </section>

      <h2 className="mt-8 text-xl font-bold">Days the shop is shut</h2>
      <TableFrame className="mt-3" label="Days the shop is shut">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
            <HeaderRow columns={["Days", "Why", "Remove"]} cellClass={cell} />
          </thead>
          <tbody className="divide-y divide-slate-200 align-top">
            {loaderData.days.map((day) => (
              <tr key={day.id ?? `holiday-${day.from}`}>
                <th scope="row" className={`${cell} font-medium`}>
                  {formatClosureDays(day)}
                </th>
                <td className={cell}>{day.reason}</td>
                <td className={cell}>
                  {day.id ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="closure_id" value={day.id} />
                      <button
                        type="submit"
                        className={buttonClass("secondary")}
                        disabled={busy}
                        aria-label={`Remove the closure ${day.reason}, ${formatClosureDays(day)}`}
                      >
                        Remove
                      </button>
                    </Form>
                  ) : (
                    <span className="text-muted">Set by law</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </section>
  );
}
