/**
 * Erasing what a person sent without an account (docs/decisions/082-erasing-entries-without-an-account.md):
 * staff find the contact messages, quote requests made signed out, SMS sign-ups not tied to an
 * account, and the e-mails the shop sent to the address, by the exact address or number the person
 * gives, and erase them in one transaction, recorded in the audit log by the address's SHA-256 so
 * the record proves the erasure without keeping what was erased.
 */
import { createHash } from "node:crypto";
import { and, count, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { authUser, inquiries, orders, outbox, quoteRequests, smsSignups } from "#db/schema";
import { DELETED_CUSTOMER } from "~/domain/orders/data-rights";
import {
  DATA_REQUEST_MESSAGES,
  type ErasedCounts,
  erasedSummary,
  type PersonLookup,
} from "~/domain/people/data-requests";
import { maskedPhone } from "~/domain/people/sms-keywords";
import type { StaffMember } from "../accounts/admin-access.server";
import { recordAudit } from "../platform/audit-log.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import type { FileStorage } from "../providers/file-storage.server";
import { deleteAccount } from "./account-deletion.server";
import { type DataExportView, latestDataExport, requestDataExport } from "./data-exports.server";

/** Look-ups and erasures per member of staff an hour: a request by e-mail is answered in a few. */
export const DATA_REQUEST_LIMIT = { limit: 60, windowSeconds: 3600 } as const;

export type PersonEntries = {
  /** Who was asked for, as the page shows it back: the address, or the number masked. */
  shown: string;
  inquiries: { id: string; createdAt: Date; name: string; company: string }[];
  quoteRequests: { id: string; createdAt: Date; name: string }[];
  smsSignups: { id: string; createdAt: Date; phone: string }[];
  messages: number;
  /**
   * The account that uses the address or number: its entries are not erased here; staff prepare a
   * copy of its data for the person, or delete it (docs/decisions/084).
   */
  account: PersonAccount | null;
};

export type PersonAccount = {
  userId: string;
  name: string;
  since: Date;
  orders: number;
  latestExport: DataExportView | null;
};

/** The account an address or number belongs to, with what staff act on. */
async function accountOf(db: Database, lookup: PersonLookup, now: Date): Promise<PersonAccount | null> {
  const [user] = await db
    .select({ userId: authUser.id, name: authUser.name, since: authUser.createdAt })
    .from(authUser)
    .where(
      lookup.kind === "email"
        ? eq(sql`lower(${authUser.email})`, lookup.email)
        : or(
            eq(authUser.phoneNumber, lookup.phoneE164),
            inArray(
              authUser.id,
              db
                .select({ id: sql<string>`${smsSignups.userId}` })
                .from(smsSignups)
                .where(and(eq(smsSignups.phoneE164, lookup.phoneE164), isNotNull(smsSignups.userId))),
            ),
          ),
    )
    .limit(1);
  if (!user) return null;
  const [[placed], latestExport] = await Promise.all([
    db.select({ n: count() }).from(orders).where(eq(orders.userId, user.userId)),
    latestDataExport(db, { userId: user.userId, staff: true, now }),
  ]);
  return { ...user, orders: placed?.n ?? 0, latestExport };
}

const LISTED = 50;
const sentTo = (email: string) => and(eq(sql`lower(${outbox.to})`, email), sql`${outbox.status} <> 'queued'`);

async function budget(db: Database, staff: StaffMember): Promise<Failure | null> {
  const hit = await hitRateLimit(db, { key: `data-request:${staff.id}`, ...DATA_REQUEST_LIMIT });
  return hit.allowed
    ? null
    : failure(429, "TOO_MANY_DATA_REQUESTS", "You have looked up or erased many people this hour: try again later.", {
        retryAfterSeconds: hit.retryAfterSeconds,
      });
}

/** The entries the address or number finds, without an account's own. */
export async function findPersonEntries(
  db: Database,
  input: { staff: StaffMember; lookup: PersonLookup; now?: Date },
): Promise<PersonEntries | Failure> {
  const refused = await budget(db, input.staff);
  if (refused) return refused;
  const { lookup } = input;
  if (lookup.kind === "phone") {
    const rows = await db
      .select({ id: smsSignups.id, createdAt: smsSignups.createdAt, userId: smsSignups.userId })
      .from(smsSignups)
      .where(eq(smsSignups.phoneE164, lookup.phoneE164));
    const account = await accountOf(db, lookup, input.now ?? new Date());
    return {
      shown: maskedPhone(lookup.phoneE164),
      inquiries: [],
      quoteRequests: [],
      smsSignups: rows
        .filter((row) => row.userId === null)
        .map((row) => ({ id: row.id, createdAt: row.createdAt, phone: maskedPhone(lookup.phoneE164) })),
      messages: 0,
      account,
    };
  }
  const { email } = lookup;
  const [found, requests, [sent], account] = await Promise.all([
    db
      .select()
      .from(inquiries)
      .where(eq(sql`lower(${inquiries.email})`, email))
      .orderBy(desc(inquiries.createdAt))
      .limit(LISTED),
    db
      .select()
      .from(quoteRequests)
      .where(and(eq(sql`lower(${quoteRequests.email})`, email), isNull(quoteRequests.userId)))
      .orderBy(desc(quoteRequests.createdAt))
      .limit(LISTED),
    db.select({ n: count() }).from(outbox).where(sentTo(email)),
    accountOf(db, lookup, input.now ?? new Date()),
  ]);
  return {
    shown: email,
    inquiries: found.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      name: `${row.firstName} ${row.lastName}`.trim(),
      company: row.company,
    })),
    quoteRequests: requests.map((row) => ({ id: row.id, createdAt: row.createdAt, name: row.contactName ?? "" })),
    smsSignups: [],
    messages: sent?.n ?? 0,
    account,
  };
}

/**
 * Erases every entry the address or number finds (not only the 50 listed), in one transaction
 * with its audit event. A quote request answered with a quote is a signed-in buyer's, never found
 * here. Answers what went, in words.
 */
export async function erasePersonEntries(
  db: Database,
  input: { staff: StaffMember; lookup: PersonLookup },
): Promise<{ ok: true; message: string; counts: ErasedCounts } | Failure> {
  const refused = await budget(db, input.staff);
  if (refused) return refused;
  const { lookup } = input;
  const counts = await db.transaction(async (tx): Promise<ErasedCounts> => {
    const erased: ErasedCounts =
      lookup.kind === "phone"
        ? {
            inquiries: 0,
            quoteRequests: 0,
            smsSignups: (
              await tx
                .delete(smsSignups)
                .where(and(eq(smsSignups.phoneE164, lookup.phoneE164), isNull(smsSignups.userId)))
                .returning({ id: smsSignups.id })
            ).length,
            messages: 0,
          }
        : {
            inquiries: (
              await tx
                .delete(inquiries)
                .where(eq(sql`lower(${inquiries.email})`, lookup.email))
                .returning({ id: inquiries.id })
            ).length,
            quoteRequests: (
              await tx
                .delete(quoteRequests)
                .where(and(eq(sql`lower(${quoteRequests.email})`, lookup.email), isNull(quoteRequests.userId)))
                .returning({ id: quoteRequests.id })
            ).length,
            smsSignups: 0,
            messages: (await tx.delete(outbox).where(sentTo(lookup.email)).returning({ id: outbox.id })).length,
          };
    const who = lookup.kind === "phone" ? lookup.phoneE164 : lookup.email;
    await recordAudit(tx, input.staff, {
      action: "data.erase",
      subject: { kind: "person", id: `sha256:${createHash("sha256").update(who).digest("hex")}` },
      summary: `Erased at the person's request: ${erasedSummary(erased)}`,
      after: erased,
    });
    return erased;
  });
  return { ok: true, counts, message: `Erased ${erasedSummary(counts)}.` };
}

/**
 * What staff do for an account holder who wrote in (docs/decisions/084): a copy of the account's
 * data, or deleting the account once staff confirm the request came from its owner. The person is
 * found as findPersonEntries finds them, within the same budget; 404 when no account uses the
 * address or number. Answers what was done, in words, and whether the account is gone.
 */
export async function actForAccountHolder(
  ctx: { db: Database; storage: FileStorage },
  input: { staff: StaffMember; lookup: PersonLookup; now: Date; act: "copy" | "delete"; confirmed: boolean },
): Promise<{ ok: true; message: string; deleted: boolean } | Failure> {
  const found = await findPersonEntries(ctx.db, input);
  if ("ok" in found) return found;
  if (!found.account) return failure(404, "NO_ACCOUNT", DATA_REQUEST_MESSAGES.noAccount);
  const { userId } = found.account;
  if (input.act === "copy") {
    const asked = await requestDataExport(ctx.db, { userId, staff: input.staff });
    return asked.ok ? { ok: true, message: DATA_REQUEST_MESSAGES.copyQueued, deleted: false } : asked;
  }
  if (!input.confirmed) return failure(400, "CONFIRM_MISSING", DATA_REQUEST_MESSAGES.confirmOwner);
  const deleted = await deleteAccount(ctx, { userId, staff: input.staff });
  return deleted.ok
    ? { ok: true, message: DATA_REQUEST_MESSAGES.accountDeleted(DELETED_CUSTOMER), deleted: true }
    : deleted;
}
