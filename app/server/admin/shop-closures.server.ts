/**
 * The operator's closures (docs/decisions/078-shop-closures.md), kept and changed by staff at
 * `/admin/closures`. A change raises the catalogue's version in its own transaction, so every
 * process reloads the closures with the catalogue within a second (catalogue-store.server.ts),
 * counts the same working days, and drops the cached pages that showed the old dates.
 */
import { asc, eq, gte } from "drizzle-orm";
import { catalogueVersion, shopClosures } from "#db/schema";
import { addDays, londonToday } from "~/domain/core/dates";
import { isUuid } from "~/domain/core/ids";
import { readClosureForm, upcomingClosedDays, type ClosedDay } from "~/domain/fulfilment/closures";
import type { StaffMember } from "../accounts/admin-access.server";
import { raiseCatalogueVersion } from "../catalogue/catalogue-edits.server";
import { forgetCatalogue } from "../catalogue/catalogue-store.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { recordAudit } from "../platform/audit-log.server";

/** Closures added or removed per member of staff an hour: a calendar is set in a few changes. */
export const CLOSURE_CHANGE_LIMIT = { limit: 30, windowSeconds: 3600 } as const;

export const CLOSURE_SERVER_MESSAGES = {
  tooMany: "You have changed the closures 30 times this hour: wait a while and try again.",
  gone: "That closure is not there any more: someone removed it. The list below is the current one.",
  ended:
    "That closure has ended: it stays, so the dates already counted over it (proofs due, deliveries promised) do not change.",
  added: (reason: string) => `Closed: ${reason}. Every date the shop promises from now skips these days.`,
  removed: (reason: string) => `Removed: ${reason}. From today those days are working days again.`,
} as const;

export type ClosuresPage = {
  /** Bank holidays to the end of next year and the closures to come, in date order. */
  days: ClosedDay[];
  today: string;
};

type ClosureRow = { id: string; from: string; to: string; reason: string };

const readClosures = (db: Database, today: string): Promise<ClosureRow[]> =>
  db
    .select({ id: shopClosures.id, from: shopClosures.firstDay, to: shopClosures.lastDay, reason: shopClosures.reason })
    .from(shopClosures)
    .where(gte(shopClosures.lastDay, today))
    .orderBy(asc(shopClosures.firstDay));

/** What the closures page shows: the days the shop is shut from today on. */
export async function closuresPage(db: Database, now: Date): Promise<ClosuresPage> {
  const today = londonToday(now);
  return { today, days: upcomingClosedDays(today, await readClosures(db, today)) };
}

async function changeBudget(db: Database, staff: StaffMember): Promise<Failure | null> {
  const hit = await hitRateLimit(db, { key: `closure-change:${staff.id}`, ...CLOSURE_CHANGE_LIMIT });
  return hit.allowed
    ? null
    : failure(429, "TOO_MANY_CLOSURE_CHANGES", CLOSURE_SERVER_MESSAGES.tooMany, {
        retryAfterSeconds: hit.retryAfterSeconds,
      });
}

/**
 * Adds a closure from the form's fields, checked (closures.ts) against the closures to come as
 * they are inside the transaction: the catalogue's version row is locked first, so two closures
 * saved at once are checked one after the other and cannot overlap.
 */
export async function addClosure(
  db: Database,
  input: { staff: StaffMember; fields: Readonly<Record<string, string>>; now: Date },
): Promise<{ ok: true; message: string } | Failure> {
  const refused = await changeBudget(db, input.staff);
  if (refused) return refused;
  const today = londonToday(input.now);
  const outcome = await db.transaction(async (tx) => {
    await tx.select({ version: catalogueVersion.version }).from(catalogueVersion).for("update");
    const read = readClosureForm(input.fields, { today, closures: await readClosures(tx, today) });
    if (!read.ok) return failure(400, "BAD_CLOSURE", read.message, { fieldErrors: { [read.field]: read.message } });
    const [made] = await tx
      .insert(shopClosures)
      .values({
        firstDay: read.closure.from,
        lastDay: read.closure.to,
        reason: read.closure.reason,
        staffId: input.staff.id,
      })
      .returning({ id: shopClosures.id });
    await recordAudit(tx, input.staff, {
      action: "closure.add",
      subject: { kind: "closure", id: made!.id },
      summary: `Shop closed ${read.closure.from} to ${read.closure.to}: ${read.closure.reason}`,
      after: read.closure,
    });
    await raiseCatalogueVersion(tx);
    return { ok: true as const, message: CLOSURE_SERVER_MESSAGES.added(read.closure.reason) };
  });
  if (outcome.ok) forgetCatalogue(db);
  return outcome;
}

/**
 * Removes a closure that has not ended. One under way is cut short to end yesterday instead, so the
 * days it already closed stay closed and what was counted over them does not move; the shop works
 * again from today.
 */
export async function removeClosure(
  db: Database,
  input: { staff: StaffMember; id: string; now: Date },
): Promise<{ ok: true; message: string } | Failure> {
  if (!isUuid(input.id)) return failure(400, "BAD_CLOSURE_ID", "Choose a closure to remove from the list.");
  const refused = await changeBudget(db, input.staff);
  if (refused) return refused;
  const today = londonToday(input.now);
  const outcome = await db.transaction(async (tx) => {
    await tx.select({ version: catalogueVersion.version }).from(catalogueVersion).for("update");
    const [row] = await tx.select().from(shopClosures).where(eq(shopClosures.id, input.id));
    if (!row) return failure(404, "CLOSURE_GONE", CLOSURE_SERVER_MESSAGES.gone);
    if (row.lastDay < today) return failure(409, "CLOSURE_ENDED", CLOSURE_SERVER_MESSAGES.ended);
    if (row.firstDay < today)
      await tx
        .update(shopClosures)
        .set({ lastDay: addDays(today, -1) })
        .where(eq(shopClosures.id, input.id));
    else await tx.delete(shopClosures).where(eq(shopClosures.id, input.id));
    await recordAudit(tx, input.staff, {
      action: "closure.remove",
      subject: { kind: "closure", id: row.id },
      summary: `Closure removed: ${row.reason}`,
      before: { from: row.firstDay, to: row.lastDay },
      after: row.firstDay < today ? { from: row.firstDay, to: addDays(today, -1) } : null,
    });
    await raiseCatalogueVersion(tx);
    return { ok: true as const, message: CLOSURE_SERVER_MESSAGES.removed(row.reason) };
  });
  if (outcome.ok) forgetCatalogue(db);
  return outcome;
}
