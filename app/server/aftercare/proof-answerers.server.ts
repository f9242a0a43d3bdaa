/**
 * Who may answer an order's proof (decision 025), and how the answer records them: the buyer
 * who placed the order (from the order page), a member of the order's organisation with the
 * owner, admin or approver role (from their own account), or a colleague holding a live share link.
 * A plain member sees the organisation's orders but does not answer their proofs.
 */
import { and, eq } from "drizzle-orm";
import { type orders, proofShareLinks } from "#db/schema";
import { mayApproveWithRole } from "~/domain/people/organisation-roles";
import {
  type ProofAnswerRecord,
  type RecordedApprovalMethod,
  recordedAnswerRoute,
  SHARE_LINK_MESSAGES,
  shareLinkState,
} from "~/domain/orders/proof-sharing";
import { isPlaceholderEmail } from "~/domain/people/auth-rules";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { isOrganisationRecord, mayRead } from "~/domain/core/record-access";
import { currentRole } from "../platform/record-access.server";

export type ProofAnswerer =
  | {
      kind: "account";
      userId: string;
      /** The account the session acts for (the active organisation, else the user). */
      accountId?: string;
      name?: string;
      email?: string;
    }
  | { kind: "guest"; linkId: string; name: string; email: string }
  /**
   * An answer the buyer gave by phone or e-mail, recorded by staff on the back office's order page
   * (docs/decisions/039-staff-recorded-approval.md): `name` is who gave it.
   */
  | { kind: "staff"; staffId: string; staffName: string; method: RecordedApprovalMethod; name: string };

type OrderRow = Pick<typeof orders.$inferSelect, "id" | "userId" | "accountId">;

const notFound = () => failure(404, "ORDER_NOT_FOUND", "Order not found.");

/**
 * Whether this user may answer (and share) the order's proofs: its buyer while they may still see
 * it, or an approving member of the organisation the order belongs to while they act for it
 * (docs/decisions/035-current-membership.md). 404 for anyone who cannot see the order, the buyer
 * who left its organisation or switched account included; 403 for a plain member, who can.
 */
export async function answerRight(
  db: Database,
  { order, user }: { order: OrderRow; user: { userId: string; accountId?: string } },
): Promise<{ ok: true; via: "order_page" | "approver_account" } | Failure> {
  if (!user.userId || !mayRead(order, user)) return notFound();
  if (!isOrganisationRecord(order)) return order.userId === user.userId ? { ok: true, via: "order_page" } : notFound();
  // The membership is read again here, not taken from whoever passed the account in.
  const role = await currentRole(db, { organisationId: order.accountId, userId: user.userId });
  if (role === null) return notFound();
  if (order.userId === user.userId) return { ok: true, via: "order_page" };
  if (!mayApproveWithRole(role)) return failure(403, "NOT_AN_APPROVER", SHARE_LINK_MESSAGES.notAllowed);
  return { ok: true, via: "approver_account" };
}

/**
 * Whether a share link's maker may still answer the order's proofs, checked each time the link is
 * used (docs/decisions/035-current-membership.md): for an organisation's order, they must still be
 * a member, and the buyer who placed it or an approving member. Which account their own session
 * acts for does not matter to a colleague holding the link. A personal order's links are its buyer's.
 */
export async function sharerMayStillAnswer(
  db: Database,
  { order, sharerId }: { order: OrderRow; sharerId: string },
): Promise<boolean> {
  if (!isOrganisationRecord(order)) return sharerId === order.userId;
  const role = await currentRole(db, { organisationId: order.accountId, userId: sharerId });
  if (role === null) return false;
  return sharerId === order.userId || mayApproveWithRole(role);
}

/** The refusal of a link whose maker may no longer answer. */
export const sharerLeft = () => failure(410, "LINK_SHARER_LEFT", SHARE_LINK_MESSAGES.sharerLeft);

/**
 * The record of who answers, checked inside respondToProof's transaction with the order locked:
 * a share link is re-read there too, so one revoked or expired since the page was opened fails.
 */
export async function answerRecordFor(
  tx: Database,
  { order, who, now }: { order: OrderRow; who: ProofAnswerer; now: Date },
): Promise<{ ok: true; record: ProofAnswerRecord & { recordedById?: string } } | Failure> {
  // Staff rights were checked by the route (requireStaff); the buyer's words are theirs to record.
  if (who.kind === "staff") {
    return {
      ok: true,
      record: {
        via: recordedAnswerRoute(who.method),
        userId: null,
        name: who.name,
        email: null,
        recordedBy: who.staffName,
        recordedById: who.staffId,
      },
    };
  }
  if (who.kind === "account") {
    const right = await answerRight(tx, { order, user: who });
    if (!right.ok) return right;
    return {
      ok: true,
      record: {
        via: right.via,
        userId: who.userId,
        name: who.name || null,
        // A phone sign-in's stand-in address is nobody's to show.
        email: who.email && !isPlaceholderEmail(who.email) ? who.email : null,
      },
    };
  }
  const [link] = await tx
    .select()
    .from(proofShareLinks)
    .where(and(eq(proofShareLinks.id, who.linkId), eq(proofShareLinks.orderId, order.id)))
    .for("update");
  if (!link) return failure(404, "LINK_NOT_FOUND", SHARE_LINK_MESSAGES.notFound);
  // Version and answer are checked by respondToProof itself; here what only the link knows.
  const state = shareLinkState({
    revokedAt: link.revokedAt,
    expiresAt: link.expiresAt,
    now,
    version: 1,
    latestVersion: 1,
    decided: false,
    orderWaitsForProof: true,
  });
  if (!state.ok) return failure(410, `LINK_${state.reason.toUpperCase()}`, SHARE_LINK_MESSAGES[state.reason]);
  if (!(await sharerMayStillAnswer(tx, { order, sharerId: link.createdBy }))) return sharerLeft();
  return { ok: true, record: { via: "share_link", userId: null, name: who.name, email: who.email } };
}

/** The columns of order_proofs that keep who answered. */
export function answerColumns(record: ProofAnswerRecord & { recordedById?: string }) {
  return {
    decidedVia: record.via,
    decidedByUserId: record.userId,
    decidedByName: record.name,
    decidedByEmail: record.email,
    recordedBy: record.recordedById ?? null,
    recordedByName: record.recordedById ? (record.recordedBy ?? null) : null,
  };
}
