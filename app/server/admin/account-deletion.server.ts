/**
 * Deleting an account (docs/decisions/084-data-export-and-account-deletion.md), by the person after
 * their password (or a fresh sign-in, for an account without one), or by staff for a person who
 * asked by e-mail. What the law keeps stays: the orders, their lines, invoices and credit notes,
 * with the person's name replaced by "Deleted customer" and their contact details removed (in the
 * orders' and their paid drafts' checkout data, and on proofs they answered). Everything else of
 * theirs is erased: the account and its sessions (so every device is signed out at once), profile,
 * cart, favourites, shopping list, unpaid drafts and their artwork, quotes, reviews, SMS sign-ups,
 * messages, problem reports and their photos, proof links, downloads, their own brand kit.
 * An organisation keeps the orders its members shared.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  authInvitation,
  authMember,
  authOrganization,
  authUser,
  authVerification,
  brandKitLogos,
  brandKits,
  cartItems,
  cartQuotes,
  sizeCollections,
  dataExports,
  favourites,
  feedback,
  guaranteeClaims,
  orderDrafts,
  orderProofs,
  orders,
  outbox,
  preflightChecks,
  problemReportPhotos,
  problemReports,
  profiles,
  proofShareLinks,
  quoteRequests,
  quotes,
  reviews,
  shoppingListItems,
  smsSignups,
} from "#db/schema";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { toOrderStatus } from "~/domain/fulfilment/orders";
import { orderSnapshotSchema } from "~/domain/orders/order-snapshot";
import { isPlaceholderEmail } from "~/domain/people/auth-rules";
import { DATA_RIGHTS_MESSAGES, DELETED_CUSTOMER, isOrderUnderWay, withoutThePerson } from "~/domain/orders/data-rights";
import type { StaffMember } from "../accounts/admin-access.server";
import { deleteDraftsWithArtwork } from "../checkout/draft-deletion.server";
import { recordAudit } from "../platform/audit-log.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { deleteStored, type FileStorage } from "../providers/storage.server";

/**
 * Why an account may not be deleted now: the person's own orders still under way (409), or an
 * organisation they alone own among other members, which would be left without an owner (409).
 */
export async function accountDeletionRefusal(db: Database, userId: string): Promise<Failure | null> {
  const own = await db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.accountId, userId)));
  const underWay = own.filter((order) => isOrderUnderWay(toOrderStatus(order.status))).map((order) => order.number);
  if (underWay.length > 0) return failure(409, "ORDERS_UNDER_WAY", DATA_RIGHTS_MESSAGES.ordersUnderWay(underWay));
  const owned = await db
    .select({ organisationId: authMember.organizationId, name: authOrganization.name })
    .from(authMember)
    .innerJoin(authOrganization, eq(authOrganization.id, authMember.organizationId))
    .where(and(eq(authMember.userId, userId), eq(authMember.role, "owner")));
  const alone: string[] = [];
  for (const organisation of owned) {
    const [counts] = await db
      .select({
        owners: sql<number>`count(*) filter (where ${authMember.role} = 'owner')::int`,
        members: sql<number>`count(*)::int`,
      })
      .from(authMember)
      .where(eq(authMember.organizationId, organisation.organisationId));
    if (counts && counts.owners === 1 && counts.members > 1) alone.push(organisation.name);
  }
  return alone.length > 0 ? failure(409, "SOLE_OWNER", DATA_RIGHTS_MESSAGES.soleOwner(alone)) : null;
}

/** Deletes rows and answers the stored files they named, for removal once the deletion is committed. */
async function deletedFiles(statement: Promise<{ name: string | null }[]>): Promise<string[]> {
  return (await statement).flatMap((row) => (row.name ? [row.name] : []));
}

/**
 * Deletes `userId`'s account as the module says. Refused (409) while their own orders are under way
 * or they are an organisation's only owner among other members; 404 for no such account.
 */
export async function deleteAccount(
  ctx: { db: Database; storage: FileStorage },
  input: { userId: string; staff?: StaffMember },
): Promise<{ ok: true } | Failure> {
  const { db } = ctx;
  const [user] = await db.select().from(authUser).where(eq(authUser.id, input.userId));
  if (!user) return failure(404, "NO_ACCOUNT", "There is no such account.");
  const refused = await accountDeletionRefusal(db, user.id);
  if (refused) return refused;
  const email = isPlaceholderEmail(user.email) ? null : user.email.toLowerCase();
  const phone = user.phoneNumber;
  const either = (byEmail: SQL | false, byPhone: SQL | false): SQL =>
    or(...[byEmail, byPhone].filter((clause): clause is SQL => clause !== false)) ?? sql`false`;

  const files = await db.transaction(async (tx) => {
    // What the law keeps: the orders, with the person taken out of their checkout data.
    for (const order of await tx
      .select({ id: orders.id, snapshot: orders.snapshot })
      .from(orders)
      .where(eq(orders.userId, user.id))) {
      const snapshot = orderSnapshotSchema.parse(order.snapshot);
      await tx
        .update(orders)
        .set({ snapshot: { ...snapshot, data: withoutThePerson(snapshot.data) } })
        .where(eq(orders.id, order.id));
    }
    const paidDrafts = await tx
      .select({ id: orderDrafts.id, data: orderDrafts.data })
      .from(orderDrafts)
      .where(
        and(
          eq(orderDrafts.userId, user.id),
          sql`exists (select 1 from order_lines l where l.draft_id = ${orderDrafts.id})`,
        ),
      );
    for (const draft of paidDrafts)
      await tx
        .update(orderDrafts)
        .set({ data: withoutThePerson(draftDataSchema.parse(draft.data)) })
        .where(eq(orderDrafts.id, draft.id));
    await tx
      .update(orderProofs)
      .set({ decidedByName: DELETED_CUSTOMER, decidedByEmail: null })
      .where(eq(orderProofs.decidedByUserId, user.id));
    await tx.update(guaranteeClaims).set({ note: "" }).where(eq(guaranteeClaims.claimedBy, user.id));

    // Everything else of theirs.
    const reports = tx
      .select({ id: problemReports.id })
      .from(problemReports)
      .where(eq(problemReports.reportedBy, user.id));
    const stored = [
      ...(await deletedFiles(
        tx
          .delete(problemReportPhotos)
          .where(inArray(problemReportPhotos.reportId, reports))
          .returning({ name: problemReportPhotos.storedName }),
      )),
      ...(await deletedFiles(
        tx.delete(dataExports).where(eq(dataExports.userId, user.id)).returning({ name: dataExports.storedName }),
      )),
      ...(await deletedFiles(
        tx
          .delete(brandKitLogos)
          .where(eq(brandKitLogos.accountId, user.id))
          .returning({ name: brandKitLogos.storedName }),
      )),
    ];
    await tx.delete(problemReports).where(eq(problemReports.reportedBy, user.id));
    await tx.delete(brandKits).where(eq(brandKits.accountId, user.id));
    for (const table of [
      profiles,
      cartItems,
      favourites,
      shoppingListItems,
      cartQuotes,
      feedback,
      reviews,
      preflightChecks,
      // Sizes collected by link, with the answers people gave (decision 090).
      sizeCollections,
    ])
      await tx.delete(table).where(eq(table.userId, user.id));
    await tx.delete(proofShareLinks).where(eq(proofShareLinks.createdBy, user.id));
    await tx.delete(quotes).where(and(eq(quotes.userId, user.id), eq(quotes.accountId, user.id)));
    await tx
      .delete(quoteRequests)
      .where(
        either(eq(quoteRequests.userId, user.id), email !== null && eq(sql`lower(${quoteRequests.email})`, email)),
      );
    await tx
      .delete(smsSignups)
      .where(either(eq(smsSignups.userId, user.id), phone !== null && eq(smsSignups.phoneE164, phone)));
    await tx
      .delete(outbox)
      .where(either(email !== null && eq(sql`lower(${outbox.to})`, email), phone !== null && eq(outbox.to, phone)));
    if (email) await tx.delete(authInvitation).where(eq(sql`lower(${authInvitation.email})`, email));
    await tx
      .delete(authVerification)
      .where(
        either(
          email !== null && eq(sql`lower(${authVerification.identifier})`, email),
          phone !== null && eq(authVerification.identifier, phone),
        ),
      );
    // The account itself: its sign-in methods, sessions, memberships and two-step keys go with it.
    await tx.delete(authUser).where(eq(authUser.id, user.id));
    if (input.staff)
      await recordAudit(tx, input.staff, {
        action: "account.delete",
        subject: { kind: "person", id: user.id },
        summary: `Deleted an account at the person's request (${email ? `address sha256:${createHash("sha256").update(email).digest("hex")}` : "no address"}); its orders are kept under "${DELETED_CUSTOMER}"`,
      });
    return stored;
  });
  await deleteStored(ctx.storage, files);
  // Unpaid drafts and their artwork, as the retention purge deletes them.
  await deleteDraftsWithArtwork(db, {
    doomed: sql`select d.id from order_drafts d
                 where d.user_id = ${user.id}
                   and not exists (select 1 from order_lines l where l.draft_id = d.id)`,
    storage: ctx.storage,
    why: "deleted account's",
  });
  return { ok: true };
}
