/**
 * The buyer's e-mail when staff decide an On-time Guarantee claim (decision 026): accepted with
 * the remedy (and its credit note attached as a PDF when one is issued), or refused with the reason.
 */
import { documentFileName, type BusinessDocument } from "~/domain/pricing/documents";
import type { RemedyCredit } from "~/domain/fulfilment/guarantee";
import { acceptedClaimCreditNote } from "~/domain/orders/guarantee-credit-note";
import { formatPence } from "~/domain/core/money";
import { readOrderSnapshot } from "~/domain/orders/order-snapshot";
import type { AppContext } from "../providers/app-context.server";
import { renderDocumentPdf } from "../documents/documents.server";
import { sendMail, type Mail } from "../messages/mail.server";
import { branded, type MailShop, orderUrl } from "../messages/mail-templates.server";

export type ClaimDecisionMail = { mail: Mail; creditNote: BusinessDocument | null };

export function claimDecisionMail(input: {
  shop: MailShop;
  order: Parameters<typeof acceptedClaimCreditNote>[0]["order"] & { id: string };
  claim: {
    status: string;
    reason: string | null;
    remedy: string | null;
    daysLate: number;
    creditNoteNumber: string | null;
    decidedAt: Date | null;
  };
  credit: RemedyCredit;
  invoiceNumber: string | null;
}): ClaimDecisionMail {
  const { order, claim, credit } = input;
  const snapshot = readOrderSnapshot(order.number, order.snapshot);
  const to = snapshot.data.details.email.trim();
  const accepted = claim.status === "accepted";
  const creditNote = acceptedClaimCreditNote({ order, claim, invoiceNumber: input.invoiceNumber });
  const lines = accepted
    ? [
        `We accepted your On-time Guarantee claim for order ${order.number}: we're sorry it arrived ${claim.daysLate} days late.`,
        `The remedy: ${claim.remedy ?? ""}`,
        ...(creditNote && credit.kind === "credit"
          ? [
              `Credit note ${creditNote.number} for ${formatPence(credit.totalPence)} is attached; we refund it to the way you paid.`,
            ]
          : ["We'll be in touch to give it to you."]),
        `Our note: ${claim.reason ?? ""}`,
      ]
    : [
        `We looked at your On-time Guarantee claim for order ${order.number} and could not accept it.`,
        `The reason: ${claim.reason ?? ""}`,
        "If you think we got this wrong, reply to this e-mail.",
      ];
  return {
    mail: branded(input.shop, {
      to,
      subject: accepted
        ? `Your On-time Guarantee claim for order ${order.number} is accepted`
        : `Your On-time Guarantee claim for order ${order.number}`,
      lines,
      link: { url: orderUrl(input.shop, order.id), label: "View your order" },
      meta: {
        kind: `guarantee-claim-${claim.status}`,
        orderNumber: order.number,
        creditNote: creditNote?.number ?? null,
      },
    }),
    creditNote,
  };
}

/** After the decision's commit: a fault is logged, never undoes the decision (the order page shows it too). */
export async function sendClaimDecision(
  ctx: Pick<AppContext, "db" | "business" | "log">,
  { mail, creditNote }: ClaimDecisionMail,
): Promise<void> {
  if (!mail.to) return;
  try {
    const attachments = creditNote
      ? [
          {
            filename: documentFileName(creditNote),
            content: await renderDocumentPdf(creditNote, ctx.business),
            contentType: "application/pdf",
          },
        ]
      : undefined;
    await sendMail(ctx.db, { ...mail, attachments });
  } catch (error) {
    ctx.log.error(`[guarantee] decision e-mail for ${String(mail.meta?.orderNumber)} to ${mail.to} failed`, error);
  }
}
