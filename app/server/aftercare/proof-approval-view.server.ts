/**
 * The order page's part of approving together (decision 025): whether this user may answer and
 * share the proofs (the buyer, or an organisation owner, admin or approver), who answered each
 * version, and the share links still live; and the page's two forms, to share and to revoke.
 */
import { formatLondonDateTime } from "~/domain/core/dates";
import { proofLineParam } from "~/domain/fulfilment/orders";
import { mayApproveWithRole } from "~/domain/people/organisation-roles";
import { answeredByText } from "~/domain/orders/proof-sharing";
import type { OrderDetail } from "../orders/buyer-orders.server";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Failure } from "../platform/http.server";
import { currentRole } from "../platform/record-access.server";
import { createShareLink, liveShareLinks, revokeShareLink } from "./proof-share-links.server";

export type ShareLinkRow = { id: string; proofId: string; created: string; expires: string };

export async function proofApproval(
  db: Database,
  input: { userId: string; accountId: string; order: OrderDetail; now?: Date },
) {
  const { order } = input;
  // A colleague's order is visible because it is the active organisation's (visibleTo).
  const mayAnswer =
    order.placedByMe ||
    (input.accountId !== input.userId &&
      mayApproveWithRole(await currentRole(db, { organisationId: input.accountId, userId: input.userId })));
  const links = mayAnswer ? await liveShareLinks(db, { orderId: order.id, now: input.now }) : [];
  return {
    order: {
      ...order,
      lines: order.lines.map((line) => ({
        ...line,
        canRespond: mayAnswer && order.status === "proof_sent" && line.proofState === "awaiting_answer",
        proofs: line.proofs.map((proof) => ({
          ...proof,
          answeredText:
            proof.decision && proof.decidedAt
              ? answeredByText({
                  decision: proof.decision,
                  record: proof.answeredBy,
                  at: formatLondonDateTime(proof.decidedAt),
                })
              : null,
        })),
      })),
    },
    sharing: {
      mayShare: mayAnswer,
      links: links.map(
        (link): ShareLinkRow => ({
          id: link.id,
          proofId: link.proofId,
          created: formatLondonDateTime(link.createdAt),
          expires: formatLondonDateTime(link.expiresAt),
        }),
      ),
    },
  };
}

export const SHARE_INTENTS = ["share-proof", "revoke-share"] as const;
export type ShareIntent = (typeof SHARE_INTENTS)[number];

export function isShareIntent(value: string | undefined): value is ShareIntent {
  return (SHARE_INTENTS as readonly string[]).includes(value ?? "");
}

/** The order page's share and revoke forms. */
export async function shareAction(
  ctx: AppContext,
  input: { userId: string; accountId: string; orderId: string; fields: Record<string, string> },
): Promise<
  | { ok: true; intent: "share-proof"; line: number; url: string; expires: string }
  | { ok: true; intent: "revoke-share"; linkId: string }
  | Failure
> {
  const { db } = ctx;
  const { fields } = input;
  if (fields.intent === "revoke-share") {
    const linkId = fields.linkId ?? "";
    const revoked = await revokeShareLink(db, { ...input, linkId });
    return revoked.ok ? { ok: true, intent: "revoke-share", linkId } : revoked;
  }
  const line = proofLineParam(fields.line ?? "");
  const version = Number(fields.proofVersion ?? "");
  if (line === null || !Number.isSafeInteger(version) || version < 1 || (fields.proofVersion ?? "").length > 6) {
    return failure(400, "VALIDATION_FAILED", "Choose the proof version to share.");
  }
  const created = await createShareLink(ctx, { ...input, line, version });
  if (!created.ok) return created;
  return { ok: true, intent: "share-proof", line, url: created.url, expires: formatLondonDateTime(created.expiresAt) };
}
