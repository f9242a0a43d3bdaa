import { describe, expect, it } from "vitest";
import {
  ageingBucket,
  buildStatement,
  STATEMENT_KIND_LABELS,
  type StatementCredit,
  type StatementInvoice,
  type StatementPayment,
  type StatementRefund,
  statementFileName,
} from "./account-statement";

const TODAY = "2026-12-01";

const invoice = (number: number, issuedOn: string, dueOn: string, grossPence: number, poRef: string | null = null) =>
  ({
    orderNumber: `SS-000${100 + number}`,
    invoiceNumber: `INV-2026-00000${number}`,
    issuedOn,
    dueOn,
    grossPence,
    poRef,
  }) satisfies StatementInvoice;
const credit = (of: StatementInvoice, creditNoteNumber: string, issuedOn: string, grossPence: number) =>
  ({
    invoiceNumber: of.invoiceNumber,
    orderNumber: of.orderNumber,
    creditNoteNumber,
    issuedOn,
    grossPence,
  }) satisfies StatementCredit;
const payment = (of: StatementInvoice, receivedOn: string, amountPence: number) =>
  ({
    invoiceNumber: of.invoiceNumber,
    orderNumber: of.orderNumber,
    receivedOn,
    amountPence,
  }) satisfies StatementPayment;
const refund = (of: StatementInvoice, paidBackOn: string, amountPence: number, reference: string | null = null) =>
  ({
    invoiceNumber: of.invoiceNumber,
    orderNumber: of.orderNumber,
    paidBackOn,
    amountPence,
    reference,
  }) satisfies StatementRefund;

const statement = (rows: {
  invoices?: StatementInvoice[];
  credits?: StatementCredit[];
  payments?: StatementPayment[];
  refunds?: StatementRefund[];
  today?: string;
}) =>
  buildStatement({
    invoices: rows.invoices ?? [],
    credits: rows.credits ?? [],
    payments: rows.payments ?? [],
    refunds: rows.refunds ?? [],
    today: rows.today ?? TODAY,
  });

/**
 * The worked account, on Tue 1 Dec 2026:
 * - INV-2026-000005 (SS-000105), 1 Jun, £360.00, paid 20 Jun; credit note CN-2026-000002 of £60.00 on
 *   15 Jul and the £60.00 sent back on 20 Jul (BACS-991): credited £60.00, paid £360.00 − £60.00 = £300.00,
 *   outstanding £360.00 − £60.00 − £300.00 = £0.00.
 * - INV-2026-000001 (SS-000101, PO-17), 1 Aug, due 31 Aug, £1,200.00, paid in full on 20 Aug.
 * - INV-2026-000002 (SS-000102), 15 Aug, due 14 Sep, £600.00; credit note CN-2026-000001 of £100.00 on
 *   1 Sep, £200.00 paid on 10 Sep: outstanding £600.00 − £100.00 − £200.00 = £300.00, overdue
 *   16 (to 30 Sep) + 31 (Oct) + 30 (Nov) + 1 = 78 days.
 * - INV-2026-000003 (SS-000103, ABC-1), 1 Oct, due 31 Oct, £480.00, unpaid: overdue 31 days.
 * - INV-2026-000004 (SS-000104), 10 Nov, due 10 Dec, £240.00, unpaid: not yet due.
 */
const INV1 = invoice(1, "2026-08-01", "2026-08-31", 120_000, "PO-17");
const INV2 = invoice(2, "2026-08-15", "2026-09-14", 60_000);
const INV3 = invoice(3, "2026-10-01", "2026-10-31", 48_000, "ABC-1");
const INV4 = invoice(4, "2026-11-10", "2026-12-10", 24_000);
const INV5 = invoice(5, "2026-06-01", "2026-07-01", 36_000);
const WORKED = {
  // Given out of order: the statement sorts them.
  invoices: [INV3, INV1, INV5, INV4, INV2],
  credits: [credit(INV2, "CN-2026-000001", "2026-09-01", 10_000), credit(INV5, "CN-2026-000002", "2026-07-15", 6_000)],
  payments: [
    payment(INV2, "2026-09-10", 20_000),
    payment(INV1, "2026-08-20", 120_000),
    payment(INV5, "2026-06-20", 36_000),
  ],
  refunds: [refund(INV5, "2026-07-20", 6_000, "BACS-991")],
};

describe("the statement's entries", () => {
  it("lists every invoice, credit note, payment and refund by date with the running balance", () => {
    const { entries } = statement(WORKED);
    expect(entries.map((e) => [e.date, e.kind, e.reference, e.debitPence, e.creditPence, e.balancePence])).toEqual([
      // £360.00 invoiced: owes £360.00.
      ["2026-06-01", "invoice", "INV-2026-000005", 36_000, 0, 36_000],
      // £360.00 paid: 36,000 − 36,000 = 0.
      ["2026-06-20", "payment", "INV-2026-000005", 0, 36_000, 0],
      // £60.00 credited on a paid invoice: 0 − 6,000 = −6,000, in credit £60.00.
      ["2026-07-15", "credit_note", "CN-2026-000002", 0, 6_000, -6_000],
      // The £60.00 sent back: −6,000 + 6,000 = 0.
      ["2026-07-20", "refund", "INV-2026-000005", 6_000, 0, 0],
      // 0 + 120,000 = 120,000.
      ["2026-08-01", "invoice", "INV-2026-000001", 120_000, 0, 120_000],
      // 120,000 + 60,000 = 180,000.
      ["2026-08-15", "invoice", "INV-2026-000002", 60_000, 0, 180_000],
      // 180,000 − 120,000 = 60,000.
      ["2026-08-20", "payment", "INV-2026-000001", 0, 120_000, 60_000],
      // 60,000 − 10,000 = 50,000.
      ["2026-09-01", "credit_note", "CN-2026-000001", 0, 10_000, 50_000],
      // 50,000 − 20,000 = 30,000.
      ["2026-09-10", "payment", "INV-2026-000002", 0, 20_000, 30_000],
      // 30,000 + 48,000 = 78,000.
      ["2026-10-01", "invoice", "INV-2026-000003", 48_000, 0, 78_000],
      // 78,000 + 24,000 = 102,000.
      ["2026-11-10", "invoice", "INV-2026-000004", 24_000, 0, 102_000],
    ]);
  });

  it("describes each entry in the words the statement prints, naming its order", () => {
    const { entries } = statement(WORKED);
    expect(entries.map((e) => [e.orderNumber, e.description])).toEqual([
      ["SS-000105", "Invoice for order SS-000105"],
      ["SS-000105", "Payment received, thank you"],
      ["SS-000105", "Credit note against INV-2026-000005"],
      ["SS-000105", "Refund paid (reference: BACS-991)"],
      ["SS-000101", "Invoice for order SS-000101 (PO: PO-17)"],
      ["SS-000102", "Invoice for order SS-000102"],
      ["SS-000101", "Payment received, thank you"],
      ["SS-000102", "Credit note against INV-2026-000002"],
      ["SS-000102", "Payment received, thank you"],
      ["SS-000103", "Invoice for order SS-000103 (PO: ABC-1)"],
      ["SS-000104", "Invoice for order SS-000104"],
    ]);
  });

  it("says only 'Refund paid' when the transfer back has no reference", () => {
    const inv = invoice(1, "2026-11-01", "2026-12-01", 10_000);
    const { entries } = statement({
      invoices: [inv],
      payments: [payment(inv, "2026-11-02", 10_000)],
      credits: [credit(inv, "CN-2026-000009", "2026-11-03", 10_000)],
      refunds: [refund(inv, "2026-11-04", 10_000)],
    });
    expect(entries.at(-1)?.description).toBe("Refund paid");
  });

  it("orders one day's entries as invoice, credit note, payment, refund, then by reference", () => {
    // Each invoice £100.00 on 2 Nov; INV-2026-000001 credited £20.00 and paid £100.00, £20.00 sent back.
    const a = invoice(1, "2026-11-02", "2026-12-02", 10_000);
    const b = invoice(2, "2026-11-02", "2026-12-02", 10_000);
    const { entries } = statement({
      invoices: [b, a],
      refunds: [refund(a, "2026-11-02", 2_000)],
      payments: [payment(a, "2026-11-02", 10_000)],
      credits: [credit(a, "CN-2026-000003", "2026-11-02", 2_000)],
    });
    expect(entries.map((e) => [e.kind, e.reference, e.balancePence])).toEqual([
      // 0 + 10,000 = 10,000.
      ["invoice", "INV-2026-000001", 10_000],
      // 10,000 + 10,000 = 20,000.
      ["invoice", "INV-2026-000002", 20_000],
      // 20,000 − 2,000 = 18,000.
      ["credit_note", "CN-2026-000003", 18_000],
      // 18,000 − 10,000 = 8,000.
      ["payment", "INV-2026-000001", 8_000],
      // 8,000 + 2,000 = 10,000: INV-2026-000002's £100.00.
      ["refund", "INV-2026-000001", 10_000],
    ]);
  });

  it("labels each kind of entry", () => {
    expect(STATEMENT_KIND_LABELS).toEqual({
      invoice: "Invoice",
      credit_note: "Credit note",
      payment: "Payment",
      refund: "Refund",
    });
  });

  it("leaves the caller's rows as they were", () => {
    const invoices = [INV3, INV1];
    statement({ invoices });
    expect(invoices).toEqual([INV3, INV1]);
  });
});

describe("what each invoice still owes", () => {
  it("takes credit notes and payments less refunds off each invoice, earliest invoice first", () => {
    const { items } = statement(WORKED);
    expect(
      items.map((i) => [i.invoiceNumber, i.creditedPence, i.paidPence, i.outstandingPence, i.daysOverdue, i.state]),
    ).toEqual([
      // 36,000 − 6,000 credited − (36,000 − 6,000 = 30,000 paid) = 0.
      ["INV-2026-000005", 6_000, 30_000, 0, 0, "paid"],
      // 120,000 − 0 − 120,000 = 0; paid before it fell due.
      ["INV-2026-000001", 0, 120_000, 0, 0, "paid"],
      // 60,000 − 10,000 − 20,000 = 30,000, 78 days after 14 Sep.
      ["INV-2026-000002", 10_000, 20_000, 30_000, 78, "overdue"],
      // 48,000 unpaid, 31 days after 31 Oct.
      ["INV-2026-000003", 0, 0, 48_000, 31, "overdue"],
      // 24,000 unpaid, due 10 Dec: not yet due.
      ["INV-2026-000004", 0, 0, 24_000, 0, "open"],
    ]);
    expect(items[1]).toEqual({
      invoiceNumber: "INV-2026-000001",
      orderNumber: "SS-000101",
      poRef: "PO-17",
      issuedOn: "2026-08-01",
      dueOn: "2026-08-31",
      grossPence: 120_000,
      creditedPence: 0,
      paidPence: 120_000,
      outstandingPence: 0,
      daysOverdue: 0,
      state: "paid",
    });
  });

  it("sorts invoices issued the same day by number", () => {
    const { items } = statement({
      invoices: [invoice(3, "2026-11-01", "2026-12-01", 100), invoice(1, "2026-11-01", "2026-12-01", 100)],
    });
    expect(items.map((i) => i.invoiceNumber)).toEqual(["INV-2026-000001", "INV-2026-000003"]);
  });

  it("is open on the day it falls due and overdue the day after", () => {
    const inv = invoice(1, "2026-10-02", "2026-12-01", 5_000);
    expect(statement({ invoices: [inv] }).items[0]).toMatchObject({ daysOverdue: 0, state: "open" });
    expect(statement({ invoices: [inv], today: "2026-12-02" }).items[0]).toMatchObject({
      daysOverdue: 1,
      state: "overdue",
    });
  });

  it("counts calendar days across a month, a year's end and a leap day", () => {
    // 20 Dec 2026 to 5 Jan 2027: 11 days to 31 Dec, then 5.
    expect(
      statement({ invoices: [invoice(1, "2026-11-20", "2026-12-20", 100)], today: "2027-01-05" }).items[0],
    ).toMatchObject({ daysOverdue: 16 });
    // Due 28 Feb 2028, on 1 Mar 2028: 29 Feb between, two days overdue.
    expect(
      statement({ invoices: [invoice(1, "2028-01-29", "2028-02-28", 100)], today: "2028-03-01" }).items[0],
    ).toMatchObject({ daysOverdue: 2 });
  });

  it("is never overdue once paid, however late it was", () => {
    const inv = invoice(1, "2026-01-01", "2026-01-31", 10_000);
    expect(statement({ invoices: [inv], payments: [payment(inv, "2026-06-01", 10_000)] }).items[0]).toMatchObject({
      outstandingPence: 0,
      daysOverdue: 0,
      state: "paid",
    });
  });

  it("owes nothing, not less than nothing, when overpaid, and the account shows the credit", () => {
    // Invoiced £100.00, paid £100.00, then credited £25.00: 10,000 − 2,500 − 10,000 = −2,500, owed 0.
    const inv = invoice(1, "2026-09-01", "2026-10-01", 10_000);
    const result = statement({
      invoices: [inv],
      payments: [payment(inv, "2026-09-20", 10_000)],
      credits: [credit(inv, "CN-2026-000004", "2026-10-15", 2_500)],
    });
    expect(result.items[0]).toMatchObject({ creditedPence: 2_500, paidPence: 10_000, outstandingPence: 0 });
    expect(result.items[0]?.state).toBe("paid");
    // 10,000 − 10,000 − 2,500 = −2,500: in credit £25.00.
    expect(result.balancePence).toBe(-2_500);
    expect(result.overduePence).toBe(0);
    expect(result.oldestOverdue).toBeNull();
  });

  it("owes again what was sent back without a credit note", () => {
    // Invoiced and paid £100.00, £30.00 sent back: paid 10,000 − 3,000 = 7,000, owes 10,000 − 7,000 = 3,000,
    // 61 days after 1 Oct (30 to 31 Oct, 30 in Nov, 1 in Dec).
    const inv = invoice(1, "2026-09-01", "2026-10-01", 10_000);
    const result = statement({
      invoices: [inv],
      payments: [payment(inv, "2026-09-05", 10_000)],
      refunds: [refund(inv, "2026-09-06", 3_000, "FPS-1")],
    });
    expect(result.items[0]).toMatchObject({ paidPence: 7_000, outstandingPence: 3_000, daysOverdue: 61 });
    expect(result.balancePence).toBe(3_000);
  });
});

describe("the account's totals", () => {
  it("adds up the balance, the overdue amount, the ageing and the oldest overdue invoice", () => {
    const result = statement(WORKED);
    // Debits 36,000 + 6,000 + 120,000 + 60,000 + 48,000 + 24,000 = 294,000;
    // credits 36,000 + 6,000 + 120,000 + 10,000 + 20,000 = 192,000; 294,000 − 192,000 = 102,000 (£1,020.00).
    expect(result.balancePence).toBe(102_000);
    // INV-2026-000002's 30,000 + INV-2026-000003's 48,000 = 78,000 (£780.00).
    expect(result.overduePence).toBe(78_000);
    expect(result.ageing).toEqual({
      notDuePence: 24_000,
      days1to30Pence: 0,
      days31to60Pence: 48_000,
      days61to90Pence: 30_000,
      over90Pence: 0,
    });
    expect(result.oldestOverdue?.invoiceNumber).toBe("INV-2026-000002");
    expect(result.oldestOverdue?.daysOverdue).toBe(78);
  });

  it("puts each overdue amount in its column, at the edges of each", () => {
    // Due dates 1, 30, 31, 60, 61, 90, 91 and 0 days before 1 Dec 2026; £1.00 to £8.00 owed on each.
    const dues = ["2026-11-30", "2026-11-01", "2026-10-31", "2026-10-02", "2026-10-01", "2026-09-02", "2026-09-01"];
    const invoices = [
      ...dues.map((dueOn, i) => invoice(i + 1, "2026-08-01", dueOn, (i + 1) * 100)),
      invoice(8, "2026-11-01", "2026-12-01", 800),
    ];
    const result = statement({ invoices });
    expect(result.items.map((i) => i.daysOverdue)).toEqual([1, 30, 31, 60, 61, 90, 91, 0]);
    expect(result.ageing).toEqual({
      // £8.00 due today.
      notDuePence: 800,
      // 1 and 30 days: 100 + 200 = 300.
      days1to30Pence: 300,
      // 31 and 60 days: 300 + 400 = 700.
      days31to60Pence: 700,
      // 61 and 90 days: 500 + 600 = 1,100.
      days61to90Pence: 1_100,
      // 91 days: 700.
      over90Pence: 700,
    });
    // Everything but the £8.00 due today: 300 + 700 + 1,100 + 700 = 2,800.
    expect(result.overduePence).toBe(2_800);
    // 100 + 200 + … + 800 = 3,600 owed, all of it the balance.
    expect(result.balancePence).toBe(3_600);
    expect(result.oldestOverdue?.invoiceNumber).toBe("INV-2026-000007");
  });

  it("names the ageing column for a number of days", () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      "notDuePence",
      "days1to30Pence",
      "days1to30Pence",
      "days31to60Pence",
      "days31to60Pence",
      "days61to90Pence",
      "days61to90Pence",
      "over90Pence",
      "over90Pence",
    ]);
  });

  it("names the earliest invoice number when two are as late", () => {
    const result = statement({
      invoices: [invoice(7, "2026-09-01", "2026-10-01", 100), invoice(6, "2026-09-02", "2026-10-01", 100)],
    });
    expect(result.oldestOverdue?.invoiceNumber).toBe("INV-2026-000006");
  });

  it("is empty, owing nothing, when nothing has been invoiced", () => {
    expect(statement({})).toEqual({
      entries: [],
      items: [],
      balancePence: 0,
      overduePence: 0,
      ageing: { notDuePence: 0, days1to30Pence: 0, days31to60Pence: 0, days61to90Pence: 0, over90Pence: 0 },
      oldestOverdue: null,
    });
  });
});

describe("rows the statement refuses", () => {
  it("refuses a credit, payment or refund against an invoice it was not given", () => {
    const stranger = invoice(9, "2026-11-01", "2026-12-01", 100);
    expect(() =>
      statement({ invoices: [INV1], credits: [credit(stranger, "CN-2026-000099", "2026-11-02", 100)] }),
    ).toThrow("Credit note CN-2026-000099 names invoice INV-2026-000009, which is not on the statement");
    expect(() => statement({ invoices: [INV1], payments: [payment(stranger, "2026-11-02", 100)] })).toThrow(
      "A payment names invoice INV-2026-000009, which is not on the statement",
    );
    expect(() => statement({ invoices: [INV1], refunds: [refund(stranger, "2026-11-02", 100)] })).toThrow(
      "A refund names invoice INV-2026-000009, which is not on the statement",
    );
  });

  it("refuses a row whose order is not its invoice's, and an invoice given twice", () => {
    expect(() =>
      statement({ invoices: [INV1], payments: [{ ...payment(INV1, "2026-08-20", 100), orderNumber: "SS-000999" }] }),
    ).toThrow("A payment names invoice INV-2026-000001 for order SS-000999, but that invoice is for order SS-000101");
    expect(() => statement({ invoices: [INV1, INV1] })).toThrow("Invoice INV-2026-000001 is listed twice");
  });

  it("refuses negative, fractional or non-numeric pence in every kind of row", () => {
    for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => statement({ invoices: [{ ...INV1, grossPence: bad }] })).toThrow(RangeError);
      expect(() => statement({ invoices: [INV1], credits: [credit(INV1, "CN-1", "2026-08-02", bad)] })).toThrow(
        RangeError,
      );
      expect(() => statement({ invoices: [INV1], payments: [payment(INV1, "2026-08-02", bad)] })).toThrow(RangeError);
      expect(() => statement({ invoices: [INV1], refunds: [refund(INV1, "2026-08-02", bad)] })).toThrow(RangeError);
    }
  });

  it("takes a zero amount", () => {
    expect(statement({ invoices: [{ ...INV1, grossPence: 0 }] }).items[0]?.state).toBe("paid");
  });

  it("refuses a date that is not a calendar date", () => {
    expect(() => statement({ today: "2026-02-30" })).toThrow(RangeError);
    expect(() => statement({ invoices: [{ ...INV1, dueOn: "31/08/2026" }] })).toThrow(RangeError);
    expect(() => statement({ invoices: [INV1], payments: [payment(INV1, "2026-8-20", 100)] })).toThrow(RangeError);
  });
});

describe("the statement's file name", () => {
  it("is the organisation's name in lower case with single hyphens, and the day", () => {
    expect(statementFileName("Acme Ltd", "2026-12-01")).toBe("statement-acme-ltd-2026-12-01.pdf");
    expect(statementFileName("  Smith & Sons (UK) Ltd. ", "2026-12-01")).toBe(
      "statement-smith-sons-uk-ltd-2026-12-01.pdf",
    );
    expect(statementFileName("Café Noël", "2026-12-01")).toBe("statement-cafe-noel-2026-12-01.pdf");
  });

  it("keeps at most 40 characters of the name, never ending on a hyphen", () => {
    // 'the-quite-extraordinarily-long-named-org' is 40 characters; the cut falls before '-anisation'.
    const name = "The Quite Extraordinarily Long Named Org Anisation Ltd";
    expect(statementFileName(name, "2026-12-01")).toBe(
      "statement-the-quite-extraordinarily-long-named-org-2026-12-01.pdf",
    );
    // A cut landing on a hyphen drops it: 'abcdefghij' × 3 + '-abcdefgh' is 39 characters, then '-'.
    expect(statementFileName(`${"abcdefghij".repeat(3)} abcdefgh jk`, "2026-12-01")).toBe(
      `statement-${"abcdefghij".repeat(3)}-abcdefgh-2026-12-01.pdf`,
    );
  });

  it("says 'account' when the name has no letters or digits", () => {
    expect(statementFileName("", "2026-12-01")).toBe("statement-account-2026-12-01.pdf");
    expect(statementFileName("!!! ***", "2026-12-01")).toBe("statement-account-2026-12-01.pdf");
  });

  it("refuses a day that is not a calendar date", () => {
    expect(() => statementFileName("Acme", "2026-13-01")).toThrow(RangeError);
  });
});
