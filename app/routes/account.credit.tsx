import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/account.credit";
import { AccountStatementSection } from "~/components/account/account-statement";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { formatDisplayDate, londonToday } from "~/domain/core/dates";
import { CREDIT_ACCOUNT_STATUS_LABELS, termsText } from "~/domain/orders/credit-accounts";
import { appContextOf, nowOf, requireSessionInfo } from "~/server/accounts/request-context.server";
import { applyForCredit, creditPage } from "~/server/payments/credit-accounts.server";
import { readForm, toResponse } from "~/server/platform/http.server";

/** An organisation's account on credit terms (decision 085): apply, or read its standing and statement. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSessionInfo({ request, context });
  const { db } = appContextOf(context);
  const page = await creditPage(db, {
    userId: session.user.id,
    accountId: session.accountId,
    today: londonToday(nowOf(context)),
  });
  if (!page.ok) throw toResponse(page);
  return page;
}

/** An owner or admin applies; a refusal sends back what was typed, so nothing is lost. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSessionInfo({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { fields: {} as Record<string, string> });
  const applied = await applyForCredit(appContextOf(context), {
    userId: session.user.id,
    accountId: session.accountId,
    fields: form.value,
    now: nowOf(context),
  });
  if (!applied.ok) return toResponse(applied, { fields: form.value });
  return data({ message: applied.message });
}

export function meta() {
  return [{ title: "Pay on account | Swag Studio" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AccountCreditRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm">
        <Link to="/account" className="underline">
          Your account
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Pay on account</h1>
      {loaderData.state === "personal" ? (
        <p className="mt-4 max-w-2xl">
          Paying on account is for organisations: invoiced at once, your orders go into production as soon as you
          approve the proof, and you pay within the terms we agree. Create your organisation, or switch to it, on{" "}
          <Link to="/account#organisation" className="underline">
            your account page
          </Link>
          , then apply here.
        </p>
      ) : (
        <OrganisationCredit page={loaderData} reply={actionData} />
      )}
    </section>
  );
}

type OrganisationPage = Extract<Route.ComponentProps["loaderData"], { state: "organisation" }>;
type Reply = Route.ComponentProps["actionData"];

function OrganisationCredit({ page, reply }: { page: OrganisationPage; reply: Reply }) {
  const { account, standing, statement } = page;
  return (
    <div className="mt-4 space-y-8">
      {reply && "message" in reply ? (
        <p role="status" className="rounded-xl bg-green-50 p-3 text-sm text-green-900" data-testid="credit-applied">
          {reply.message}
        </p>
      ) : null}
      {account ? (
        <div className="rounded-2xl border border-slate-200 p-5" data-testid="credit-account">
          <h2 className="text-lg font-bold">{page.organisation.name}</h2>
          <p className="mt-1 text-sm">
            <span className="font-semibold" data-testid="credit-status">
              {CREDIT_ACCOUNT_STATUS_LABELS[account.status]}
            </span>
            {account.status === "approved" && account.limitPence && account.termsDays
              ? `: ${termsText(account.limitPence, account.termsDays)}.`
              : ` (applied on ${formatDisplayDate(account.appliedOn)} as ${account.companyName}).`}
          </p>
          {account.decisionNote ? <p className="mt-2 text-sm">Reason: {account.decisionNote}</p> : null}
          {account.status === "approved" ? (
            <p className="mt-2 text-sm text-muted">
              Choose "Pay on account" at the payment step: the order is invoiced at once and made when you approve its
              proof; pay each invoice by bank transfer within the terms, quoting its number.
            </p>
          ) : null}
        </div>
      ) : null}
      {standing && statement ? (
        <AccountStatementSection standing={standing} statement={statement} pdfHref="/account/credit/statement.pdf" />
      ) : null}
      {page.mayApply ? (
        <ApplicationForm reply={reply} declined={account?.status === "declined"} />
      ) : !account ? (
        <p className="max-w-2xl">
          {page.organisation.name} has no account with us yet. Your organisation's owner or an admin can apply here.
        </p>
      ) : null}
    </div>
  );
}

function ApplicationForm({ reply, declined }: { reply: Reply; declined: boolean }) {
  const busy = useNavigation().state === "submitting";
  const refused = reply && "error" in reply ? reply : undefined;
  const typed = refused?.fields ?? {};
  const error = (name: string) => refused?.error.fieldErrors?.[name];
  // A field with what was typed in it and its refusal, if any.
  const bound = (name: string) => ({ name, defaultValue: typed[name] ?? "", error: error(name) });
  return (
    <Form method="post" className="max-w-2xl space-y-4 rounded-2xl border border-slate-200 p-5" noValidate>
      <h2 className="text-xl font-bold">{declined ? "Apply again" : "Apply to pay on account"}</h2>
      <p className="text-sm text-muted">
        We answer within two working days. Once approved, your organisation's members can choose "Pay on account" at the
        payment step, up to the credit limit we agree.
      </p>
      {refused ? <FormMessage>{refused.error.message}</FormMessage> : null}
      <Field
        label="Registered company name"
        {...bound("company_name")}
        required
        maxLength={160}
        autoComplete="organization"
      />
      <Field
        label="Companies House number"
        {...bound("company_number")}
        required
        maxLength={12}
        hint="8 characters, e.g. 01234567 or SC123456."
      />
      <Field
        label="Accounts e-mail"
        {...bound("accounts_email")}
        type="email"
        required
        maxLength={254}
        hint="Where invoices, statements and reminders should go."
      />
      <Field label="Accounts phone (optional)" {...bound("phone")} type="tel" maxLength={20} autoComplete="tel" />
      <Field
        label="Expected spend a month (£)"
        {...bound("monthly_spend")}
        inputMode="decimal"
        required
        maxLength={14}
      />
      <Field
        label="Credit limit you would like (£, optional)"
        {...bound("requested_limit")}
        inputMode="decimal"
        maxLength={14}
      />
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="agree"
            value="yes"
            className="mt-1"
            aria-invalid={error("agree") ? true : undefined}
            aria-describedby={error("agree") ? "agree-error" : undefined}
          />
          <span>Our organisation will pay each invoice within the terms we agree.</span>
        </label>
        {error("agree") ? (
          <p id="agree-error" className="mt-1 text-sm text-red-800">
            {error("agree")}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")} disabled={busy}>
        {busy ? "Sending…" : "Send the application"}
      </button>
    </Form>
  );
}
