/**
 * An approval the buyer gave by phone or e-mail while a proof waited, recorded by staff on the
 * back office's order page (docs/decisions/039-staff-recorded-approval.md). It goes through
 * respondToProof, the one approve path: the same state change, promised date, buyer mail and staff
 * alert as the buyer's own click; only who answered, how and when differ.
 */
import { and, eq } from "drizzle-orm";
import { orderLines, orderProofs } from "#db/schema";
import type { RecordedApprovalFields } from "~/domain/admin-orders";
import { londonWallTimeToInstant } from "~/domain/dates";
import { isOrderId, ORDER_STATUS_LABELS } from "~/domain/orders";
import type { StaffMember } from "./admin-access.server";
import { respondToProof, type ProofResponse } from "./proof-responses.server";
import type { Database } from "./db.server";
import { failure, type Failure } from "./http.server";

export const RECORDED_APPROVAL_MESSAGES = {
  when: "Enter the date and time the buyer approved, e.g. 2026-12-01 14:30.",
  future: "The approval cannot be later than now.",
  beforeProof: "The approval cannot be earlier than the proof was sent.",
} as const;

/** A little slack for a clock a minute apart between staff's watch and the server. */
const FUTURE_SLACK_MS = 60_000;

export async function recordProofApproval(
  db: Database,
  input: { staff: StaffMember; orderId: string; fields: RecordedApprovalFields; now?: Date },
): Promise<(ProofResponse & { message: string }) | Failure> {
  const { fields, staff } = input;
  const now = input.now ?? new Date();
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", "Order not found.");
  const [date = "", time = ""] = fields.approvedAt.split(/[T ]/);
  const approvedAt = londonWallTimeToInstant(date, time);
  const fieldError = (message: string) =>
    failure(400, "VALIDATION_FAILED", message, { fieldErrors: { approvedAt: message } });
  if (!approvedAt) return fieldError(RECORDED_APPROVAL_MESSAGES.when);
  if (approvedAt.getTime() > now.getTime() + FUTURE_SLACK_MS) return fieldError(RECORDED_APPROVAL_MESSAGES.future);

  const [proof] = await db
    .select({ createdAt: orderProofs.createdAt })
    .from(orderProofs)
    .innerJoin(orderLines, eq(orderLines.id, orderProofs.orderLineId))
    .where(
      and(
        eq(orderProofs.orderId, input.orderId),
        eq(orderLines.position, fields.line),
        eq(orderProofs.version, fields.proofVersion),
      ),
    )
    .limit(1);
  // Minute precision: the form has no seconds, so the minute the proof went out counts.
  if (proof && approvedAt.getTime() < Math.floor(proof.createdAt.getTime() / 60_000) * 60_000)
    return fieldError(RECORDED_APPROVAL_MESSAGES.beforeProof);

  const answered = await respondToProof(db, {
    userId: "",
    orderId: input.orderId,
    line: fields.line,
    proofVersion: fields.proofVersion,
    decision: "approve",
    comment: fields.note,
    answerer: {
      kind: "staff",
      staffId: staff.id,
      staffName: staff.name.trim() || staff.email,
      method: fields.method,
      name: fields.approverName,
    },
    answeredAt: approvedAt,
    now,
  });
  if (!answered.ok) return answered;
  return {
    ...answered,
    message: `Approval of proof version ${fields.proofVersion} recorded. The order is now "${ORDER_STATUS_LABELS[answered.status]}".`,
  };
}
