import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditEvents,
  authMember,
  authOrganization,
  authUser,
  bankTransfers,
  creditAccounts,
  invoices,
  orderDrafts,
  orders,
  refunds,
  transferReceipts,
} from "#db/schema";
import { completeDraftData } from "../../../tests/setup/complete-draft";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { pdfText } from "../../../tests/setup/pdf-text";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser } from "../../../tests/setup/users";
import type { AccountsContext } from "../accounts/auth.server";
import { cancelOrder } from "../admin/cancel-order.server";
import { refundOrder } from "../admin/refunds.server";
import { markTransferReceived } from "../admin/transfer-received.server";
import { runBankTransferTasks } from "../admin/bank-transfer-tasks.server";
import { needsAttention } from "../admin/needs-attention.server";
import { loadOrderDocument } from "../documents/invoices.server";
import { runDueJobs } from "../edge/job-worker.server";
import { placeBankTransferOrder, placeOrderOnAccount } from "./bank-transfers.server";
import {
  applyForCredit,
  creditAccountForStaff,
  creditPage,
  decideCreditAccount,
  organisationStatement,
  paymentStepAccount,
  runAccountReminders,
  statementDownload,
} from "./credit-accounts.server";

// Decision 085: accounts on credit terms, from the application to the statement and its reminders.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
let ctx: AccountsContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  await smtp.clear();
});

/**
 * Thu 26 Nov 2026, 10:00 in London. With 30 days' terms an invoice is due on Sat 26 Dec, which
 * moves past Sunday and the Boxing Day holiday (Mon 28 Dec, in lieu) to Tue 29 Dec 2026.
 */
const PLACED = new Date("2026-11-26T10:00:00Z");
const TODAY = "2026-11-26";
const DUE = "2026-12-29";

const APPLICATION = {
  company_name: "Acme Events Ltd",
  company_number: "01234567",
  accounts_email: "accounts@acme-events.example",
  phone: "",
  monthly_spend: "2,000",
  requested_limit: "5000",
  agree: "yes",
};

async function person(name: string) {
  const email = `${name}-${Math.random().toString(36).slice(2)}@acme.co`;
  const user = await createSignedInUser(handle, email);
  await handle.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, user.userId));
  return { ...user, email };
}

/** An organisation with `owner` (its owner) and `others` (members). */
async function organisationOf(owner: string, others: string[] = []) {
  const id = `org-${randomUUID()}`;
  await handle.db.insert(authOrganization).values({ id, name: "Acme Events", slug: id, createdAt: new Date() });
  await handle.db.insert(authMember).values(
    [owner, ...others].map((userId, i) => ({
      id: `${id}-m${i}`,
      organizationId: id,
      userId,
      role: i === 0 ? "owner" : "member",
      createdAt: new Date(),
    })),
  );
  return id;
}

async function staffMember() {
  const user = await person("staff");
  return { id: user.userId, name: "Sam Staff", email: user.email };
}

/** An organisation whose owner applied and staff approved with `limit` pounds and 30 days. */
async function approvedOrganisation(limit = "500") {
  const owner = await person("owner");
  const member = await person("member");
  const organisationId = await organisationOf(owner.userId, [member.userId]);
  const applied = await applyForCredit(ctx, {
    userId: owner.userId,
    accountId: organisationId,
    fields: APPLICATION,
    now: PLACED,
  });
  if (!applied.ok) throw new Error(applied.message);
  const staff = await staffMember();
  const approved = await decideCreditAccount(ctx, {
    staff,
    organisationId,
    fields: { version: "1", decision: "approve", limit, terms: "30", note: "" },
    now: PLACED,
  });
  if (!approved.ok) throw new Error(approved.message);
  return { owner, member, organisationId, staff };
}

/** A complete checkout of `userId` for the organisation. */
async function draftFor(userId: string, accountId: string) {
  const data = draftDataSchema.parse(completeDraftData());
  const [row] = await handle.db
    .insert(orderDrafts)
    .values({ accountId, userId, productId: "8", status: "shipping_done", data })
    .returning({ id: orderDrafts.id });
  if (!row) throw new Error("no draft row");
  return row.id;
}

const placeOnAccount = async (userId: string, organisationId: string, now = PLACED) =>
  placeOrderOnAccount(ctx, {
    session: { user: { id: userId }, accountId: organisationId },
    draftId: await draftFor(userId, organisationId),
    productId: "8",
    now,
  });

async function orderRow(id: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("no order");
  return row;
}

describe("applying for an account", () => {
  it("is for an organisation's owner or admin, with every answer checked and kept on a refusal", async () => {
    const alone = await person("alone");
    expect(
      await applyForCredit(ctx, { userId: alone.userId, accountId: alone.userId, fields: APPLICATION, now: PLACED }),
    ).toMatchObject({ ok: false, status: 409, code: "ORGANISATION_NEEDED" });

    const owner = await person("owner");
    const member = await person("member");
    const organisationId = await organisationOf(owner.userId, [member.userId]);
    expect(
      await applyForCredit(ctx, { userId: member.userId, accountId: organisationId, fields: APPLICATION, now: PLACED }),
    ).toMatchObject({ ok: false, status: 403, code: "NOT_A_MANAGER" });

    const wrong = await applyForCredit(ctx, {
      userId: owner.userId,
      accountId: organisationId,
      fields: { ...APPLICATION, company_number: "123", agree: "" },
      now: PLACED,
    });
    expect(wrong).toMatchObject({ ok: false, status: 400 });
    expect(!wrong.ok && wrong.fieldErrors).toEqual({
      company_number: "Enter the 8-character Companies House number, e.g. 01234567 or SC123456.",
      agree: "Confirm that your organisation will pay each invoice within the terms we agree.",
    });

    expect(
      await applyForCredit(ctx, { userId: owner.userId, accountId: organisationId, fields: APPLICATION, now: PLACED }),
    ).toMatchObject({ ok: true });
    const [row] = await handle.db
      .select()
      .from(creditAccounts)
      .where(eq(creditAccounts.organizationId, organisationId));
    // "2,000" pounds a month is 200,000 pence; "5000" asked is 500,000 pence.
    expect(row).toMatchObject({
      status: "pending",
      companyName: "Acme Events Ltd",
      companyNumber: "01234567",
      monthlySpendPence: 200_000,
      requestedLimitPence: 500_000,
      appliedBy: owner.userId,
    });
    // Staff are told, and the same organisation cannot apply twice while it waits.
    const staffMail = (await smtp.delivered()).find((m) => m.subject.startsWith("Credit account application"));
    expect(staffMail?.text).toContain("Acme Events Ltd (company number 01234567) applied to pay on account");
    expect(
      await applyForCredit(ctx, { userId: owner.userId, accountId: organisationId, fields: APPLICATION, now: PLACED }),
    ).toMatchObject({ ok: false, status: 409, code: "ALREADY_APPLIED" });
    expect(
      await creditPage(handle.db, { userId: member.userId, accountId: organisationId, today: TODAY }),
    ).toMatchObject({
      state: "organisation",
      mayApply: false,
      account: { status: "pending" },
      statement: null,
    });
  });

  it("takes one application when two managers send theirs at once", async () => {
    const owner = await person("owner");
    const admin = await person("admin");
    const organisationId = await organisationOf(owner.userId, [admin.userId]);
    await handle.db.update(authMember).set({ role: "admin" }).where(eq(authMember.userId, admin.userId));
    const answers = await Promise.all(
      [owner, admin].map((who) =>
        applyForCredit(ctx, { userId: who.userId, accountId: organisationId, fields: APPLICATION, now: PLACED }),
      ),
    );
    expect(answers.map((answer) => answer.ok).sort()).toEqual([false, true]);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({ status: 409, code: "ALREADY_APPLIED" });
    expect(
      await handle.db.select().from(creditAccounts).where(eq(creditAccounts.organizationId, organisationId)),
    ).toHaveLength(1);
  });

  it("allows five applications a person an hour", async () => {
    const owner = await person("owner");
    const organisationId = await organisationOf(owner.userId);
    const wrong = { ...APPLICATION, company_name: "" };
    for (let i = 0; i < 5; i += 1)
      expect(
        await applyForCredit(ctx, { userId: owner.userId, accountId: organisationId, fields: wrong, now: PLACED }),
      ).toMatchObject({ status: 400 });
    expect(
      await applyForCredit(ctx, { userId: owner.userId, accountId: organisationId, fields: APPLICATION, now: PLACED }),
    ).toMatchObject({ ok: false, status: 429 });
  });
});

describe("staff's answer", () => {
  it("approves with a limit and terms from the version shown, e-mails the applicant and writes the audit log", async () => {
    const owner = await person("owner");
    const organisationId = await organisationOf(owner.userId);
    await applyForCredit(ctx, { userId: owner.userId, accountId: organisationId, fields: APPLICATION, now: PLACED });
    const staff = await staffMember();
    const decide = (fields: Record<string, string>) =>
      decideCreditAccount(ctx, { staff, organisationId, fields, now: PLACED });

    expect(await decide({ version: "1", decision: "approve", limit: "50", terms: "30" })).toMatchObject({
      status: 400,
      fieldErrors: { limit: "Enter a credit limit from £100.00 to £1,000,000.00." },
    });
    expect(await decide({ version: "1", decision: "approve", limit: "5000", terms: "31" })).toMatchObject({
      status: 400,
      fieldErrors: { terms: "Choose the terms: 7, 14, 30, 45, 60 days." },
    });
    expect(await decide({ version: "1", decision: "suspend", note: "No" })).toMatchObject({ status: 409 });
    expect(await decide({ version: "2", decision: "approve", limit: "5000", terms: "30" })).toMatchObject({
      status: 409,
      code: "STALE",
    });
    expect(await decide({ version: "1", decision: "approve", limit: "5000", terms: "30" })).toMatchObject({
      ok: true,
      message: `Acme Events Ltd's account is now "Approved".`,
    });
    const mail = (await smtp.delivered()).find((m) => m.subject === "Acme Events Ltd can pay on account");
    expect(mail?.to).toEqual([owner.email]);
    expect(mail?.text).toContain(
      "Acme Events Ltd's account is approved: £5,000.00 limit, 30 days from the invoice date.",
    );
    const [audit] = await handle.db.select().from(auditEvents).where(eq(auditEvents.subjectId, organisationId));
    expect(audit).toMatchObject({ action: "credit-account.approve", staffId: staff.id, subjectKind: "credit_account" });

    // Suspended with a reason the organisation reads; its page says so.
    expect(await decide({ version: "2", decision: "suspend", note: "" })).toMatchObject({
      status: 400,
      fieldErrors: { note: "Give the reason: the organisation is told it." },
    });
    expect(await decide({ version: "2", decision: "suspend", note: "Two invoices unpaid." })).toMatchObject({
      ok: true,
    });
    expect(
      await creditPage(handle.db, { userId: owner.userId, accountId: organisationId, today: TODAY }),
    ).toMatchObject({
      account: { status: "suspended", decisionNote: "Two invoices unpaid." },
    });
    expect(
      await decideCreditAccount(ctx, {
        staff,
        organisationId: "no-such-org",
        fields: { version: "1", decision: "suspend", note: "x" },
        now: PLACED,
      }),
    ).toMatchObject({ status: 404 });
  });

  it("declines an application with the reason, after which the organisation may apply again", async () => {
    const owner = await person("owner");
    const organisationId = await organisationOf(owner.userId);
    await applyForCredit(ctx, { userId: owner.userId, accountId: organisationId, fields: APPLICATION, now: PLACED });
    const staff = await staffMember();
    expect(
      await decideCreditAccount(ctx, {
        staff,
        organisationId,
        fields: { version: "1", decision: "decline", note: "Company incorporated last month." },
        now: PLACED,
      }),
    ).toMatchObject({ ok: true });
    const mail = (await smtp.delivered()).find((m) => m.subject === "Your account with us: Acme Events Ltd");
    expect(mail?.to).toEqual([owner.email]);
    expect(mail?.text).toContain("Reason: Company incorporated last month.");
    expect(
      await creditPage(handle.db, { userId: owner.userId, accountId: organisationId, today: TODAY }),
    ).toMatchObject({
      mayApply: true,
      account: { status: "declined", decisionNote: "Company incorporated last month." },
    });
    expect(
      await applyForCredit(ctx, { userId: owner.userId, accountId: organisationId, fields: APPLICATION, now: PLACED }),
    ).toMatchObject({ ok: true });
  });
});

describe("ordering on account", () => {
  it("is refused with the reason without an approved account", async () => {
    const owner = await person("owner");
    const organisationId = await organisationOf(owner.userId);
    expect(await placeOnAccount(owner.userId, organisationId)).toMatchObject({
      status: 409,
      code: "ON_ACCOUNT_REFUSED",
      message: "Your organisation does not have an account with us yet: apply on your account page.",
    });
    await applyForCredit(ctx, { userId: owner.userId, accountId: organisationId, fields: APPLICATION, now: PLACED });
    expect(await placeOnAccount(owner.userId, organisationId)).toMatchObject({
      status: 409,
      message: "Your organisation's application to pay on account is waiting for our answer.",
    });
    // A person on their own has no organisation to invoice.
    expect(
      await placeOrderOnAccount(ctx, {
        session: { user: { id: owner.userId } },
        draftId: await draftFor(owner.userId, owner.userId),
        productId: "8",
        now: PLACED,
      }),
    ).toMatchObject({ status: 409, code: "ORGANISATION_NEEDED" });
    expect(await handle.db.select().from(orders).where(eq(orders.accountId, organisationId))).toEqual([]);
  });

  it("invoices the order at once, due within the terms, makes it on approval, and refuses one past the limit", async () => {
    const { member, organisationId, staff } = await approvedOrganisation("500");
    // 50 caps × £5.50 = £275.00, first-order discount −£27.50, £18.00 standard, 20% VAT:
    // (£275.00 − £27.50 + £18.00) × 1.2 = £318.60.
    const first = await placeOnAccount(member.userId, organisationId);
    if (!first.ok) throw new Error(first.message);
    const order = await orderRow(first.orderId);
    expect(order).toMatchObject({ status: "on_account", onAccount: true, paidAt: null, totalPence: 31860 });
    const [transfer] = await handle.db.select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id));
    expect(transfer).toMatchObject({ proformaNumber: null, termsDays: 30, dueOn: DUE, amountPence: 31860 });
    const [invoice] = await handle.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.issuedAt).toEqual(PLACED);

    // The invoice says so and carries the bank details; it is e-mailed with the order.
    const document = await loadOrderDocument(handle.db, { orderId: order.id, kind: "invoice", reader: "staff" });
    expect(document?.facts).toContainEqual({
      label: "Payment",
      value: "On account: due by Tue, Dec 29, 2026 (30 days)",
    });
    expect(document?.bankTransferReference).toBe(order.number);
    await runDueJobs(ctx);
    const delivered = await smtp.delivered();
    expect(delivered.some((m) => m.subject.startsWith(`VAT invoice ${invoice?.number}`))).toBe(true);
    // The subject is folded as an encoded header (the pound sign): compared with its spaces evened out.
    expect(delivered.map((m) => m.subject.replace(/\s+/g, " "))).toContain(
      `Order ${order.number} placed on account: £318.60`,
    );

    // £500.00 − £318.60 = £181.40 left; a second order, with no first-order discount this time,
    // (£275.00 + £18.00) × 1.2 = £351.60, does not fit.
    expect(
      await paymentStepAccount(handle.db, { userId: member.userId, accountId: organisationId, now: PLACED }),
    ).toMatchObject({
      organisation: "Acme Events Ltd",
      standing: { status: "approved", limitPence: 50_000, owedPence: 31_860, overduePence: 0 },
    });
    expect(await placeOnAccount(member.userId, organisationId)).toMatchObject({
      status: 409,
      code: "ON_ACCOUNT_REFUSED",
      message:
        "This order (£351.60) is more than the £181.40 of credit left on Acme Events Ltd's account: its limit is £500.00 and £318.60 is still to pay. Please pay by card, or pay what is due to free up credit.",
    });

    // Paid on 10 Dec: it stays where it is, no second invoice, and the credit is back.
    const paid = await markTransferReceived(ctx, {
      staff,
      orderId: order.id,
      version: order.version,
      receivedPence: 31860,
      arrivedOn: "2026-12-10",
      now: new Date("2026-12-10T12:00:00Z"),
    });
    expect(paid).toMatchObject({ ok: true, status: "on_account" });
    expect(await handle.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect(await handle.db.select().from(transferReceipts).where(eq(transferReceipts.orderId, order.id))).toMatchObject(
      [{ amountPence: 31860, arrivedOn: "2026-12-10" }],
    );
    const second = await placeOnAccount(member.userId, organisationId, new Date("2026-12-10T12:00:00Z"));
    expect(second).toMatchObject({ ok: true });

    // The statement: £318.60 invoiced and paid, then £351.60 invoiced: £351.60 owed.
    const statement = await organisationStatement(handle.db, { organisationId, today: "2026-12-10" });
    expect(
      statement.entries.map((entry) => [entry.kind, entry.debitPence, entry.creditPence, entry.balancePence]),
    ).toEqual([
      ["invoice", 31860, 0, 31860],
      ["invoice", 35160, 0, 67020],
      ["payment", 0, 31860, 35160],
    ]);
    expect(statement.balancePence).toBe(35160);
  });

  it("stops when an invoice is overdue, and never expires it", async () => {
    const { member, organisationId } = await approvedOrganisation("5000");
    const first = await placeOnAccount(member.userId, organisationId);
    if (!first.ok) throw new Error(first.message);
    // 30 Dec is the day after the due date: the periodic pass of transfers leaves it alone.
    const late = new Date("2026-12-30T10:00:00Z");
    expect(await runBankTransferTasks(ctx, late)).toEqual({ reminded: 0, expired: 0 });
    expect(await orderRow(first.orderId)).toMatchObject({ status: "on_account" });
    // Staff see it on "Needs attention", with its account.
    const attention = await needsAttention(handle.db, late);
    expect(attention.overdueOnAccount.filter((each) => each.orderId === first.orderId)).toEqual([
      {
        orderId: first.orderId,
        orderNumber: expect.stringMatching(/^SS-/),
        organisationId,
        duePence: 31860,
        partPaidPence: 0,
        dueOn: DUE,
        overdueReminders: 0,
      },
    ]);
    expect(attention.partPaid.filter((each) => each.orderId === first.orderId)).toEqual([]);
    const refused = await placeOnAccount(member.userId, organisationId, late);
    expect(refused).toMatchObject({ status: 409, code: "ON_ACCOUNT_REFUSED" });
    expect(!refused.ok && refused.message).toMatch(
      /^Invoice INV-2026-\d{6} on Acme Events Ltd's account was due on Tue, Dec 29, 2026 and is not paid yet \(£318\.60 overdue\)\./,
    );
  });
});

describe("credits on an account", () => {
  it("credits what is left of an unpaid invoice when the order is cancelled, and a partial credit takes less off", async () => {
    const { member, organisationId, staff } = await approvedOrganisation("5000");
    const placed = await placeOnAccount(member.userId, organisationId);
    if (!placed.ok) throw new Error(placed.message);
    const order = await orderRow(placed.orderId);
    // A credit of £18.60 by amount: nothing paid back, the account owes £318.60 − £18.60 = £300.00.
    const credited = await refundOrder(ctx, {
      staff,
      orderId: order.id,
      fields: { version: String(order.version), by: "amount", amount: "18.60", reason: "Late proof" },
      now: PLACED,
    });
    expect(credited).toMatchObject({ ok: true });
    expect(credited.ok && credited.message).toMatch(/^Credited £18\.60 to the organisation's account\. Credit note/);
    const [credit] = await handle.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(credit).toMatchObject({ method: "account", status: "done", grossPence: 1860, paidBackOn: null });
    expect((await organisationStatement(handle.db, { organisationId, today: TODAY })).balancePence).toBe(30000);

    // Cancelled: the £300.00 left is credited in full, and nothing is owed.
    const now = await orderRow(order.id);
    const cancelled = await cancelOrder(ctx, {
      staff,
      orderId: order.id,
      fields: { intent: "cancel", version: now.version, reason: "Event postponed", refund: false },
      now: PLACED,
    });
    expect(cancelled).toMatchObject({ ok: true });
    const statement = await organisationStatement(handle.db, { organisationId, today: TODAY });
    expect(statement.balancePence).toBe(0);
    expect(statement.entries.map((entry) => [entry.kind, entry.creditPence])).toEqual([
      ["invoice", 0],
      ["credit_note", 1860],
      ["credit_note", 30000],
    ]);
    // Credited in full, the cancelled order ends "Refunded", as a card order does (decision 073).
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded" });
  });

  it("is paid once the payments reach the invoice less its credits, and never paid short", async () => {
    const { member, organisationId, staff } = await approvedOrganisation("5000");
    const placed = await placeOnAccount(member.userId, organisationId);
    if (!placed.ok) throw new Error(placed.message);
    const order = await orderRow(placed.orderId);
    const paidOn = new Date("2026-12-10T12:00:00Z");
    expect(
      await markTransferReceived(ctx, {
        staff,
        orderId: order.id,
        version: order.version,
        receivedPence: 30000,
        acceptShortfall: true,
        now: paidOn,
      }),
    ).toMatchObject({ ok: false, status: 409, code: "CREDIT_INSTEAD" });
    // £318.60 − £18.60 credited = £300.00 due; £300.00 arrives and the invoice is paid.
    await refundOrder(ctx, {
      staff,
      orderId: order.id,
      fields: { version: String(order.version), by: "amount", amount: "18.60", reason: "Late proof" },
      now: PLACED,
    });
    const credited = await orderRow(order.id);
    expect(
      await markTransferReceived(ctx, {
        staff,
        orderId: order.id,
        version: credited.version,
        receivedPence: 30000,
        arrivedOn: "2026-12-10",
        now: paidOn,
      }),
    ).toMatchObject({ ok: true, status: "on_account" });
    expect(await orderRow(order.id)).toMatchObject({ paidAt: paidOn });
    const statement = await organisationStatement(handle.db, { organisationId, today: "2026-12-10" });
    expect(statement.balancePence).toBe(0);
    expect(statement.items).toMatchObject([{ state: "paid", creditedPence: 1860, paidPence: 30000 }]);
  });
});

describe("reminders of invoices on account", () => {
  it("reminds 5 days before the due date, then the day after it and weekly, at most three times, each once", async () => {
    const { member, organisationId } = await approvedOrganisation("5000");
    const placed = await placeOnAccount(member.userId, organisationId);
    if (!placed.ok) throw new Error(placed.message);
    await runDueJobs(ctx);
    await smtp.clear();
    const at = (day: string) => new Date(`${day}T09:00:00Z`);
    expect(await runAccountReminders(ctx, at("2026-12-23"))).toEqual({ reminded: 0 });
    // 29 Dec less 5 days is 24 Dec.
    expect(await runAccountReminders(ctx, at("2026-12-24"))).toEqual({ reminded: 1 });
    expect(await runAccountReminders(ctx, at("2026-12-24"))).toEqual({ reminded: 0 });
    expect(await runAccountReminders(ctx, at("2026-12-30"))).toEqual({ reminded: 1 });
    expect(await runAccountReminders(ctx, at("2027-01-05"))).toEqual({ reminded: 0 });
    expect(await runAccountReminders(ctx, at("2027-01-06"))).toEqual({ reminded: 1 });
    expect(await runAccountReminders(ctx, at("2027-01-13"))).toEqual({ reminded: 1 });
    expect(await runAccountReminders(ctx, at("2027-02-13"))).toEqual({ reminded: 0 });
    await runDueJobs(ctx);
    const mails = await smtp.delivered();
    // Each reminder goes to the buyer and to the accounts address: 4 reminders, 8 mails.
    expect(mails).toHaveLength(8);
    expect(mails.filter((m) => m.to.includes("accounts@acme-events.example"))).toHaveLength(4);
    expect(mails.filter((m) => m.subject.startsWith("Overdue: invoice"))).toHaveLength(6);
  });
});

describe("the statement's PDF", () => {
  it("is for a member of the organisation, or staff; anyone else finds none", async () => {
    const { member, organisationId, staff } = await approvedOrganisation("5000");
    await placeOnAccount(member.userId, organisationId);
    const forMember = await statementDownload(ctx, {
      reader: { userId: member.userId, accountId: organisationId },
      today: TODAY,
    });
    expect(forMember).toBeInstanceOf(Response);
    const response = forMember as Response;
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="statement-acme-events-ltd-2026-11-26.pdf"',
    );
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain("Statement of account");
    expect(text).toContain("£318.60");

    const stranger = await person("stranger");
    const refused = await statementDownload(ctx, {
      reader: { userId: stranger.userId, accountId: organisationId },
      today: TODAY,
    });
    expect(refused).not.toBeInstanceOf(Response);
    expect((refused as { init: { status: number } }).init.status).toBe(404);
    const forStaff = await statementDownload(ctx, { reader: { staffId: staff.id, organisationId }, today: TODAY });
    expect((forStaff as Response).status).toBe(200);
    expect(await creditAccountForStaff(handle.db, { organisationId: "../etc", today: TODAY })).toBeNull();
  });
});

describe("bank transfer is unchanged", () => {
  it("still places a transfer with its pro-forma for an organisation without an account", async () => {
    const owner = await person("owner");
    const organisationId = await organisationOf(owner.userId);
    const placed = await placeBankTransferOrder(ctx, {
      session: { user: { id: owner.userId }, accountId: organisationId },
      draftId: await draftFor(owner.userId, organisationId),
      productId: "8",
      now: PLACED,
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "awaiting_transfer", onAccount: false });
    const [transfer] = await handle.db.select().from(bankTransfers).where(eq(bankTransfers.orderId, placed.orderId));
    expect(transfer?.proformaNumber).toMatch(/^PF-/);
    expect(transfer?.termsDays).toBeNull();
  });
});
