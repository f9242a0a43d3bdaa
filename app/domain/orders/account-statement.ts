/**
 * An organisation's statement of account, for accounts on credit terms: it orders on account, is
 * invoiced at once and pays within its terms. From the invoices, the credit notes against them, the
 * payments received and the money sent back, the statement lists every entry with its running
 * balance, what each invoice still owes and since when, and what is owed by age, as the PDF and the
 * account's page print them. Nothing here reads a database: the caller hands the rows in.
 */
import { addDays, type IsoDate } from "../core/dates";
import { calendarDaysAfter } from "../fulfilment/guarantee";

export type StatementInvoice = {
  orderNumber: string;
  invoiceNumber: string;
  issuedOn: IsoDate;
  dueOn: IsoDate;
  grossPence: number;
  poRef: string | null;
};
export type StatementCredit = {
  invoiceNumber: string;
  orderNumber: string;
  creditNoteNumber: string;
  issuedOn: IsoDate;
  grossPence: number;
};
export type StatementPayment = { invoiceNumber: string; orderNumber: string; receivedOn: IsoDate; amountPence: number };
/** Money the shop sent back to the organisation (after a credit note on an invoice it had paid). */
export type StatementRefund = {
  invoiceNumber: string;
  orderNumber: string;
  paidBackOn: IsoDate;
  amountPence: number;
  reference: string | null;
};

export type StatementEntryKind = "invoice" | "credit_note" | "payment" | "refund";
export type StatementEntry = {
  date: IsoDate;
  kind: StatementEntryKind;
  reference: string;
  orderNumber: string;
  description: string;
  debitPence: number;
  creditPence: number;
  /** What the organisation owes once this entry is counted; negative when it is in credit. */
  balancePence: number;
};

export type StatementItemState = "paid" | "open" | "overdue";
export type StatementItem = {
  invoiceNumber: string;
  orderNumber: string;
  poRef: string | null;
  issuedOn: IsoDate;
  dueOn: IsoDate;
  grossPence: number;
  creditedPence: number;
  /** Payments received less the money sent back. */
  paidPence: number;
  outstandingPence: number;
  daysOverdue: number;
  state: StatementItemState;
};

export type StatementAgeing = {
  notDuePence: number;
  days1to30Pence: number;
  days31to60Pence: number;
  days61to90Pence: number;
  over90Pence: number;
};

export type AccountStatement = {
  entries: StatementEntry[];
  items: StatementItem[];
  balancePence: number;
  overduePence: number;
  ageing: StatementAgeing;
  oldestOverdue: StatementItem | null;
};

export const STATEMENT_KIND_LABELS: Record<StatementEntryKind, string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  payment: "Payment",
  refund: "Refund",
};

/** Same day: the invoice first, then what reduces it, then money sent back, so the balance reads as it happened. */
const KIND_ORDER: Record<StatementEntryKind, number> = { invoice: 0, credit_note: 1, payment: 2, refund: 3 };

/** A RangeError unless `iso` is a calendar date written YYYY-MM-DD. */
function checkDate(iso: IsoDate): void {
  addDays(iso, 0);
}

function checkPence(pence: number, what: string): void {
  if (!Number.isSafeInteger(pence) || pence < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of pence: ${pence}`);
  }
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildStatement(input: {
  invoices: readonly StatementInvoice[];
  credits: readonly StatementCredit[];
  payments: readonly StatementPayment[];
  refunds: readonly StatementRefund[];
  today: IsoDate;
}): AccountStatement {
  const { invoices, credits, payments, refunds, today } = input;
  checkDate(today);

  const invoiceByNumber = new Map<string, StatementInvoice>();
  for (const invoice of invoices) {
    checkPence(invoice.grossPence, `Invoice ${invoice.invoiceNumber}`);
    checkDate(invoice.issuedOn);
    checkDate(invoice.dueOn);
    if (invoiceByNumber.has(invoice.invoiceNumber)) {
      throw new Error(`Invoice ${invoice.invoiceNumber} is listed twice on the statement`);
    }
    invoiceByNumber.set(invoice.invoiceNumber, invoice);
  }
  /** The invoice a credit, payment or refund names; naming one the statement lacks is a fault in the caller's rows. */
  const invoiceOf = (row: { invoiceNumber: string; orderNumber: string }, what: string): StatementInvoice => {
    const invoice = invoiceByNumber.get(row.invoiceNumber);
    if (!invoice) throw new Error(`${what} names invoice ${row.invoiceNumber}, which is not on the statement`);
    if (invoice.orderNumber !== row.orderNumber) {
      throw new Error(
        `${what} names invoice ${row.invoiceNumber} for order ${row.orderNumber}, but that invoice is for order ${invoice.orderNumber}`,
      );
    }
    return invoice;
  };

  const credited = new Map<string, number>();
  const paid = new Map<string, number>();
  const add = (totals: Map<string, number>, invoiceNumber: string, pence: number) =>
    totals.set(invoiceNumber, (totals.get(invoiceNumber) ?? 0) + pence);

  type Unbalanced = Omit<StatementEntry, "balancePence">;
  const unbalanced: Unbalanced[] = invoices.map((invoice) => ({
    date: invoice.issuedOn,
    kind: "invoice",
    reference: invoice.invoiceNumber,
    orderNumber: invoice.orderNumber,
    description: `Invoice for order ${invoice.orderNumber}${invoice.poRef ? ` (PO: ${invoice.poRef})` : ""}`,
    debitPence: invoice.grossPence,
    creditPence: 0,
  }));
  for (const credit of credits) {
    checkPence(credit.grossPence, `Credit note ${credit.creditNoteNumber}`);
    checkDate(credit.issuedOn);
    invoiceOf(credit, `Credit note ${credit.creditNoteNumber}`);
    add(credited, credit.invoiceNumber, credit.grossPence);
    unbalanced.push({
      date: credit.issuedOn,
      kind: "credit_note",
      reference: credit.creditNoteNumber,
      orderNumber: credit.orderNumber,
      description: `Credit note against ${credit.invoiceNumber}`,
      debitPence: 0,
      creditPence: credit.grossPence,
    });
  }
  for (const payment of payments) {
    checkPence(payment.amountPence, `A payment against ${payment.invoiceNumber}`);
    checkDate(payment.receivedOn);
    invoiceOf(payment, "A payment");
    add(paid, payment.invoiceNumber, payment.amountPence);
    unbalanced.push({
      date: payment.receivedOn,
      kind: "payment",
      reference: payment.invoiceNumber,
      orderNumber: payment.orderNumber,
      description: "Payment received, thank you",
      debitPence: 0,
      creditPence: payment.amountPence,
    });
  }
  for (const refund of refunds) {
    checkPence(refund.amountPence, `A refund against ${refund.invoiceNumber}`);
    checkDate(refund.paidBackOn);
    invoiceOf(refund, "A refund");
    add(paid, refund.invoiceNumber, -refund.amountPence);
    unbalanced.push({
      date: refund.paidBackOn,
      kind: "refund",
      reference: refund.invoiceNumber,
      orderNumber: refund.orderNumber,
      description: `Refund paid${refund.reference ? ` (reference: ${refund.reference})` : ""}`,
      debitPence: refund.amountPence,
      creditPence: 0,
    });
  }

  unbalanced.sort(
    (a, b) => byText(a.date, b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || byText(a.reference, b.reference),
  );
  let balancePence = 0;
  const entries = unbalanced.map((entry) => {
    balancePence += entry.debitPence - entry.creditPence;
    return { ...entry, balancePence };
  });

  const items = [...invoices]
    .sort((a, b) => byText(a.issuedOn, b.issuedOn) || byText(a.invoiceNumber, b.invoiceNumber))
    .map((invoice): StatementItem => {
      const creditedPence = credited.get(invoice.invoiceNumber) ?? 0;
      const paidPence = paid.get(invoice.invoiceNumber) ?? 0;
      const outstandingPence = Math.max(0, invoice.grossPence - creditedPence - paidPence);
      const late = calendarDaysAfter(invoice.dueOn, today);
      const daysOverdue = outstandingPence > 0 && late > 0 ? late : 0;
      return {
        invoiceNumber: invoice.invoiceNumber,
        orderNumber: invoice.orderNumber,
        poRef: invoice.poRef,
        issuedOn: invoice.issuedOn,
        dueOn: invoice.dueOn,
        grossPence: invoice.grossPence,
        creditedPence,
        paidPence,
        outstandingPence,
        daysOverdue,
        state: outstandingPence === 0 ? "paid" : daysOverdue > 0 ? "overdue" : "open",
      };
    });

  const ageing: StatementAgeing = {
    notDuePence: 0,
    days1to30Pence: 0,
    days31to60Pence: 0,
    days61to90Pence: 0,
    over90Pence: 0,
  };
  for (const item of items) ageing[ageingBucket(item.daysOverdue)] += item.outstandingPence;

  const overdue = items.filter((item) => item.state === "overdue");
  const oldestOverdue = overdue.reduce<StatementItem | null>(
    (oldest, item) =>
      !oldest ||
      item.daysOverdue > oldest.daysOverdue ||
      (item.daysOverdue === oldest.daysOverdue && item.invoiceNumber < oldest.invoiceNumber)
        ? item
        : oldest,
    null,
  );

  return {
    entries,
    items,
    balancePence,
    overduePence: overdue.reduce((sum, item) => sum + item.outstandingPence, 0),
    ageing,
    oldestOverdue,
  };
}

/** The ageing column an amount this many days overdue falls in. */
export function ageingBucket(daysOverdue: number): keyof StatementAgeing {
  if (daysOverdue <= 0) return "notDuePence";
  if (daysOverdue <= 30) return "days1to30Pence";
  if (daysOverdue <= 60) return "days31to60Pence";
  if (daysOverdue <= 90) return "days61to90Pence";
  return "over90Pence";
}

const FILE_NAME_MAX = 40;

/** 'statement-acme-ltd-2026-12-01.pdf': the organisation's name as letters, digits and single hyphens. */
export function statementFileName(organisationName: string, today: IsoDate): string {
  const slug = organisationName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, FILE_NAME_MAX)
    .replace(/-$/, "");
  return `statement-${slug || "account"}-${addDays(today, 0)}.pdf`;
}
