/**
 * Accounts on credit terms (docs/decisions/085-accounts-on-credit-terms.md; rules in
 * app/domain/orders/credit-accounts.ts, the statement in app/domain/orders/account-statement.ts):
 * an organisation's owner or admin applies at /account/credit, staff approve it with a limit and
 * terms (or decline or suspend it, with the reason) at /admin/credit-accounts, and the account's
 * standing, what it owes and what is overdue, is read from its statement: its invoices on account
 * less the credit notes, payments and refunds recorded against them. Placing an order on account:
 * bank-transfers.server.ts. Reminders before and after an invoice's due date: runAccountReminders.
 */
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  authOrganization,
  authUser,
  bankTransfers,
  creditAccounts,
  creditNotes,
  invoices,
  orders,
  refunds,
  transferReceipts,
} from "#db/schema";
import { addDays, formatDisplayDate, londonToday, type IsoDate } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import {
  ACCOUNT_REMINDER_DAYS_BEFORE,
  accountDueOn,
  standingFromStatement,
  type AccountStanding,
  accountReminder,
  CREDIT_MESSAGES,
  type CreditAccountStatus,
  isOrganisationId,
  readApplication,
  readDecision,
  STATUS_AFTER,
  termsText,
  toCreditAccountStatus,
} from "~/domain/orders/credit-accounts";
import {
  type AccountStatement,
  buildStatement,
  type StatementCredit,
  type StatementRefund,
  statementFileName,
} from "~/domain/orders/account-statement";
import { mayManageMembers } from "~/domain/people/organisation-roles";
import { readOrderSnapshot } from "~/domain/orders/order-snapshot";
import type { StaffMember } from "../accounts/admin-access.server";
import { renderStatementPdf } from "../documents/statement-pdf.server";
import { branded } from "../messages/mail-templates.server";
import { sendMail } from "../messages/mail.server";
import { buyerMailRecipient } from "../messages/mail-recipient.server";
import { recordAudit } from "../platform/audit-log.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure, toResponse } from "../platform/http.server";
import { mayRenderDocument, pdfDownload, tooManyDocuments } from "../documents/invoices.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { currentRole } from "../platform/record-access.server";
import type { AppContext } from "../providers/app-context.server";
import { staffAlertRecipients } from "./staff-alerts.server";

/** Applications a person may send an hour: one is enough, a few allow for mistakes. */
export const CREDIT_APPLY_LIMIT = { limit: 5, windowSeconds: 3600 } as const;
/** Loads of the account page a person may make a minute: each reads the whole statement. */
export const CREDIT_PAGE_LIMIT = { limit: 120, windowSeconds: 60 } as const;
/** Decisions a member of staff may record an hour. */
export const CREDIT_DECISION_LIMIT = { limit: 60, windowSeconds: 3600 } as const;

type CreditAccountRow = typeof creditAccounts.$inferSelect;

/** The organisation the signed-in person works for now, with their role in it; null for a person on their own. */
async function workingFor(db: Database, input: { userId: string; accountId: string }) {
  if (!input.accountId || input.accountId === input.userId) return null;
  const role = await currentRole(db, { organisationId: input.accountId, userId: input.userId });
  if (role === null) return null;
  const [organisation] = await db
    .select({ id: authOrganization.id, name: authOrganization.name })
    .from(authOrganization)
    .where(eq(authOrganization.id, input.accountId))
    .limit(1);
  return organisation ? { ...organisation, role } : null;
}

async function accountRow(db: Database, organisationId: string): Promise<CreditAccountRow | null> {
  const [row] = await db
    .select()
    .from(creditAccounts)
    .where(eq(creditAccounts.organizationId, organisationId))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// The statement and the standing

/**
 * Everything on the organisation's account: its orders on account that were invoiced, the credit
 * notes against them, each payment recorded and the money sent back, as the statement on `today`.
 */
export async function organisationStatement(
  db: Database,
  input: { organisationId: string; today: IsoDate },
): Promise<AccountStatement> {
  const invoiced = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.number,
      snapshot: orders.snapshot,
      invoiceNumber: invoices.number,
      issuedAt: invoices.issuedAt,
      grossPence: orders.totalPence,
      dueOn: bankTransfers.dueOn,
      returnedPence: bankTransfers.returnedPence,
      returnedOn: bankTransfers.returnedOn,
      returnedReference: bankTransfers.returnedReference,
    })
    .from(orders)
    .innerJoin(invoices, eq(invoices.orderId, orders.id))
    .innerJoin(bankTransfers, eq(bankTransfers.orderId, orders.id))
    .where(and(eq(orders.accountId, input.organisationId), eq(orders.onAccount, true)))
    .orderBy(asc(invoices.issuedAt));
  const orderIds = invoiced.map((row) => row.orderId);
  const ids = orderIds.length > 0 ? orderIds : ["00000000-0000-0000-0000-000000000000"];
  const [notes, paid, sentBack] = await Promise.all([
    db
      .select({
        orderId: creditNotes.orderId,
        number: creditNotes.number,
        issuedAt: creditNotes.issuedAt,
        grossPence: refunds.grossPence,
      })
      .from(creditNotes)
      .leftJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .where(inArray(creditNotes.orderId, ids)),
    db.select().from(transferReceipts).where(inArray(transferReceipts.orderId, ids)),
    db
      .select()
      .from(refunds)
      .where(and(inArray(refunds.orderId, ids), eq(refunds.method, "bank_transfer"), eq(refunds.status, "done"))),
  ]);
  const byOrder = new Map(invoiced.map((row) => [row.orderId, row]));
  const of = (orderId: string) => {
    const row = byOrder.get(orderId);
    if (!row) throw new Error(`Order ${orderId} is not on the account's statement`);
    return { invoiceNumber: row.invoiceNumber, orderNumber: row.orderNumber };
  };
  const credits: StatementCredit[] = notes.map((note) => ({
    ...of(note.orderId),
    creditNoteNumber: note.number,
    issuedOn: londonToday(note.issuedAt),
    // A note from before refunds could be partial credited the whole invoice.
    grossPence: note.grossPence ?? byOrder.get(note.orderId)?.grossPence ?? 0,
  }));
  const moneyBack: StatementRefund[] = [
    ...sentBack.map((refund) => ({
      ...of(refund.orderId),
      paidBackOn: refund.paidBackOn ?? londonToday(refund.createdAt),
      amountPence: refund.grossPence,
      reference: refund.reference,
    })),
    // Part payments of a cancelled order sent back (decision 079).
    ...invoiced.flatMap((row) =>
      row.returnedPence !== null && row.returnedOn !== null
        ? [
            {
              ...of(row.orderId),
              paidBackOn: row.returnedOn,
              amountPence: row.returnedPence,
              reference: row.returnedReference,
            },
          ]
        : [],
    ),
  ];
  return buildStatement({
    invoices: invoiced.map((row) => ({
      orderNumber: row.orderNumber,
      invoiceNumber: row.invoiceNumber,
      issuedOn: londonToday(row.issuedAt),
      dueOn: row.dueOn,
      grossPence: row.grossPence,
      poRef: readOrderSnapshot(row.orderNumber, row.snapshot).data.details.po_ref || null,
    })),
    credits,
    payments: paid.map((receipt) => ({
      ...of(receipt.orderId),
      receivedOn: receipt.arrivedOn,
      amountPence: receipt.amountPence,
    })),
    refunds: moneyBack,
    today: input.today,
  });
}

const standingOf = (row: CreditAccountRow, statement: AccountStatement) =>
  standingFromStatement({ ...row, status: toCreditAccountStatus(row.status) }, statement);

/**
 * Whether the organisation may order on account now, as its standing: null without an account.
 * Called in the transaction that places an order on account, after its lock.
 */
export async function accountStanding(
  db: Database,
  input: { organisationId: string; today: IsoDate },
): Promise<{ standing: AccountStanding; organisation: string } | null> {
  const row = await accountRow(db, input.organisationId);
  if (!row) return null;
  const statement = await organisationStatement(db, input);
  return { standing: standingOf(row, statement), organisation: row.companyName };
}

/**
 * What the payment step shows about paying on account: nothing for a person on their own; the
 * standing (with no account, a pending one or a refused one) for a member of an organisation.
 */
export async function paymentStepAccount(
  db: Database,
  input: { userId: string; accountId: string; now: Date },
): Promise<{ organisation: string; standing: AccountStanding | null; dueOn: IsoDate | null } | null> {
  const organisation = await workingFor(db, input);
  if (!organisation) return null;
  const found = await accountStanding(db, { organisationId: organisation.id, today: londonToday(input.now) });
  const standing = found?.standing ?? null;
  return {
    organisation: found?.organisation ?? organisation.name,
    standing,
    // The invoice's due date if the order were placed now.
    dueOn: standing?.status === "approved" ? accountDueOn(input.now, standing.termsDays) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The buyer's page

export type CreditPage =
  | { ok: true; state: "personal" }
  | {
      ok: true;
      state: "organisation";
      organisation: { id: string; name: string };
      mayApply: boolean;
      account: {
        status: CreditAccountStatus;
        companyName: string;
        appliedOn: IsoDate;
        limitPence: number | null;
        termsDays: number | null;
        decisionNote: string | null;
      } | null;
      standing: AccountStanding | null;
      statement: AccountStatement | null;
    };

/** /account/credit: the organisation's account, its standing and statement, or the way to apply. */
export async function creditPage(
  db: Database,
  input: { userId: string; accountId: string; today: IsoDate },
): Promise<CreditPage | Failure> {
  const { limit, windowSeconds } = CREDIT_PAGE_LIMIT;
  const hit = await hitRateLimit(db, { key: `credit-page:${input.userId}`, limit, windowSeconds });
  if (!hit.allowed)
    return failure(429, "RATE_LIMITED", "Too many requests: wait a minute and try again.", {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
  const organisation = await workingFor(db, input);
  if (!organisation) return { ok: true, state: "personal" };
  const row = await accountRow(db, organisation.id);
  const statement =
    row?.status === "approved" || row?.status === "suspended"
      ? await organisationStatement(db, { organisationId: organisation.id, today: input.today })
      : null;
  return {
    ok: true,
    state: "organisation",
    organisation: { id: organisation.id, name: organisation.name },
    mayApply: mayManageMembers(organisation.role) && (!row || row.status === "declined"),
    account: row
      ? {
          status: toCreditAccountStatus(row.status),
          companyName: row.companyName,
          appliedOn: londonToday(row.appliedAt),
          limitPence: row.limitPence,
          termsDays: row.termsDays,
          // A note on an approval is for staff; a decline's or suspension's reason is the organisation's.
          decisionNote: row.status === "declined" || row.status === "suspended" ? row.decisionNote : null,
        }
      : null,
    standing: row && statement ? standingOf(row, statement) : null,
    statement,
  };
}

/**
 * An owner or admin applies for the organisation they work for. A pending or approved account is
 * not applied for again; a declined one may be, which replaces the application. Staff are told.
 */
export async function applyForCredit(
  ctx: AppContext,
  input: { userId: string; accountId: string; fields: Readonly<Record<string, string>>; now: Date },
): Promise<{ ok: true; message: string } | Failure> {
  const { db } = ctx;
  const organisation = await workingFor(db, input);
  if (!organisation) return failure(409, "ORGANISATION_NEEDED", CREDIT_MESSAGES.organisationNeeded);
  if (!mayManageMembers(organisation.role)) return failure(403, "NOT_A_MANAGER", CREDIT_MESSAGES.managersOnly);
  const { limit, windowSeconds } = CREDIT_APPLY_LIMIT;
  const hit = await hitRateLimit(db, { key: `credit-apply:${input.userId}`, limit, windowSeconds });
  if (!hit.allowed)
    return failure(429, "RATE_LIMITED", "You have sent several applications this hour: try again later.", {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
  const read = readApplication(input.fields);
  if (!read.ok)
    return failure(400, "VALIDATION_FAILED", "Check the application: some answers need changing.", {
      fieldErrors: read.fieldErrors,
    });
  const application = {
    ...read.value,
    status: "pending",
    appliedBy: input.userId,
    appliedAt: input.now,
    limitPence: null,
    termsDays: null,
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
  };
  const saved = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ status: creditAccounts.status })
      .from(creditAccounts)
      .where(eq(creditAccounts.organizationId, organisation.id))
      .for("update");
    if (existing && existing.status !== "declined") return false;
    if (existing)
      await tx
        .update(creditAccounts)
        .set({ ...application, version: sql`${creditAccounts.version} + 1` })
        .where(eq(creditAccounts.organizationId, organisation.id));
    else {
      // Two managers applying at once: the second finds the first's application.
      const [inserted] = await tx
        .insert(creditAccounts)
        .values({ organizationId: organisation.id, ...application })
        .onConflictDoNothing()
        .returning({ id: creditAccounts.organizationId });
      if (!inserted) return false;
    }
    const subject = `Credit account application from ${organisation.name}`;
    for (const to of await staffAlertRecipients({ ...ctx, db: tx }))
      await sendMail(tx, {
        ...branded(ctx, {
          to,
          subject,
          lines: [
            `${read.value.companyName} (company number ${read.value.companyNumber}) applied to pay on account, expecting to spend ${formatPence(read.value.monthlySpendPence)} a month${read.value.requestedLimitPence ? ` and asking for a limit of ${formatPence(read.value.requestedLimitPence)}` : ""}.`,
            "Approve it with a limit and terms, or decline it with the reason, from the back office.",
          ],
          link: { url: `${ctx.baseUrl}/admin/credit-accounts/${organisation.id}`, label: "Answer the application" },
          meta: { kind: "credit-application" },
        }),
        key: `credit-application:${organisation.id}:${input.now.toISOString()}:${to}`,
      });
    return true;
  });
  if (!saved) return failure(409, "ALREADY_APPLIED", CREDIT_MESSAGES.alreadyApplied);
  return { ok: true, message: CREDIT_MESSAGES.applied };
}

/**
 * The statement as a PDF download: for a member of the organisation they work for now, or for staff
 * (`staffId`, checked already), within the reader's document budget; 404 without an account to show.
 */
export async function statementDownload(
  ctx: AppContext,
  input: {
    reader: { userId: string; accountId: string } | { staffId: string; organisationId: string };
    today: IsoDate;
  },
) {
  const { db } = ctx;
  const notFound = () => toResponse(failure(404, "NOT_FOUND", "No such statement."));
  const { reader } = input;
  const organisationId = "staffId" in reader ? reader.organisationId : (await workingFor(db, reader))?.id;
  if (!isOrganisationId(organisationId)) return notFound();
  if (!(await mayRenderDocument(db, "staffId" in reader ? reader.staffId : reader.userId))) return tooManyDocuments();
  const row = await accountRow(db, organisationId);
  if (!row?.limitPence || !row.termsDays) return notFound();
  const statement = await organisationStatement(db, { organisationId, today: input.today });
  const pdf = await renderStatementPdf(
    {
      statement,
      customer: { name: row.companyName, lines: [`Company number ${row.companyNumber}`, row.accountsEmail] },
      account: { limitPence: row.limitPence, termsDays: row.termsDays },
      today: input.today,
    },
    ctx.business,
  );
  return pdfDownload(pdf, statementFileName(row.companyName, input.today));
}

// ---------------------------------------------------------------------------------------------
// Staff

export type CreditAccountListing = {
  organisationId: string;
  organisation: string;
  companyName: string;
  status: CreditAccountStatus;
  appliedAt: Date;
  limitPence: number | null;
  termsDays: number | null;
};

/** Every account, applications waiting first, then by name; `status` narrows the list. */
export async function listCreditAccounts(
  db: Database,
  input: { status: CreditAccountStatus | null },
): Promise<CreditAccountListing[]> {
  const rows = await db
    .select({ account: creditAccounts, organisation: authOrganization.name })
    .from(creditAccounts)
    .innerJoin(authOrganization, eq(authOrganization.id, creditAccounts.organizationId))
    .where(input.status ? eq(creditAccounts.status, input.status) : undefined)
    .orderBy(desc(sql`${creditAccounts.status} = 'pending'`), asc(creditAccounts.companyName))
    .limit(500);
  return rows.map(({ account, organisation }) => ({
    organisationId: account.organizationId,
    organisation,
    companyName: account.companyName,
    status: toCreditAccountStatus(account.status),
    appliedAt: account.appliedAt,
    limitPence: account.limitPence,
    termsDays: account.termsDays,
  }));
}

/** One account for staff: the application, who sent it, the decision, the standing and the statement. */
export async function creditAccountForStaff(db: Database, input: { organisationId: string; today: IsoDate }) {
  if (!isOrganisationId(input.organisationId)) return null;
  const [found] = await db
    .select({ account: creditAccounts, organisation: authOrganization.name, applicant: authUser.email })
    .from(creditAccounts)
    .innerJoin(authOrganization, eq(authOrganization.id, creditAccounts.organizationId))
    .leftJoin(authUser, eq(authUser.id, creditAccounts.appliedBy))
    .where(eq(creditAccounts.organizationId, input.organisationId))
    .limit(1);
  if (!found) return null;
  const statement = await organisationStatement(db, input);
  const { account } = found;
  return {
    organisationId: account.organizationId,
    organisation: found.organisation,
    applicant: found.applicant,
    status: toCreditAccountStatus(account.status),
    version: account.version,
    application: {
      companyName: account.companyName,
      companyNumber: account.companyNumber,
      accountsEmail: account.accountsEmail,
      phone: account.phone,
      monthlySpendPence: account.monthlySpendPence,
      requestedLimitPence: account.requestedLimitPence,
      appliedAt: account.appliedAt,
    },
    limitPence: account.limitPence,
    termsDays: account.termsDays,
    decisionNote: account.decisionNote,
    decidedAt: account.decidedAt,
    standing: standingOf(account, statement),
    statement,
  };
}

/**
 * Staff approve (or change the limit and terms of) an account, decline an application or suspend
 * an account, from the version their page showed; recorded in the audit log, and the applicant is
 * e-mailed the outcome (with the reason for a decline or a suspension).
 */
export async function decideCreditAccount(
  ctx: AppContext,
  input: { staff: StaffMember; organisationId: string; fields: Readonly<Record<string, string>>; now: Date },
): Promise<{ ok: true; message: string } | Failure> {
  const { db } = ctx;
  const { staff } = input;
  const { limit, windowSeconds } = CREDIT_DECISION_LIMIT;
  const hit = await hitRateLimit(db, { key: `credit-decision:${staff.id}`, limit, windowSeconds });
  if (!hit.allowed)
    return failure(429, "RATE_LIMITED", "You have recorded many decisions this hour: wait a while and try again.", {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
  const read = readDecision(input.fields);
  if (!read.ok)
    return failure(400, "VALIDATION_FAILED", "Check the decision: some answers need changing.", {
      fieldErrors: read.fieldErrors,
    });
  const decision = read.value;
  return db.transaction(async (tx): Promise<{ ok: true; message: string } | Failure> => {
    const [row] = isOrganisationId(input.organisationId)
      ? await tx
          .select()
          .from(creditAccounts)
          .where(eq(creditAccounts.organizationId, input.organisationId))
          .for("update")
      : [];
    if (!row) return failure(404, "NOT_FOUND", CREDIT_MESSAGES.notFound);
    if (String(row.version) !== input.fields.version) return failure(409, "STALE", CREDIT_MESSAGES.stale);
    const from = toCreditAccountStatus(row.status);
    // Only an application is declined; only an account in use is suspended.
    if (decision.kind === "decline" && from !== "pending")
      return failure(
        409,
        "NOT_AN_APPLICATION",
        "Only an application waiting for an answer can be declined: suspend an account instead.",
      );
    if (decision.kind === "suspend" && from !== "approved")
      return failure(409, "NOT_APPROVED", "Only an approved account can be suspended.");
    const status = STATUS_AFTER[decision.kind];
    const terms = decision.kind === "approve" ? { limitPence: decision.limitPence, termsDays: decision.termsDays } : {};
    await tx
      .update(creditAccounts)
      .set({
        status,
        ...terms,
        decidedBy: staff.id,
        decidedAt: input.now,
        decisionNote: decision.note || null,
        version: row.version + 1,
      })
      .where(eq(creditAccounts.organizationId, row.organizationId));
    await recordAudit(tx, staff, {
      action: `credit-account.${decision.kind}`,
      subject: { kind: "credit_account", id: row.organizationId },
      summary:
        decision.kind === "approve"
          ? `${row.companyName}: account ${from === "pending" ? "approved" : "changed"}, ${termsText(decision.limitPence, decision.termsDays)}`
          : `${row.companyName}: account ${status}, "${decision.note}"`,
      before: { status: from, limitPence: row.limitPence, termsDays: row.termsDays },
      after: { status, ...terms, note: decision.note },
    });
    const [applicant] = await tx
      .select({ email: authUser.email })
      .from(authUser)
      .where(eq(authUser.id, row.appliedBy))
      .limit(1);
    if (applicant)
      await sendMail(tx, {
        ...branded(ctx, {
          to: applicant.email,
          subject:
            decision.kind === "approve"
              ? `${row.companyName} can pay on account`
              : `Your account with us: ${row.companyName}`,
          lines:
            decision.kind === "approve"
              ? [
                  `${row.companyName}'s account is approved: ${termsText(decision.limitPence, decision.termsDays)}.`,
                  'Members of your organisation can now choose "Pay on account" at the payment step: each order is invoiced at once and made on approval of its proof, and the invoice is due within the terms.',
                ]
              : [
                  decision.kind === "decline"
                    ? `We cannot offer ${row.companyName} an account at present.`
                    : `Ordering on account is suspended for ${row.companyName}.`,
                  `Reason: ${decision.note}`,
                  "You can still order and pay by card.",
                ],
          link: { url: `${ctx.baseUrl}/account/credit`, label: "See your account" },
          meta: { kind: `credit-account-${decision.kind}` },
        }),
        key: `credit-decision:${row.organizationId}:${row.version + 1}`,
      });
    return { ok: true, message: CREDIT_MESSAGES.decided(row.companyName, status) };
  });
}

// ---------------------------------------------------------------------------------------------
// Reminders

/**
 * One pass at `now`: each invoice on account still to pay is reminded before its due date, then
 * after it, each reminder once across processes (the transfer row taken `for update skip locked`
 * and the reminder recorded in the transaction that queues its e-mails). The reminder goes to the
 * buyer's confirmed address and to the accounts address staff approved.
 */
export async function runAccountReminders(ctx: AppContext, now: Date = ctx.clock()) {
  const { db } = ctx;
  const today = londonToday(now);
  const candidates = await db
    .select({ orderId: bankTransfers.orderId })
    .from(bankTransfers)
    .innerJoin(orders, eq(orders.id, bankTransfers.orderId))
    .where(
      and(
        eq(orders.onAccount, true),
        isNull(bankTransfers.receivedAt),
        isNull(orders.paidAt),
        lte(bankTransfers.dueOn, addDays(today, ACCOUNT_REMINDER_DAYS_BEFORE)),
      ),
    )
    .orderBy(asc(bankTransfers.dueOn));
  let sent = 0;
  for (const { orderId } of candidates) {
    const reminded = await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ transfer: bankTransfers, order: orders })
        .from(bankTransfers)
        .innerJoin(orders, eq(orders.id, bankTransfers.orderId))
        .where(eq(bankTransfers.orderId, orderId))
        .for("update", { of: bankTransfers, skipLocked: true });
      if (!found || found.transfer.receivedAt) return false;
      const { transfer, order } = found;
      const [statement, account, [invoice]] = await Promise.all([
        organisationStatement(tx, { organisationId: order.accountId, today }),
        accountRow(tx, order.accountId),
        tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id)).limit(1),
      ]);
      const item = statement.items.find((each) => each.orderNumber === order.number);
      if (!item || !invoice || order.status === "cancelled") return false;
      const due = accountReminder(
        {
          dueOn: transfer.dueOn,
          remindedAt: transfer.remindedAt,
          overdueReminders: transfer.overdueReminders,
          settled: item.outstandingPence === 0,
        },
        today,
      );
      if (!due) return false;
      await tx
        .update(bankTransfers)
        .set(due === "before" ? { remindedAt: now } : { overdueReminders: transfer.overdueReminders + 1 })
        .where(eq(bankTransfers.orderId, orderId));
      const { details } = readOrderSnapshot(order.number, order.snapshot).data;
      const buyer = await buyerMailRecipient(tx, {
        userId: order.userId,
        accountId: order.accountId,
        contact: details.email,
      });
      const recipients = [...new Set([buyer, account?.accountsEmail].filter((to): to is string => Boolean(to)))];
      const subject =
        due === "before"
          ? `Invoice ${invoice.number} is due on ${formatDisplayDate(transfer.dueOn)}`
          : `Overdue: invoice ${invoice.number} was due on ${formatDisplayDate(transfer.dueOn)}`;
      for (const to of recipients)
        await sendMail(tx, {
          ...branded(ctx, {
            to,
            subject,
            lines: [
              due === "before"
                ? `Invoice ${invoice.number} for order ${order.number} is due on ${formatDisplayDate(transfer.dueOn)}: ${formatPence(item.outstandingPence)} to pay.`
                : `Invoice ${invoice.number} for order ${order.number} was due on ${formatDisplayDate(transfer.dueOn)} and ${formatPence(item.outstandingPence)} is still to pay. Until it is paid, your organisation cannot order on account.`,
              `Please pay by bank transfer quoting ${invoice.number}; our bank details are on the invoice and on your statement. If you have paid already, thank you: please ignore this reminder.`,
            ],
            link: { url: `${ctx.baseUrl}/account/credit`, label: "See your statement" },
            meta: { kind: `account-reminder-${due}`, orderNumber: order.number },
          }),
          key: `account-reminder:${order.id}:${due}:${transfer.overdueReminders}:${to}`,
        });
      return true;
    });
    if (reminded) sent += 1;
  }
  return { reminded: sent };
}
