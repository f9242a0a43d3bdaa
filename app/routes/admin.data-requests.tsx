import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.data-requests";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { formatDisplayDay, formatLondonDateTime } from "~/domain/core/dates";
import { formatFileSize } from "~/domain/core/file-size";
import { readPersonLookup } from "~/domain/people/data-requests";
import { DELETED_CUSTOMER } from "~/domain/orders/data-rights";
import {
  ADMIN_NO_STORE,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { appContextOf, dbOf, nowOf } from "~/server/accounts/request-context.server";
import { actForAccountHolder, erasePersonEntries, findPersonEntries } from "~/server/admin/data-requests.server";
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
  const ctx = appContextOf(context);
  const input = { staff, lookup: read.lookup, now: nowOf(context) };
  const find = async (done?: string) => {
    const found = await findPersonEntries(ctx.db, input);
    if ("ok" in found) return toResponse(found, { who });
    return data({ who, found, done }, { headers: ADMIN_NO_STORE });
  };
  if (form.value.intent === "find") return find();
  // The account the address or number belongs to (docs/decisions/084): a copy of its data, or deleting it.
  if (form.value.intent === "export-account" || form.value.intent === "delete-account") {
    const acted = await actForAccountHolder(ctx, {
      ...input,
      act: form.value.intent === "export-account" ? "copy" : "delete",
      confirmed: form.value.confirm === "yes",
    });
    if (!acted.ok) return toResponse(acted, { who });
    return acted.deleted ? data({ who: "", erased: acted.message }, { headers: ADMIN_NO_STORE }) : find(acted.message);
  }
  if (form.value.intent === "erase") {
    const erased = await erasePersonEntries(dbOf(context), input);
    if (!erased.ok) return toResponse(erased, { who });
    return data({ who: "", erased: erased.message }, { headers: ADMIN_NO_STORE });
  }
  return toResponse(failure(400, "UNKNOWN_INTENT", "Choose whether to find, erase, copy or delete."), { who });
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
        When someone asks what we hold about them or asks us to erase it, find them here by the e-mail address or UK
        phone number they give, in full. Without an account: their contact messages, quote requests made signed out, SMS
        sign-ups and the e-mails we sent them, erased for good. With one: prepare a copy of the account's data to send
        them, or delete the account; its orders and invoices stay under "{DELETED_CUSTOMER}". Each is recorded in the
        audit log.
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
          {found.account ? <AccountPanel account={found.account} who={actionData?.who ?? ""} busy={busy} /> : null}
          {actionData && "done" in actionData && actionData.done ? (
            <div className="mt-3" aria-live="polite">
              <FormMessage tone="success">{actionData.done}</FormMessage>
            </div>
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

type Found = Awaited<ReturnType<typeof findPersonEntries>>;
type PersonAccount = NonNullable<Extract<Found, { account: unknown }>["account"]>;

/** The account an address or number belongs to: a copy of its data for the person, or deleting it. */
function AccountPanel({ account, who, busy }: { account: PersonAccount; who: string; busy: boolean }) {
  const latest = account.latestExport;
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm" data-testid="has-account">
      <p>
        An account uses this address or number: {account.name || "no name given"}, since{" "}
        {formatDisplayDay(account.since)}, {account.orders} {account.orders === 1 ? "order" : "orders"}. What belongs to
        the account is not erased as entries here.
      </p>
      {latest?.status === "ready" ? (
        <p className="mt-2">
          <a
            href={`/admin/data-requests/exports/${latest.id}`}
            download
            className="font-semibold text-brand underline underline-offset-2"
          >
            Download the copy of their data (ZIP, {formatFileSize(latest.sizeBytes ?? 0)})
          </a>
          {latest.expiresAt ? ` until ${formatLondonDateTime(new Date(latest.expiresAt))}` : null}. Send it to the
          address the request came from.
        </p>
      ) : latest?.status === "preparing" ? (
        <p className="mt-2">A copy of their data is being prepared: find them again in a minute.</p>
      ) : latest?.status === "failed" ? (
        <p className="mt-2">Preparing the copy failed: prepare it again.</p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-start gap-4">
        <Form method="post">
          <input type="hidden" name="intent" value="export-account" />
          <input type="hidden" name="who" value={who} />
          <button type="submit" className={buttonClass("secondary")} disabled={busy}>
            Prepare a copy of their data
          </button>
        </Form>
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="delete-account" />
          <input type="hidden" name="who" value={who} />
          <label className="flex items-start gap-2">
            <input type="checkbox" name="confirm" value="yes" className="mt-0.5 h-4 w-4 accent-brand" />
            <span>The request came from the account's own address, and it asks for the account to be deleted</span>
          </label>
          <button
            type="submit"
            className={buttonClass("ghost", "border border-red-700 text-red-800 hover:bg-red-50")}
            disabled={busy}
          >
            Delete the account
          </button>
        </Form>
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: "People's data | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
