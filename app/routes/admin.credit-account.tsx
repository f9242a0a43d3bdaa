import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.credit-account";
import { AccountStatementSection } from "~/components/account/account-statement";
import { Card, Facts } from "~/components/admin/order-card";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage, SelectField, TextAreaField } from "~/components/ui/form";
import { formatDisplayDay, londonToday } from "~/domain/core/dates";
import { formatPence, plainPounds } from "~/domain/core/money";
import {
  CREDIT_ACCOUNT_STATUS_LABELS,
  DEFAULT_TERMS_DAYS,
  TERMS_DAYS,
  termsText,
} from "~/domain/orders/credit-accounts";
import {
  ADMIN_NO_STORE,
  adminNotFound,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { appContextOf, dbOf, nowOf } from "~/server/accounts/request-context.server";
import { creditAccountForStaff, decideCreditAccount } from "~/server/payments/credit-accounts.server";
import { readForm, toResponse } from "~/server/platform/http.server";

/** One organisation's account (decision 085): its application, the decision, its standing and statement. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "credit-accounts", limit: STAFF_PAGE_LIMIT });
  const account = await creditAccountForStaff(db, {
    organisationId: params.organisationId,
    today: londonToday(nowOf(context)),
  });
  if (!account) throw adminNotFound();
  return account;
}

/** Approve (or change the limit and terms), decline or suspend; a refusal keeps what was typed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { fields: {} as Record<string, string> }, { headers: ADMIN_NO_STORE });
  const decided = await decideCreditAccount(appContextOf(context), {
    staff,
    organisationId: params.organisationId,
    fields: form.value,
    now: nowOf(context),
  });
  if (!decided.ok) return toResponse(decided, { fields: form.value }, { headers: ADMIN_NO_STORE });
  return data({ message: decided.message }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

export default function AdminCreditAccount({ loaderData, actionData }: Route.ComponentProps) {
  const account = loaderData;
  const { application } = account;
  return (
    <section className="space-y-6">
      <p className="text-sm">
        <Link to="/admin/credit-accounts" className="underline">
          Credit accounts
        </Link>
      </p>
      <h1 className="text-3xl font-extrabold">{application.companyName}</h1>
      <p className="text-sm">
        Organisation {account.organisation}:{" "}
        <strong data-testid="credit-status">{CREDIT_ACCOUNT_STATUS_LABELS[account.status]}</strong>
        {account.limitPence && account.termsDays ? `, ${termsText(account.limitPence, account.termsDays)}` : ""}
      </p>
      {actionData && "message" in actionData ? (
        <p role="status" className="rounded-xl bg-green-50 p-3 text-sm text-green-900">
          {actionData.message}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="application" title="Application">
          <Facts
            rows={[
              ["Companies House number", application.companyNumber],
              ["Accounts e-mail", application.accountsEmail],
              ["Phone", application.phone || "Not given"],
              ["Expected spend a month", formatPence(application.monthlySpendPence)],
              [
                "Limit asked for",
                application.requestedLimitPence ? formatPence(application.requestedLimitPence) : "Not given",
              ],
              ["Applied", `${formatDisplayDay(application.appliedAt)} by ${account.applicant ?? "a deleted account"}`],
              ...(account.decisionNote ? ([["Note", account.decisionNote]] as Array<[string, string]>) : []),
            ]}
          />
        </Card>
        <DecisionCard account={account} reply={actionData} />
      </div>
      <AccountStatementSection
        standing={account.limitPence ? account.standing : null}
        statement={account.statement}
        pdfHref={account.limitPence ? `/admin/credit-accounts/${account.organisationId}/statement.pdf` : null}
      />
    </section>
  );
}

function DecisionCard({
  account,
  reply,
}: {
  account: Route.ComponentProps["loaderData"];
  reply: Route.ComponentProps["actionData"];
}) {
  const busy = useNavigation().state === "submitting";
  const refused = reply && "error" in reply ? reply : undefined;
  const typed = refused?.fields ?? {};
  const error = (name: string) => refused?.error.fieldErrors?.[name];
  const limit = typed.limit ?? (account.limitPence ? plainPounds(account.limitPence) : "");
  return (
    <Card id="decision" title={account.status === "pending" ? "Answer the application" : "Change the account"}>
      {refused ? <FormMessage>{refused.error.message}</FormMessage> : null}
      <Form method="post" className="mt-3 space-y-3" key={`decision-${account.version}`}>
        <input type="hidden" name="version" value={account.version} />
        <Field
          label="Credit limit (£)"
          name="limit"
          inputMode="decimal"
          maxLength={14}
          defaultValue={limit}
          error={error("limit")}
          hint="Needed to approve."
        />
        <SelectField
          label="Terms"
          name="terms"
          defaultValue={typed.terms ?? String(account.termsDays ?? DEFAULT_TERMS_DAYS)}
          error={error("terms")}
        >
          {TERMS_DAYS.map((days) => (
            <option key={days} value={days}>
              {days} days from the invoice date
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Reason or note"
          name="note"
          rows={2}
          maxLength={1000}
          defaultValue={typed.note ?? ""}
          error={error("note")}
          hint="Needed to decline or suspend: the organisation is told it."
        />
        {error("decision") ? <FormMessage>{error("decision")}</FormMessage> : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="decision" value="approve" className={buttonClass("primary")} disabled={busy}>
            {account.status === "approved" ? "Save the limit and terms" : "Approve"}
          </button>
          {account.status === "pending" ? (
            <button type="submit" name="decision" value="decline" className={buttonClass("secondary")} disabled={busy}>
              Decline
            </button>
          ) : null}
          {account.status === "approved" ? (
            <button type="submit" name="decision" value="suspend" className={buttonClass("secondary")} disabled={busy}>
              Suspend
            </button>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}
