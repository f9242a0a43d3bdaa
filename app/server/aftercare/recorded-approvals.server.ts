/**
 * An approval the buyer gave by phone or e-mail while a proof waited, recorded by staff on the
 * back office's order page (docs/decisions/039-staff-recorded-approval.md). It goes through
 * respondToProof, the one approve path: the same state change, promised date, buyer mail and staff
 * alert as the buyer's own click; only who answered, how and when differ.
 */
import { and, eq } from "drizzle-orm";
import { orderLines, orderProofs } from "#db/schema";
import { type RecordedApprovalFields, recordedApprovalInstant } from "~/domain/orders/admin-orders";
import { isOrderId, ORDER_STATUS_LABELS } from "~/domain/fulfilment/orders";
import type { StaffMember } from "../accounts/admin-access.server";
import { respondToProof, type ProofResponse } from "./proof-responses.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Failure } from "../platform/http.server";
import { recordAudit } from "../platform/audit-log.server";

export async function recordProofApproval(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; fields: RecordedApprovalFields; now?: Date },
): Promise<(ProofResponse & { message: string }) | Failure> {
  const { db } = ctx;
  const { fields, staff } = input;
  const now = input.now ?? ctx.clock();
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", "Order not found.");
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
  const when = recordedApprovalInstant(fields.approvedAt, now, proof?.createdAt ?? null);
  if (!when.ok) return failure(400, "VALIDATION_FAILED", when.message, { fieldErrors: { approvedAt: when.message } });

  const answered = await respondToProof(ctx, {
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
    answeredAt: when.at,
    now,
  });
  if (!answered.ok) return answered;
  // Written once the approval is in: respondToProof's transaction is the buyer's too.
  await recordAudit(db, staff, {
    action: "order.approval-recorded",
    subject: { kind: "order", id: input.orderId },
    summary: `Approval of proof version ${fields.proofVersion} recorded, given by ${fields.method}`,
    after: {
      status: answered.status,
      line: fields.line,
      proofVersion: fields.proofVersion,
      method: fields.method,
      approverName: fields.approverName,
      approvedAt: when.at,
    },
  });
  return {
    ...answered,
    message: `Approval of proof version ${fields.proofVersion} recorded. The order is now "${ORDER_STATUS_LABELS[answered.status]}".`,
  };
}
