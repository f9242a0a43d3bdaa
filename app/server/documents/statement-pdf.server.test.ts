import { describe, expect, it } from "vitest";
import { addDays } from "~/domain/core/dates";
import {
  buildStatement,
  type StatementCredit,
  type StatementInvoice,
  type StatementPayment,
  type StatementRefund,
} from "~/domain/orders/account-statement";
import { BUSINESS_SAMPLES, businessProfile } from "~/domain/people/business-variables";
import { oneLine, pdfText } from "../../../tests/setup/pdf-text";
import { renderStatementPdf, type StatementPdfInput } from "./statement-pdf.server";

// Decision 019: the tests read the PDF's own text back.

const business = {
  ...businessProfile(BUSINESS_SAMPLES),
  legalName: "Swag Studio Ltd",
  companyNumber: "SC123456",
  registeredOffice: ["4 Print Works", "Glasgow", "G1 1AA"],
  bank: {
    accountName: "Swag Studio Ltd",
    sortCode: "04-00-04",
    accountNumber: "12345678",
    iban: "GB33BUKB20201555555555",
  },
};

const TODAY = "2026-12-01";
const CUSTOMER = { name: "Acme Ltd", lines: ["Accounts payable", "1 Engine Street", "London", "N1 9GU"] };
const ACCOUNT = { limitPence: 500_000, termsDays: 30 };

const invoice = (n: number, issuedOn: string, dueOn: string, grossPence: number, poRef: string | null = null) =>
  ({
    orderNumber: `SS-000${100 + n}`,
    invoiceNumber: `INV-2026-${String(n).padStart(6, "0")}`,
    issuedOn,
    dueOn,
    grossPence,
    poRef,
  }) satisfies StatementInvoice;
const on = (of: StatementInvoice) => ({ invoiceNumber: of.invoiceNumber, orderNumber: of.orderNumber });

async function render(
  rows: {
    invoices?: StatementInvoice[];
    credits?: StatementCredit[];
    payments?: StatementPayment[];
    refunds?: StatementRefund[];
  },
  extra: Partial<StatementPdfInput> = {},
) {
  const statement = buildStatement({
    invoices: rows.invoices ?? [],
    credits: rows.credits ?? [],
    payments: rows.payments ?? [],
    refunds: rows.refunds ?? [],
    today: TODAY,
  });
  return pdfText(
    await renderStatementPdf({ statement, customer: CUSTOMER, account: ACCOUNT, today: TODAY, ...extra }, business),
  );
}

/**
 * The worked account of account-statement.test.ts, on Tue 1 Dec 2026: INV-2026-000005 (£360.00) paid,
 * credited £60.00 and the £60.00 sent back; INV-2026-000001 (£1,200.00) paid; INV-2026-000002 (£600.00)
 * credited £100.00, £200.00 paid, £300.00 owed and 78 days overdue; INV-2026-000003 (£480.00) 31 days
 * overdue; INV-2026-000004 (£240.00) due 10 Dec.
 */
const INV1 = invoice(1, "2026-08-01", "2026-08-31", 120_000, "PO-17");
const INV2 = invoice(2, "2026-08-15", "2026-09-14", 60_000);
const INV3 = invoice(3, "2026-10-01", "2026-10-31", 48_000, "ABC-1");
const INV4 = invoice(4, "2026-11-10", "2026-12-10", 24_000);
const INV5 = invoice(5, "2026-06-01", "2026-07-01", 36_000);
const WORKED = {
  invoices: [INV1, INV2, INV3, INV4, INV5],
  credits: [
    { ...on(INV2), creditNoteNumber: "CN-2026-000001", issuedOn: "2026-09-01", grossPence: 10_000 },
    { ...on(INV5), creditNoteNumber: "CN-2026-000002", issuedOn: "2026-07-15", grossPence: 6_000 },
  ],
  payments: [
    { ...on(INV5), receivedOn: "2026-06-20", amountPence: 36_000 },
    { ...on(INV1), receivedOn: "2026-08-20", amountPence: 120_000 },
    { ...on(INV2), receivedOn: "2026-09-10", amountPence: 20_000 },
  ],
  refunds: [{ ...on(INV5), paidBackOn: "2026-07-20", amountPence: 6_000, reference: "BACS-991" }],
};

describe("renderStatementPdf", () => {
  it("heads the statement with the seller, the account's standing and whom it is for", async () => {
    const text = oneLine(await render(WORKED));
    for (const expected of [
      "Swag Studio Ltd 4 Print Works Glasgow G1 1AA",
      "Statement of account",
      "Date Tue, Dec 1, 2026",
      "Account Acme Ltd",
      // 500,000 pence.
      "Credit limit £5,000.00",
      "Terms 30 days from the invoice date",
      // 30,000 + 48,000 + 24,000 = 102,000 owed.
      "Balance due £1,020.00",
      // 30,000 + 48,000 = 78,000 past its due date.
      "Overdue £780.00",
      "STATEMENT FOR Acme Ltd Accounts payable 1 Engine Street London N1 9GU",
      "Registered in Scotland, company number SC123456",
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).not.toContain("In credit");
  });

  it("prints every entry with its debit or credit and the running balance", async () => {
    const text = oneLine(await render(WORKED));
    expect(text).toContain("Date Type Reference Order Debit Credit Balance");
    const rows = [
      // 0 + 36,000 = £360.00.
      "Mon, Jun 1, 2026 Invoice INV-2026-000005 SS-000105 £360.00 £360.00 Invoice for order SS-000105",
      // 36,000 − 36,000 = £0.00.
      "Sat, Jun 20, 2026 Payment INV-2026-000005 SS-000105 £360.00 £0.00 Payment received, thank you",
      // 0 − 6,000 = −£60.00: in credit.
      "Wed, Jul 15, 2026 Credit note CN-2026-000002 SS-000105 £60.00 -£60.00 Credit note against INV-2026-000005",
      // −6,000 + 6,000 = £0.00.
      "Mon, Jul 20, 2026 Refund INV-2026-000005 SS-000105 £60.00 £0.00 Refund paid (reference: BACS-991)",
      // 0 + 120,000 = £1,200.00.
      "Sat, Aug 1, 2026 Invoice INV-2026-000001 SS-000101 £1,200.00 £1,200.00 Invoice for order SS-000101 (PO: PO-17)",
      // 120,000 + 60,000 = £1,800.00.
      "Sat, Aug 15, 2026 Invoice INV-2026-000002 SS-000102 £600.00 £1,800.00 Invoice for order SS-000102",
      // 180,000 − 120,000 = £600.00.
      "Thu, Aug 20, 2026 Payment INV-2026-000001 SS-000101 £1,200.00 £600.00 Payment received, thank you",
      // 60,000 − 10,000 = £500.00.
      "Tue, Sep 1, 2026 Credit note CN-2026-000001 SS-000102 £100.00 £500.00 Credit note against INV-2026-000002",
      // 50,000 − 20,000 = £300.00.
      "Thu, Sep 10, 2026 Payment INV-2026-000002 SS-000102 £200.00 £300.00 Payment received, thank you",
      // 30,000 + 48,000 = £780.00.
      "Thu, Oct 1, 2026 Invoice INV-2026-000003 SS-000103 £480.00 £780.00 Invoice for order SS-000103 (PO: ABC-1)",
      // 78,000 + 24,000 = £1,020.00.
      "Tue, Nov 10, 2026 Invoice INV-2026-000004 SS-000104 £240.00 £1,020.00 Invoice for order SS-000104",
    ];
    expect(text).toContain(rows.join(" "));
  });

  it("prints what is owed by age, and the invoices still to pay with how late they are", async () => {
    const text = oneLine(await render(WORKED));
    // Not due: INV-2026-000004's £240.00; 31–60: INV-2026-000003's £480.00; 61–90: INV-2026-000002's £300.00.
    expect(text).toContain(
      "Outstanding by age Not yet due 1–30 days 31–60 days 61–90 days Over 90 days £240.00 £0.00 £480.00 £300.00 £0.00",
    );
    const open = text.slice(text.indexOf("Open invoices"));
    expect(open).toMatch(/^Open invoices Invoice Order PO reference Due Outstanding INV-2026-000002/);
    const rows = [
      // 60,000 − 10,000 − 20,000 = £300.00, 78 days after 14 Sep.
      "INV-2026-000002 SS-000102 Mon, Sep 14, 2026 £300.00 Overdue by 78 days",
      // 48,000 unpaid, 31 days after 31 Oct.
      "INV-2026-000003 SS-000103 ABC-1 Sat, Oct 31, 2026 £480.00 Overdue by 31 days",
      // 24,000 unpaid, due 10 Dec.
      "INV-2026-000004 SS-000104 Thu, Dec 10, 2026 £240.00 Not yet due",
    ];
    for (const row of rows) expect(open).toContain(row);
    expect(rows.map((row) => open.indexOf(row))).toEqual(rows.map((row) => open.indexOf(row)).sort((a, b) => a - b));
    // The paid invoices are not listed as open.
    expect(open).not.toContain("INV-2026-000001");
    expect(open).not.toContain("INV-2026-000005");
    expect(open).toContain(
      "Pay by bank transfer Account name: Swag Studio Ltd Sort code: 04-00-04 Account number: 12345678 IBAN: GB33BUKB20201555555555 Payment reference: the invoice numbers you are paying",
    );
  });

  it("says 'Overdue by 1 day' and 'Due today'", async () => {
    // £50.00 due yesterday and £70.00 due today, both unpaid: £120.00 due, £50.00 of it overdue.
    const text = oneLine(
      await render({
        invoices: [invoice(1, "2026-10-31", "2026-11-30", 5_000), invoice(2, "2026-11-01", "2026-12-01", 7_000)],
      }),
    );
    expect(text).toContain("£50.00 Overdue by 1 day INV-2026-000002");
    expect(text).toContain("£70.00 Due today");
    expect(text).toContain("Balance due £120.00");
    expect(text).toContain("Overdue £50.00");
  });

  it("shows an account in credit as in credit, with nothing to pay", async () => {
    // £100.00 invoiced and paid, then £25.00 credited: 10,000 − 10,000 − 2,500 = −2,500, in credit £25.00.
    const inv = invoice(1, "2026-09-01", "2026-10-01", 10_000);
    const text = oneLine(
      await render({
        invoices: [inv],
        payments: [{ ...on(inv), receivedOn: "2026-09-20", amountPence: 10_000 }],
        credits: [{ ...on(inv), creditNoteNumber: "CN-2026-000004", issuedOn: "2026-10-15", grossPence: 2_500 }],
      }),
    );
    expect(text).toContain("In credit £25.00");
    expect(text).not.toContain("Balance due");
    expect(text).toContain("Overdue £0.00");
    expect(text).toContain("Thu, Oct 15, 2026 Credit note CN-2026-000004 SS-000101 £25.00 -£25.00");
    expect(text).toContain("Open invoices No invoice is waiting to be paid.");
    expect(text).not.toContain("Pay by bank transfer");
  });

  it("says nothing has been invoiced when the account is new", async () => {
    const text = oneLine(await render({}));
    expect(text).toContain("Statement of account");
    expect(text).toContain("Balance due £0.00");
    expect(text).toContain("Overdue £0.00");
    expect(text).toContain("STATEMENT FOR Acme Ltd");
    expect(text).toContain("Nothing has been invoiced on account yet.");
    expect(text).not.toContain("Date Type Reference");
    expect(text).not.toContain("Open invoices");
    expect(text).not.toContain("Pay by bank transfer");
    expect(text).toContain("Page 1 of 1");
  });

  it("carries a long account over pages, repeating the table's head and numbering every page", async () => {
    // 35 invoices of £100.00, one every other day from 1 Jan 2026, each paid the next day: 70 entries,
    // the balance £100.00 after each invoice and £0.00 after each payment.
    const invoices = Array.from({ length: 35 }, (_, i) =>
      invoice(i + 1, addDays("2026-01-01", i * 2), addDays("2026-01-31", i * 2), 10_000),
    );
    const payments = invoices.map((inv) => ({ ...on(inv), receivedOn: addDays(inv.issuedOn, 1), amountPence: 10_000 }));
    const text = await render({ invoices, payments });
    const pages = text.split("\f");
    expect(pages.length).toBeGreaterThan(1);
    expect(oneLine(pages[1]!)).toContain("Page 2 of");
    pages.forEach((page, index) => {
      expect(oneLine(page)).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(oneLine(page)).toContain("Registered in Scotland");
    });
    const withEntries = pages.map(oneLine).filter((page) => /INV-2026-\d+ SS-\d+ £100\.00/.test(page));
    expect(withEntries.length).toBeGreaterThan(1);
    for (const page of withEntries) expect(page).toContain("Date Type Reference Order Debit Credit Balance");
    const all = oneLine(text);
    // The 35th invoice, issued 1 Jan + 68 days (30 to 31 Jan, 28 in Feb, 10 in Mar) = Tue 10 Mar, paid Wed 11 Mar.
    expect(all).toContain("Tue, Mar 10, 2026 Invoice INV-2026-000035 SS-000135 £100.00 £100.00");
    expect(all).toContain("Wed, Mar 11, 2026 Payment INV-2026-000035 SS-000135 £100.00 £0.00");
    expect(all).toContain("Balance due £0.00");
    for (const inv of invoices)
      expect(all).toContain(`Invoice ${inv.invoiceNumber} ${inv.orderNumber} £100.00 £100.00`);
  });
});
