/**
 * Staff alerts (docs/decisions/026-guarantee-claims.md): an e-mail to the staff for each new paid order, each proof
 * answer, each bank transfer placed or received, each On-time Guarantee claim and each problem
 * report, so nobody learns of them by refreshing a list. They go to the staff's own addresses
 * (staffAlertRecipients, docs/decisions/045-staff-alert-recipients.md), not to a sales address
 * that may still be a sample reaching nobody. Quote and product requests are sales' work and
 * e-mail the sales address as they are stored (quote-requests.server.ts, custom-quotes.server.ts,
 * quotes.server.ts). Each alert is queued by alertStaff after the change it reports is committed,
 * as a mail job that retries a failed send (decision 030); a fault queueing it is logged and never
 * undoes the change, as the stage e-mails do.
 */
import { formatDisplayDate, type IsoDate } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { quotableText } from "~/domain/core/quoted-text";
import { and, eq, like } from "drizzle-orm";
import { authUser } from "#db/schema";
import { hasStaffRole, STAFF_ROLE } from "../accounts/admin-staff.server";
import type { AppContext } from "../providers/app-context.server";
import { sendMail, type Mail } from "../messages/mail.server";

export type StaffAlert =
  | { kind: "order-paid"; orderId: string; orderNumber: string; totalPence: number; company: string; lines: string }
  | {
      kind: "proof-answer";
      orderId: string;
      orderNumber: string;
      decision: "approved" | "changes_requested";
      /** "Proof version 2" or "Proof version 2 of Shorts". */
      proof: string;
      comment: string;
      /** Whether the order is paid already: then production can start now. */
      paid: boolean;
    }
  | { kind: "transfer-placed"; orderId: string; orderNumber: string; totalPence: number; dueOn: IsoDate }
  | { kind: "transfer-received"; orderId: string; orderNumber: string; staffName: string }
  | { kind: "account-order-placed"; orderId: string; orderNumber: string; totalPence: number; dueOn: IsoDate }
  | { kind: "guarantee-claim"; orderId: string; orderNumber: string; daysLate: number; note: string }
  | { kind: "problem-report"; orderId: string; orderNumber: string; lines: string; description: string };

/** What an alert needs: the database, where to send it, and the origin its links name. */
type AlertContext = Pick<AppContext, "db" | "business" | "baseUrl" | "staffAlertEmails" | "log">;

/** One line, whatever was typed: a header never takes a line break from a form. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function alertWords(alert: StaffAlert, baseUrl: string): { subject: string; lines: string[] } {
  switch (alert.kind) {
    case "order-paid":
      return {
        subject: `New paid order ${alert.orderNumber}: ${formatPence(alert.totalPence)}`,
        lines: [
          `Order ${alert.orderNumber} is paid by card (${formatPence(alert.totalPence)}) and waits for its proof.`,
          `Buyer: ${alert.company || "(no company given)"}`,
          `Products: ${alert.lines}`,
        ],
      };
    case "proof-answer":
      return alert.decision === "approved"
        ? {
            subject: `Proof approved on order ${alert.orderNumber}`,
            lines: [
              `${alert.proof} of order ${alert.orderNumber} was approved.`,
              alert.paid ? "The order is paid: production can start." : "Production can start once the order is paid.",
            ],
          }
        : {
            subject: `Changes requested on order ${alert.orderNumber}`,
            lines: [
              `Changes were requested to ${alert.proof} of order ${alert.orderNumber}:`,
              alert.comment,
              "Upload a new version from the order's page.",
            ],
          };
    case "transfer-placed":
      return {
        subject: `Bank transfer order ${alert.orderNumber} placed: ${formatPence(alert.totalPence)}`,
        lines: [
          `Order ${alert.orderNumber} was placed to pay by bank transfer: ${formatPence(alert.totalPence)}, due by ${formatDisplayDate(alert.dueOn)}.`,
          "Its proof goes ahead meanwhile; mark the transfer received from the order's page when the money arrives.",
        ],
      };
    case "account-order-placed":
      return {
        subject: `Order ${alert.orderNumber} placed on account: ${formatPence(alert.totalPence)}`,
        lines: [
          `Order ${alert.orderNumber} was placed on account: ${formatPence(alert.totalPence)}, invoiced now and due by ${formatDisplayDate(alert.dueOn)}.`,
          "Its proof and production go ahead as for a paid order; record the payment from the order's page when the money arrives.",
        ],
      };
    case "transfer-received":
      return {
        subject: `Bank transfer received for order ${alert.orderNumber}`,
        lines: [`${alert.staffName} marked the bank transfer for order ${alert.orderNumber} received.`],
      };
    case "guarantee-claim":
      return {
        subject: `On-time Guarantee claim on order ${alert.orderNumber}`,
        lines: [
          `The buyer of order ${alert.orderNumber} claims the On-time Guarantee: it was delivered ${alert.daysLate} days after the promised date.`,
          alert.note ? `Their note: ${alert.note}` : "They added no note.",
          "Accept or refuse it, with a reason, from the order's page.",
        ],
      };
    case "problem-report":
      // docs/decisions/043-problem-reports.md: the case waits in the back office's problem reports.
      return {
        subject: `Problem reported on order ${alert.orderNumber}`,
        lines: [
          `The buyer of order ${alert.orderNumber} reports a problem with: ${alert.lines}.`,
          `What is wrong, in their words: ${quotableText(alert.description)}`,
          `See it with any photos, and mark it resolved, under Problem reports: ${baseUrl}/admin/problem-reports`,
        ],
      };
  }
}

/**
 * Who is alerted: STAFF_ALERT_EMAILS when set; otherwise every staff account with a confirmed
 * address (those who act on an alert); the sales address only while no staff account exists.
 */
export async function staffAlertRecipients(
  context: Pick<AlertContext, "db" | "business" | "staffAlertEmails">,
): Promise<string[]> {
  if (context.staffAlertEmails.length > 0) return context.staffAlertEmails;
  const accounts = await context.db
    .select({ email: authUser.email, role: authUser.role })
    .from(authUser)
    .where(and(like(authUser.role, `%${STAFF_ROLE}%`), eq(authUser.emailVerified, true)));
  const staff = accounts.filter((account) => hasStaffRole(account.role)).map((account) => account.email);
  return staff.length > 0 ? [...new Set(staff)].sort() : [context.business.salesEmail];
}

/** The alert as an e-mail to one recipient, linking to the order in the back office. */
export function staffAlertMail({ alert, to, baseUrl }: { alert: StaffAlert; to: string; baseUrl: string }): Mail {
  const { subject, lines } = alertWords(alert, baseUrl);
  const link = `${baseUrl}/admin/orders/${alert.orderId}`;
  return {
    to,
    subject: oneLine(subject),
    text: [...lines, "", `Open it in the back office: ${link}`].join("\n"),
    meta: { kind: `staff-alert-${alert.kind}`, orderNumber: alert.orderNumber },
  };
}

/**
 * Queues the alert, one e-mail per recipient. With a key, each recipient's e-mail is written once
 * however often this runs (a job run again after its worker died).
 */
export async function queueStaffAlert(
  context: AlertContext,
  { alert, key }: { alert: StaffAlert; key?: string },
): Promise<void> {
  for (const to of await staffAlertRecipients(context)) {
    const mail = staffAlertMail({ alert, to, baseUrl: context.baseUrl });
    await sendMail(context.db, { ...mail, ...(key ? { key: `${key}:${to}` } : {}) });
  }
}

/**
 * Queues the alert, inside the change's transaction when `db` is one, so it goes exactly when the
 * change is committed (decision 030). It runs in a savepoint of its own: a fault is logged and rolls
 * back only the alert, never the change.
 */
export async function alertStaff(context: AlertContext, alert: StaffAlert): Promise<void> {
  try {
    await context.db.transaction((tx) => queueStaffAlert({ ...context, db: tx }, { alert }));
  } catch (error) {
    context.log.error(`[staff-alerts] ${alert.kind} alert for ${alert.orderNumber} failed`, error);
  }
}

/** The alert for an answer to a proof, wherever it was given (respondToProof records every answer). */
export function proofAnswerAlert(
  order: { id: string; number: string; paidAt: Date | null },
  answer: { decision: "approved" | "changes_requested"; proof: string; comment: string },
): StaffAlert {
  return { kind: "proof-answer", orderId: order.id, orderNumber: order.number, paid: order.paidAt !== null, ...answer };
}
