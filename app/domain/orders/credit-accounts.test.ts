import { describe, expect, it } from "vitest";
import {
  type AccountStanding,
  accountDueOn,
  accountReminder,
  availableCredit,
  isOrganisationId,
  onAccountPaymentText,
  onAccountRefusal,
  readApplication,
  readDecision,
  termsText,
  toCreditAccountStatus,
} from "./credit-accounts";

// Decision 085: accounts on credit terms.

const APPLICATION = {
  company_name: "Acme Events Ltd",
  company_number: "sc 123456",
  accounts_email: "accounts@acme.example",
  phone: "",
  monthly_spend: "£2,000",
  requested_limit: "",
  agree: "yes",
};

describe("the application", () => {
  it("reads a complete one, tidying the company number and the amounts", () => {
    expect(readApplication(APPLICATION)).toEqual({
      ok: true,
      value: {
        companyName: "Acme Events Ltd",
        companyNumber: "SC123456",
        accountsEmail: "accounts@acme.example",
        phone: "",
        // £2,000 a month is 200,000 pence; no limit asked for.
        monthlySpendPence: 200_000,
        requestedLimitPence: null,
      },
    });
    // £5,000.50 asked for is 500,050 pence.
    expect(readApplication({ ...APPLICATION, requested_limit: "5000.50", phone: "+44 20 7946 0000" })).toMatchObject({
      ok: true,
      value: { requestedLimitPence: 500_050, phone: "+44 20 7946 0000" },
    });
  });

  it("names every answer that needs changing", () => {
    expect(
      readApplication({
        company_name: "A",
        company_number: "1234",
        accounts_email: "accounts",
        phone: "call me",
        monthly_spend: "lots",
        requested_limit: "20000000",
      }),
    ).toEqual({
      ok: false,
      fieldErrors: {
        company_name: "Enter your company's registered name.",
        company_number: "Enter the 8-character Companies House number, e.g. 01234567 or SC123456.",
        accounts_email: "Enter the e-mail address your accounts team reads, e.g. accounts@company.co.uk.",
        phone: "Enter a phone number, or leave it empty.",
        monthly_spend: "Enter what you expect to spend a month, in pounds.",
        requested_limit: "Enter a limit in pounds up to £1,000,000.00, or leave it empty.",
        agree: "Confirm that your organisation will pay each invoice within the terms we agree.",
      },
    });
  });
});

describe("staff's decision", () => {
  it("approves with a limit between £100 and £1,000,000 and one of the terms", () => {
    // "5,000" pounds is 500,000 pence.
    expect(readDecision({ decision: "approve", limit: "5,000", terms: "30", note: "" })).toEqual({
      ok: true,
      value: { kind: "approve", limitPence: 500_000, termsDays: 30, note: "" },
    });
    expect(readDecision({ decision: "approve", limit: "99.99", terms: "30" })).toMatchObject({
      ok: false,
      fieldErrors: { limit: "Enter a credit limit from £100.00 to £1,000,000.00." },
    });
    expect(readDecision({ decision: "approve", limit: "1000000.01", terms: "7" })).toMatchObject({ ok: false });
    expect(readDecision({ decision: "approve", limit: "100", terms: "90" })).toMatchObject({
      ok: false,
      fieldErrors: { terms: "Choose the terms: 7, 14, 30, 45, 60 days." },
    });
    for (const terms of [7, 14, 30, 45, 60])
      expect(readDecision({ decision: "approve", limit: "100", terms: String(terms) })).toMatchObject({ ok: true });
  });

  it("declines or suspends only with a reason, and knows no other decision", () => {
    expect(readDecision({ decision: "decline", note: " " })).toMatchObject({
      ok: false,
      fieldErrors: { note: "Give the reason: the organisation is told it." },
    });
    expect(readDecision({ decision: "suspend", note: "Overdue twice" })).toEqual({
      ok: true,
      value: { kind: "suspend", note: "Overdue twice" },
    });
    expect(readDecision({ decision: "close", note: "x" })).toMatchObject({ ok: false });
    expect(readDecision({ decision: "decline", note: "x".repeat(1001) })).toMatchObject({ ok: false });
  });
});

describe("dates", () => {
  it("makes an invoice due the terms' days after it, on a working day", () => {
    // Thu 26 Nov 2026 + 30 days = Sat 26 Dec; Mon 28 Dec is Boxing Day's holiday in lieu: Tue 29 Dec.
    expect(accountDueOn(new Date("2026-11-26T10:00:00Z"), 30)).toBe("2026-12-29");
    // Mon 2 Nov 2026 + 14 days = Mon 16 Nov, a working day.
    expect(accountDueOn(new Date("2026-11-02T10:00:00Z"), 14)).toBe("2026-11-16");
    // 23:30 on 30 Nov in London is still 30 Nov: + 7 days = Mon 7 Dec.
    expect(accountDueOn(new Date("2026-11-30T23:30:00Z"), 7)).toBe("2026-12-07");
  });

  it("reminds five days before the due date, then the day after it and weekly, three times at most", () => {
    const invoice = { dueOn: "2026-12-29", remindedAt: null, overdueReminders: 0, settled: false };
    expect(accountReminder(invoice, "2026-12-23")).toBeNull();
    expect(accountReminder(invoice, "2026-12-24")).toBe("before");
    expect(accountReminder({ ...invoice, remindedAt: new Date() }, "2026-12-29")).toBeNull();
    expect(accountReminder({ ...invoice, remindedAt: new Date() }, "2026-12-30")).toBe("overdue");
    expect(accountReminder({ ...invoice, overdueReminders: 1 }, "2027-01-05")).toBeNull();
    expect(accountReminder({ ...invoice, overdueReminders: 1 }, "2027-01-06")).toBe("overdue");
    expect(accountReminder({ ...invoice, overdueReminders: 2 }, "2027-01-13")).toBe("overdue");
    expect(accountReminder({ ...invoice, overdueReminders: 3 }, "2027-06-01")).toBeNull();
    expect(accountReminder({ ...invoice, settled: true }, "2026-12-30")).toBeNull();
    // An invoice first seen past its due date gets the overdue reminder, not the one before.
    expect(accountReminder(invoice, "2027-01-02")).toBe("overdue");
  });
});

describe("ordering on account", () => {
  const approved: AccountStanding = {
    status: "approved",
    limitPence: 500_000,
    termsDays: 30,
    owedPence: 300_000,
    overduePence: 0,
    oldestOverdue: null,
  };
  const order = (totalPence: number) => ({ totalPence, organisation: "Acme Events Ltd" });

  it("leaves the limit less what is owed, never less than nothing", () => {
    // £5,000.00 − £3,000.00 = £2,000.00.
    expect(availableCredit(approved)).toBe(200_000);
    expect(availableCredit({ limitPence: 100_000, owedPence: 150_000 })).toBe(0);
  });

  it("takes an order that fits in what is left, to the penny", () => {
    expect(onAccountRefusal(approved, order(200_000))).toBeNull();
  });

  it("refuses one past what is left, naming the limit and what is owed", () => {
    // £3,000.00 ordered against £2,000.00 left.
    expect(onAccountRefusal(approved, order(300_000))).toBe(
      "This order (£3,000.00) is more than the £2,000.00 of credit left on Acme Events Ltd's account: its limit is £5,000.00 and £3,000.00 is still to pay. Please pay by card, or pay what is due to free up credit.",
    );
    expect(onAccountRefusal(approved, order(200_001))).not.toBeNull();
  });

  it("refuses while an invoice is overdue, whatever is left", () => {
    expect(
      onAccountRefusal(
        {
          ...approved,
          overduePence: 31_860,
          oldestOverdue: { invoiceNumber: "INV-2026-000001", dueOn: "2026-12-29" },
        },
        order(100),
      ),
    ).toBe(
      "Invoice INV-2026-000001 on Acme Events Ltd's account was due on Tue, Dec 29, 2026 and is not paid yet (£318.60 overdue). Once it is paid you can order on account again; meanwhile please pay by card.",
    );
  });

  it("refuses without an approved account, saying which", () => {
    expect(onAccountRefusal(null, order(100))).toBe(
      "Your organisation does not have an account with us yet: apply on your account page.",
    );
    expect(onAccountRefusal({ ...approved, status: "pending" }, order(100))).toBe(
      "Your organisation's application to pay on account is waiting for our answer.",
    );
    expect(onAccountRefusal({ ...approved, status: "declined" }, order(100))).toBe(
      "Your organisation's application to pay on account was declined: please pay by card.",
    );
    expect(onAccountRefusal({ ...approved, status: "suspended" }, order(100))).toBe(
      "Ordering on account is suspended for your organisation: please pay by card, or write to us.",
    );
  });
});

describe("words and names", () => {
  it("says the terms and the payment of an invoice on account", () => {
    expect(termsText(500_000, 30)).toBe("£5,000.00 limit, 30 days from the invoice date");
    expect(onAccountPaymentText({ dueOn: "2026-12-29", termsDays: 30, paidOn: null })).toBe(
      "On account: due by Tue, Dec 29, 2026 (30 days)",
    );
    expect(onAccountPaymentText({ dueOn: "2026-12-29", termsDays: 30, paidOn: "Thu, Dec 10, 2026" })).toBe(
      "Paid on account on Thu, Dec 10, 2026",
    );
  });

  it("takes an organisation's id only as better-auth writes them", () => {
    expect(isOrganisationId("org-2f6c_A9")).toBe(true);
    expect(isOrganisationId("../etc")).toBe(false);
    expect(isOrganisationId("")).toBe(false);
    expect(isOrganisationId(undefined)).toBe(false);
    expect(isOrganisationId("x".repeat(65))).toBe(false);
  });

  it("reads back only the statuses it writes", () => {
    expect(toCreditAccountStatus("approved")).toBe("approved");
    expect(() => toCreditAccountStatus("closed")).toThrow('credit_accounts holds an unknown status "closed"');
  });
});
