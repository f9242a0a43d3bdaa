/**
 * The e-mails of an order paid by bank transfer (decision 022): placed (how to pay, with the
 * bank details), a reminder before the due date, and expired. They go to the buyer's confirmed
 * address (buyerMailRecipient, decision 036) and link to the order page, where the signed-in buyer downloads the pro-forma invoice.
 * The bank details are in the e-mail because the buyer needs them to pay; they never reach a page.
 */
import { formatDisplayDate, type IsoDate } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { transferInstructions } from "~/domain/orders/bank-transfer";
import type { Mail } from "../messages/mail.server";
import { branded, type MailShop, type QuotedText } from "../messages/mail-templates.server";

export type TransferMailView = {
  /** The shop the e-mail speaks for, whose bank account it gives. */
  shop: MailShop;
  to: string;
  orderNumber: string;
  orderUrl: string;
  /** Null for an invoice on account, which has no pro-forma. */
  proformaNumber: string | null;
  /** What is left to pay: the amount due less the part payments received (decision 079). */
  totalPence: number;
  dueOn: IsoDate;
  poRef: string;
  /** The part payments received so far; 0 until one arrives. */
  partPaidPence: number;
};

function bankLines(shop: MailShop): string[] {
  const { bank } = shop.business;
  return [
    `Account name: ${bank.accountName}`,
    `Sort code: ${bank.sortCode}`,
    `Account number: ${bank.accountNumber}`,
    `IBAN: ${bank.iban}`,
  ];
}

/** The PO reference is the buyer's text: quoted under its label, never in the subject (decision 036). */
const poQuote = (view: TransferMailView): QuotedText[] => [
  { label: "PO reference, as typed at checkout:", text: view.poRef },
];
const how = (view: TransferMailView) =>
  transferInstructions({ totalPence: view.totalPence, reference: view.orderNumber, dueOn: view.dueOn });

export function transferPlacedMail(view: TransferMailView): Mail {
  return branded(view.shop, {
    to: view.to,
    subject: `Order ${view.orderNumber}: pay by bank transfer by ${formatDisplayDate(view.dueOn)}`,
    lines: [
      `Thank you: order ${view.orderNumber} is placed, awaiting your bank transfer.`,
      how(view),
      ...bankLines(view.shop),
      `Your pro-forma invoice ${view.proformaNumber} is on your order page. We prepare your proof meanwhile; production starts once the payment has arrived and the proof is approved, and we send your VAT invoice when the money is in.`,
      "An order not paid by its due date expires.",
    ],
    link: { url: view.orderUrl, label: "View your order" },
    quotes: poQuote(view),
    meta: { kind: "transfer-placed", orderNumber: view.orderNumber },
  });
}

export function transferReminderMail(view: TransferMailView): Mail {
  return branded(view.shop, {
    to: view.to,
    subject: `Reminder: order ${view.orderNumber} is due by ${formatDisplayDate(view.dueOn)}`,
    lines:
      view.partPaidPence > 0
        ? [
            `We have received ${formatPence(view.partPaidPence)} for order ${view.orderNumber}, thank you; the rest is still due.`,
            how(view),
            ...bankLines(view.shop),
            `If the rest cannot be paid by ${formatDisplayDate(view.dueOn)}, reply to this e-mail and we will agree what to do. If you have paid already, thank you: please ignore this reminder.`,
          ]
        : [
            `We have not received the bank transfer for order ${view.orderNumber} yet.`,
            how(view),
            ...bankLines(view.shop),
            `If the payment has not arrived by ${formatDisplayDate(view.dueOn)}, the order expires. If you have paid already, thank you: please ignore this reminder.`,
          ],
    link: { url: view.orderUrl, label: "View your order" },
    quotes: poQuote(view),
    meta: { kind: "transfer-reminder", orderNumber: view.orderNumber },
  });
}

/** A part payment arrived (decision 079): what came in, and the rest to pay by the due date. */
export function transferPartReceivedMail(view: TransferMailView & { receivedPence: number }): Mail {
  return branded(view.shop, {
    to: view.to,
    subject: `Order ${view.orderNumber}: ${formatPence(view.receivedPence)} received, ${formatPence(view.totalPence)} still to pay`,
    lines: [
      `We have received ${formatPence(view.receivedPence)} by bank transfer for order ${view.orderNumber}, thank you. ${formatPence(view.totalPence)} is still to pay.`,
      how(view),
      ...bankLines(view.shop),
      "Production starts once the whole amount has arrived and the proof is approved; we send your VAT invoice then.",
    ],
    link: { url: view.orderUrl, label: "View your order" },
    quotes: poQuote(view),
    meta: { kind: "transfer-part-received", orderNumber: view.orderNumber },
  });
}

export function transferExpiredMail(view: TransferMailView): Mail {
  return branded(view.shop, {
    to: view.to,
    subject: `Order ${view.orderNumber} has expired`,
    lines: [
      `We did not receive the bank transfer for order ${view.orderNumber} by ${formatDisplayDate(view.dueOn)}, so the order has expired and will not be made.`,
      `If you have paid, or still want the order, reply to this e-mail or write to ${view.shop.business.salesEmail} quoting ${view.orderNumber}.`,
    ],
    link: { url: view.orderUrl, label: "View your order" },
    meta: { kind: "transfer-expired", orderNumber: view.orderNumber },
  });
}
