/**
 * Sends the staff's morning digest (docs/decisions/077-staff-digest.md): run by a recurring job every
 * 15 minutes, it sends nothing before 8:00 London time and, from then, today's digest once to each
 * of the staff alerts' recipients (the mail's key names the day and the address).
 */
import { londonToday } from "~/domain/core/dates";
import { productionBoard } from "~/domain/fulfilment/production-board";
import { digestDue, staffDigest } from "~/domain/fulfilment/staff-digest";
import { sendMail } from "../messages/mail.server";
import { staffAlertRecipients } from "../payments/staff-alerts.server";
import type { AppContext } from "../providers/app-context.server";
import { needsAttention } from "./needs-attention.server";
import { boardOrders } from "./production-board.server";
import { waitingForStaff } from "./staff-waiting.server";

/** Queues today's digest for each recipient once 8:00 London has passed; answers whether it was due. */
export async function sendStaffDigest(
  ctx: Pick<AppContext, "db" | "business" | "baseUrl" | "staffAlertEmails">,
  now: Date,
): Promise<boolean> {
  const today = londonToday(now);
  if (!digestDue(now, today)) return false;
  const [orders, waiting, attention, recipients] = await Promise.all([
    boardOrders(ctx.db),
    waitingForStaff(ctx.db),
    needsAttention(ctx.db, now),
    staffAlertRecipients(ctx),
  ]);
  const { subject, lines } = staffDigest(
    {
      today,
      board: productionBoard(orders, { productId: null, method: null }, today),
      waiting,
      attention: {
        deadJobs: attention.deadJobs.length,
        stuckRefunds: attention.stuckRefunds.length,
        payments: attention.payments.length,
        overdueOnAccount: attention.overdueOnAccount.length,
      },
    },
    ctx.baseUrl,
  );
  for (const to of recipients)
    await sendMail(ctx.db, {
      to,
      subject,
      text: lines.join("\n"),
      meta: { kind: "staff-digest", day: today },
      key: `staff-digest:${today}:${to}`,
    });
  return true;
}
