import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.data-requests";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { formatDisplayDay } from "~/domain/core/dates";
import { readPersonLookup } from "~/domain/people/data-requests";
import {
  ADMIN_NO_STORE,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { dbOf } from "~/server/accounts/request-context.server";
import { erasePersonEntries, findPersonEntries } from "~/server/admin/data-requests.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";

/** Staff only: a signed-out visitor, a buyer or a colleague without staff gets the ordinary 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  await requireStaffBudget(dbOf(context), { staffId: staff.id, bucket: "data-requests", limit: STAFF_PAGE_LIMIT });
  return null;
}

/**
 * Finds, then erases, what a person sent without an account (docs/decisions/082): by the exact
 * e-mail address or UK number they gave, posted so it never sits in an address bar or a log line.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { who: "" });
  const who = (form.value.who ?? "").slice(0, 300);
  const read = readPersonLookup(form.value.who);
  if (!read.ok)
    return toResponse(failure(400, "BAD_LOOKUP", read.message, { fieldErrors: { who: read.message } }), { who });
  const input = { staff, lookup: read.lookup };
  if (form.value.intent === "find") {
    const found = await findPersonEntries(dbOf(context), input);
    if ("ok" in found) return toResponse(found, { who });
    return data({ who, found }, { headers: ADMIN_NO_STORE });
  }
  if (form.value.intent === "erase") {
    const erased = await erasePersonEntries(dbOf(context), input);
    if (!erased.ok) return toResponse(erased, { who });
    return data({ who: "", erased: erased.message }, { headers: ADMIN_NO_STORE });
  }
  return toResponse(failure(400, "UNKNOWN_INTENT", "Choose whether to find or to erase."), { who });
}

export function headers() {
  return ADMIN_NO_STORE;
}

export default function AdminDataRequests({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refused = actionData && "error" in actionData ? actionData.error : null;
  const found = actionData && "found" in actionData ? actionData.found : null;
  const total = found
    ? found.inquiries.length + found.quoteRequests.length + found.smsSignups.length + found.messages
    : 0;
  return (
    <section>
      <h1 className="text-3xl font-extrabold">People's data</h1>
      <p className="mt-2 max-w-3xl text-sm text-muted">
        When someone without an account asks us to erase what they sent, find it here by the e-mail address or UK phone
        number they give, in full: contact messages, quote requests made signed out, SMS sign-ups and the e-mails we
        sent them. Erasing removes them for good and records in the audit log that it was done, without the address.
      </p>
      {actionData && "erased" in actionData ? (
        <div className="mt-4" aria-live="polite">
          <FormMessage tone="success">{actionData.erased}</FormMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 p-4">
        <input type="hidden" name="intent" value="find" />
        <Field
          label="E-mail address or UK phone number"
          name="who"
          required
          maxLength={254}
          autoComplete="off"
          className="min-w-0 flex-1"
          defaultValue={actionData?.who ?? ""}
          error={refused?.fieldErrors?.who}
        />
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          Find
        </button>
      </Form>
      {refused && !refused.fieldErrors?.who ? (
        <div className="mt-4">
          <FormMessage>{refused.message}</FormMessage>
        </div>
      ) : null}
      {found ? (
        <section aria-labelledby="found-heading" className="mt-6 rounded-xl border border-slate-200 p-4">
          <h2 id="found-heading" className="text-lg font-bold">
            What {found.shown} sent
          </h2>
          {found.hasAccount ? (
            <p className="mt-2 text-sm" data-testid="has-account">
              An account uses this address or number: what belongs to the account is not erased here.
            </p>
          ) : null}
          <ul className="mt-3 space-y-1 text-sm" data-testid="person-entries">
            {found.inquiries.map((entry) => (
              <li key={entry.id}>
                Contact message, {formatDisplayDay(entry.createdAt)}: {entry.name}, {entry.company}
              </li>
            ))}
            {found.quoteRequests.map((entry) => (
              <li key={entry.id}>
                Quote request, {formatDisplayDay(entry.createdAt)}: {entry.name}
              </li>
            ))}
            {found.smsSignups.map((entry) => (
              <li key={entry.id}>
                SMS sign-up, {formatDisplayDay(entry.createdAt)}: {entry.phone}
              </li>
            ))}
            {found.messages > 0 ? <li>E-mails we sent to the address: {found.messages}</li> : null}
          </ul>
          {total === 0 ? (
            <p className="mt-2 text-sm text-muted">Nothing found without an account.</p>
          ) : (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="erase" />
              <input type="hidden" name="who" value={actionData?.who ?? ""} />
              <button type="submit" className={buttonClass("primary")} disabled={busy}>
                Erase these entries
              </button>
            </Form>
          )}
        </section>
      ) : null}
    </section>
  );
}

export function meta() {
  return [{ title: "People's data | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
