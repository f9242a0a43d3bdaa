/**
 * "Share for approval" (docs/decisions/025-proof-share-links.md): the buyer or an
 * organisation approver makes a link to one proof version of one line; whoever holds it sees that
 * version and may approve it or ask for changes after giving a name and an e-mail address, for 7
 * days, until it is revoked, answered or a newer version is sent, and while whoever made it may still
 * answer for the order (docs/decisions/035-current-membership.md). The link carries 32 random bytes;
 * the database keeps only their SHA-256.
 */
import { type ProofFacts, proofFacts } from "~/domain/orders/proof-facts";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { orderLines, orderProofs, orders, proofShareLinks } from "#db/schema";
import { isOrderId, toOrderStatus } from "~/domain/fulfilment/orders";
import {
  type GuestAnswer,
  looksLikeShareToken,
  SHARE_LINK_HITS_PER_ADDRESS,
  SHARE_LINK_MESSAGES,
  SHARE_LINKS_PER_HOUR,
  SHARE_LINKS_PER_PROOF,
  shareLinkExpiry,
  shareLinkState,
} from "~/domain/orders/proof-sharing";
import type { ArtworkDownload } from "../artwork/artwork.server";
import { respondToProof } from "./proof-responses.server";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Failure } from "../platform/http.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { answerRight, sharerLeft, sharerMayStillAnswer } from "./proof-answerers.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import type { FileStorage } from "../providers/storage.server";
import { hashToken } from "../platform/token-hash.server";

export function shareLinkUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/proof-approval/${token}`;
}

type User = { userId: string; accountId: string };

/** The order if this user may answer its proofs (and so share and revoke their links). */
async function orderToShare(db: Database, user: User, orderId: string) {
  if (!isOrderId(orderId)) return failure(404, "ORDER_NOT_FOUND", "Order not found.");
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return failure(404, "ORDER_NOT_FOUND", "Order not found.");
  const right = await answerRight(db, { order, user });
  return right.ok ? { ok: true as const, order } : right;
}

/** A new link to the line's proof version, which must be the line's newest and still unanswered. */
export async function createShareLink(
  ctx: AppContext,
  input: User & { orderId: string; line: number; version: number; now?: Date },
): Promise<{ ok: true; url: string; expiresAt: Date } | Failure> {
  const { db } = ctx;
  const now = input.now ?? ctx.clock();
  const allowed = await orderToShare(db, input, input.orderId);
  if (!allowed.ok) return allowed;
  const limit = await hitRateLimit(db, {
    key: `proof-share:${input.userId}`,
    limit: SHARE_LINKS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed) {
    return failure(429, "RATE_LIMITED", SHARE_LINK_MESSAGES.tooManyLinks, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const order = allowed.order;
  const proofs = await db
    .select({ id: orderProofs.id, version: orderProofs.version, decision: orderProofs.decision })
    .from(orderProofs)
    .innerJoin(orderLines, eq(orderLines.id, orderProofs.orderLineId))
    .where(and(eq(orderProofs.orderId, order.id), eq(orderLines.position, input.line)))
    .orderBy(desc(orderProofs.version));
  const latest = proofs[0];
  if (
    !latest ||
    latest.version !== input.version ||
    latest.decision !== null ||
    toOrderStatus(order.status) !== "proof_sent"
  ) {
    return failure(409, "PROOF_NOT_SHAREABLE", SHARE_LINK_MESSAGES.notShareable);
  }
  const [live] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(proofShareLinks)
    .where(
      and(
        eq(proofShareLinks.orderProofId, latest.id),
        isNull(proofShareLinks.revokedAt),
        gt(proofShareLinks.expiresAt, now),
      ),
    );
  if ((live?.count ?? 0) >= SHARE_LINKS_PER_PROOF) return failure(409, "TOO_MANY_LINKS", SHARE_LINK_MESSAGES.perProof);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = shareLinkExpiry(now);
  await db.insert(proofShareLinks).values({
    orderId: order.id,
    orderProofId: latest.id,
    tokenHash: hashToken(token),
    createdBy: input.userId,
    createdAt: now,
    expiresAt,
  });
  return { ok: true, url: shareLinkUrl(ctx.baseUrl, token), expiresAt };
}

/** The link stops working at once; revoking one already revoked changes nothing. */
export async function revokeShareLink(
  db: Database,
  input: User & { orderId: string; linkId: string; now?: Date },
): Promise<{ ok: true } | Failure> {
  const allowed = await orderToShare(db, input, input.orderId);
  if (!allowed.ok) return allowed;
  if (!isOrderId(input.linkId)) return failure(404, "LINK_NOT_FOUND", SHARE_LINK_MESSAGES.linkNotFound);
  const [link] = await db
    .select({ id: proofShareLinks.id, revokedAt: proofShareLinks.revokedAt })
    .from(proofShareLinks)
    .where(and(eq(proofShareLinks.id, input.linkId), eq(proofShareLinks.orderId, allowed.order.id)))
    .limit(1);
  if (!link) return failure(404, "LINK_NOT_FOUND", SHARE_LINK_MESSAGES.linkNotFound);
  if (!link.revokedAt) {
    await db
      .update(proofShareLinks)
      .set({ revokedAt: input.now ?? new Date(), revokedBy: input.userId })
      .where(eq(proofShareLinks.id, link.id));
  }
  return { ok: true };
}

export type ShareLinkView = { id: string; proofId: string; createdAt: Date; expiresAt: Date };

/**
 * The order's links that still open their proof (not revoked, not expired, their maker still
 * entitled to answer: decision 035), newest first.
 */
export async function liveShareLinks(
  db: Database,
  { orderId, now = new Date() }: { orderId: string; now?: Date },
): Promise<ShareLinkView[]> {
  const rows = await db
    .select({
      id: proofShareLinks.id,
      proofId: proofShareLinks.orderProofId,
      createdAt: proofShareLinks.createdAt,
      expiresAt: proofShareLinks.expiresAt,
      createdBy: proofShareLinks.createdBy,
      order: { id: orders.id, userId: orders.userId, accountId: orders.accountId },
    })
    .from(proofShareLinks)
    .innerJoin(orders, eq(orders.id, proofShareLinks.orderId))
    .where(
      and(eq(proofShareLinks.orderId, orderId), isNull(proofShareLinks.revokedAt), gt(proofShareLinks.expiresAt, now)),
    )
    .orderBy(desc(proofShareLinks.createdAt));
  const makers = new Map<string, boolean>();
  for (const row of rows) {
    if (!makers.has(row.createdBy))
      makers.set(row.createdBy, await sharerMayStillAnswer(db, { order: row.order, sharerId: row.createdBy }));
  }
  return rows
    .filter((row) => makers.get(row.createdBy))
    .map(({ id, proofId, createdAt, expiresAt }) => ({ id, proofId, createdAt, expiresAt }));
}

// ---------------------------------------------------------------------------------------------
// The public side: whoever holds the token

export type SharedProof = {
  linkId: string;
  orderId: string;
  orderNumber: string;
  line: number;
  title: string;
  version: number;
  originalName: string;
  contentType: string;
  storedName: string;
  /** A PDF proof has a page-one picture to show. */
  hasPreview: boolean;
  expiresAt: Date;
  /** What the proof must match, as the buyer's order page shows it (decision 038). */
  facts: ProofFacts;
};

/**
 * What a token opens, or why not: 404 for a token that was never made, 410 with the reason for
 * one revoked, expired, stale (a newer version was sent), answered, or whose order moved on.
 */
export async function openShareLink(
  db: Database,
  input: { token: string; now?: Date },
): Promise<{ ok: true; value: SharedProof } | Failure> {
  const notFound = failure(404, "LINK_NOT_FOUND", SHARE_LINK_MESSAGES.notFound);
  if (!looksLikeShareToken(input.token)) return notFound;
  const [found] = await db
    .select({ link: proofShareLinks, proof: orderProofs, order: orders })
    .from(proofShareLinks)
    .innerJoin(orderProofs, eq(orderProofs.id, proofShareLinks.orderProofId))
    .innerJoin(orders, eq(orders.id, proofShareLinks.orderId))
    .where(eq(proofShareLinks.tokenHash, hashToken(input.token)))
    .limit(1);
  if (!found || found.proof.orderId !== found.order.id) return notFound;
  const { link, proof, order } = found;
  const [newest] = await db
    .select({ version: orderProofs.version })
    .from(orderProofs)
    .where(eq(orderProofs.orderLineId, proof.orderLineId))
    .orderBy(desc(orderProofs.version))
    .limit(1);
  const state = shareLinkState({
    revokedAt: link.revokedAt,
    expiresAt: link.expiresAt,
    now: input.now ?? new Date(),
    version: proof.version,
    latestVersion: newest?.version ?? proof.version,
    decided: proof.decision !== null,
    orderWaitsForProof: toOrderStatus(order.status) === "proof_sent",
  });
  if (!state.ok) return failure(410, `LINK_${state.reason.toUpperCase()}`, SHARE_LINK_MESSAGES[state.reason]);
  if (!(await sharerMayStillAnswer(db, { order, sharerId: link.createdBy }))) return sharerLeft();
  const lines = await linesOfOrder(db, order);
  const line = lines.find((each) => each.id === proof.orderLineId);
  if (!line) return notFound;
  return {
    ok: true,
    value: {
      linkId: link.id,
      orderId: order.id,
      orderNumber: order.number,
      line: line.position,
      title: line.product.title,
      version: proof.version,
      originalName: proof.originalName,
      contentType: proof.contentType,
      storedName: proof.storedName,
      hasPreview: proof.previewStoredName !== null,
      expiresAt: link.expiresAt,
      facts: proofFacts(line, proof.note),
    },
  };
}

/** Every use of a share link from one address is counted, forged ones included. */
export async function countShareLinkHit(db: Database, ip: string): Promise<Failure | null> {
  const limit = await hitRateLimit(db, {
    key: `proof-link:${ip}`,
    limit: SHARE_LINK_HITS_PER_ADDRESS,
    windowSeconds: 15 * 60,
  });
  if (limit.allowed) return null;
  return failure(429, "RATE_LIMITED", SHARE_LINK_MESSAGES.tooMany, { retryAfterSeconds: limit.retryAfterSeconds });
}

/** The proof file of a live link (or, with `preview`, its PDF's page-one PNG), and never any other file. */
export async function openSharedProofFile(
  db: Database,
  input: { token: string; now?: Date; storage: FileStorage; preview?: boolean },
): Promise<{ ok: true; file: ArtworkDownload; shared: SharedProof } | Failure> {
  const opened = await openShareLink(db, input);
  if (!opened.ok) return opened;
  const [proof] = await db
    .select({ sizeBytes: orderProofs.sizeBytes, preview: orderProofs.previewStoredName })
    .from(orderProofs)
    .where(eq(orderProofs.storedName, opened.value.storedName))
    .limit(1);
  if (input.preview) {
    const png = proof?.preview ? await input.storage.get(proof.preview) : null;
    if (!png) return failure(404, "LINK_NOT_FOUND", SHARE_LINK_MESSAGES.notFound);
    const name = `${opened.value.originalName}.png`;
    return { ok: true, file: { name, contentType: "image/png", size: null, stream: png }, shared: opened.value };
  }
  const stream = await input.storage.get(opened.value.storedName);
  if (!proof || !stream) return failure(404, "LINK_NOT_FOUND", SHARE_LINK_MESSAGES.notFound);
  const { originalName: name, contentType } = opened.value;
  return { ok: true, file: { name, contentType, size: proof.sizeBytes, stream }, shared: opened.value };
}

/**
 * The guest's answer: the link is checked again inside respondToProof's transaction, so a link
 * revoked a moment before does nothing, and an answer arriving second finds the proof answered.
 */
export async function answerByShareLink(
  ctx: AppContext,
  input: { token: string; answer: GuestAnswer; now?: Date },
): Promise<{ ok: true; decision: GuestAnswer["decision"]; version: number } | Failure> {
  const { db } = ctx;
  const opened = await openShareLink(db, input);
  if (!opened.ok) return opened;
  const { answer } = input;
  const result = await respondToProof(ctx, {
    userId: "",
    orderId: opened.value.orderId,
    line: opened.value.line,
    proofVersion: opened.value.version,
    decision: answer.decision,
    comment: answer.decision === "changes" ? answer.comment : undefined,
    now: input.now,
    answerer: { kind: "guest", linkId: opened.value.linkId, name: answer.name, email: answer.email },
  });
  if (result.ok) return { ok: true, decision: answer.decision, version: opened.value.version };
  if (result.status === 409) {
    // Answered or outdated in the meantime: say which, as a fresh look at the link would.
    const again = await openShareLink(db, input);
    return again.ok ? result : again;
  }
  return result;
}
