/**
 * Who may answer an order's proof (issue 19 item 2), and how the answer records them: the buyer
 * who placed the order (from the order page), a member of the order's organisation with the
 * owner, admin or approver role (from their own account), or a colleague holding a live share link.
 * A plain member sees the organisation's orders but does not answer their proofs.
 */
import { and, eq } from "drizzle-orm";
import { authMember, type orders, proofShareLinks } from "#db/schema";
import { mayApproveWithRole } from "~/domain/organisation-roles";
import { type ProofAnswerRecord, SHARE_LINK_MESSAGES, shareLinkState } from "~/domain/proof-sharing";
import { isPlaceholderEmail } from "~/domain/auth-rules";
import type { Database } from "./db.server";
import { failure, type Failure } from "./http.server";

export type ProofAnswerer =
  | {
      kind: "account";
      userId: string;
      /** The account the session acts for (the active organisation, else the user). */
      accountId?: string;
      name?: string;
      email?: string;
    }
  | { kind: "guest"; linkId: string; name: string; email: string };

type OrderRow = Pick<typeof orders.$inferSelect, "id" | "userId" | "accountId">;

const notFound = () => failure(404, "ORDER_NOT_FOUND", "Order not found.");

/** The member's role in the organisation, or null when they are not a member. */
export async function memberRole(db: Database, organisationId: string, userId: string): Promise<string | null> {
  const [member] = await db
    .select({ role: authMember.role })
    .from(authMember)
    .where(and(eq(authMember.organizationId, organisationId), eq(authMember.userId, userId)))
    .limit(1);
  return member?.role ?? null;
}

/**
 * Whether this user may answer (and share) the order's proofs: its buyer, or an approving member
 * of the organisation the order belongs to while they act for it. 404 for anyone who cannot even
 * see the order; 403 for a plain member, who can.
 */
export async function answerRight(
  db: Database,
  order: OrderRow,
  user: { userId: string; accountId?: string },
): Promise<{ ok: true; via: "order_page" | "approver_account" } | Failure> {
  if (!user.userId) return notFound();
  if (order.userId === user.userId) return { ok: true, via: "order_page" };
  if (!user.accountId || user.accountId !== order.accountId) return notFound();
  const role = await memberRole(db, order.accountId, user.userId);
  if (role === null) return notFound();
  if (!mayApproveWithRole(role)) return failure(403, "NOT_AN_APPROVER", SHARE_LINK_MESSAGES.notAllowed);
  return { ok: true, via: "approver_account" };
}

/**
 * The record of who answers, checked inside respondToProof's transaction with the order locked:
 * a share link is re-read there too, so one revoked or expired since the page was opened fails.
 */
export async function answerRecordFor(
  tx: Database,
  order: OrderRow,
  who: ProofAnswerer,
  now: Date,
): Promise<{ ok: true; record: ProofAnswerRecord } | Failure> {
  if (who.kind === "account") {
    const right = await answerRight(tx, order, who);
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
  return { ok: true, record: { via: "share_link", userId: null, name: who.name, email: who.email } };
}

/** The columns of order_proofs that keep who answered. */
export function answerColumns(record: ProofAnswerRecord) {
  return {
    decidedVia: record.via,
    decidedByUserId: record.userId,
    decidedByName: record.name,
    decidedByEmail: record.email,
  };
}
