/**
 * A person's data as a download (docs/decisions/084-data-export-and-account-deletion.md): asked for
 * from /account by the person, or by staff for a person who wrote in; prepared by a job into a ZIP
 * of JSON and CSV files with their documents' PDFs, kept in the uploads store, fetched by its
 * owner only (the person, or staff for one staff asked for) until it expires, then purged.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { z } from "zod";
import {
  authMember,
  authOrganization,
  authSession,
  authUser,
  cartItems,
  sizeCollections,
  creditNotes,
  dataExports,
  favourites,
  orderDrafts,
  orderLines,
  orders,
  orderStatusHistory,
  outbox,
  profiles,
  quoteRequests,
  quotes,
  reviews,
  shoppingListItems,
  smsSignups,
} from "#db/schema";
import { toCsv } from "~/domain/core/csv";
import { londonToday } from "~/domain/core/dates";
import { isPlaceholderEmail } from "~/domain/people/auth-rules";
import {
  DATA_EXPORT_DAILY_LIMIT,
  DATA_EXPORT_KEPT_MS,
  DATA_EXPORT_README,
  DATA_RIGHTS_MESSAGES,
  dataExportFileName,
  givenAddressesCsv,
} from "~/domain/orders/data-rights";
import { documentFileName } from "~/domain/pricing/documents";
import type { StaffMember } from "../accounts/admin-access.server";
import { renderDocumentPdf } from "../documents/documents.server";
import { loadOrderDocument } from "../documents/invoices.server";
import { defineJob, enqueue } from "../messages/jobs.server";
import { branded } from "../messages/mail-templates.server";
import { sendMail } from "../messages/mail.server";
import { recordAudit } from "../platform/audit-log.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { PRIVATE_CACHE_CONTROL } from "../platform/private-responses.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import type { AppContext } from "../providers/app-context.server";
import { deleteStored, putBytes } from "../providers/storage.server";

export const DATA_EXPORT_JOB = defineJob("data-export", z.object({ exportId: z.uuid() }), { maxAttempts: 3 });

/** A download as /account and the back office show it. */
export type DataExportView = {
  id: string;
  status: "preparing" | "ready" | "failed";
  sizeBytes: number | null;
  expiresAt: Date | null;
};

const byWhom = (staff: boolean) =>
  staff ? isNotNull(dataExports.requestedByStaff) : isNull(dataExports.requestedByStaff);

/**
 * Asks for `userId`'s data: the person themselves, or `staff` for them. A download still being
 * prepared for the same asker is answered again rather than made twice; past
 * DATA_EXPORT_DAILY_LIMIT a day for the person, refused.
 */
export async function requestDataExport(
  db: Database,
  input: { userId: string; staff?: StaffMember },
): Promise<{ ok: true; exportId: string } | Failure> {
  const [preparing] = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.userId, input.userId), eq(dataExports.status, "preparing"), byWhom(Boolean(input.staff))))
    .limit(1);
  if (preparing) return { ok: true, exportId: preparing.id };
  const hit = await hitRateLimit(db, {
    key: `data-export:${input.userId}`,
    limit: DATA_EXPORT_DAILY_LIMIT,
    windowSeconds: 86_400,
  });
  if (!hit.allowed)
    return failure(429, "TOO_MANY_EXPORTS", DATA_RIGHTS_MESSAGES.exportTooMany, {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
  const exportId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dataExports)
      .values({ userId: input.userId, requestedByStaff: input.staff?.id ?? null })
      .returning({ id: dataExports.id });
    if (!row) throw new Error("no data export row");
    await enqueue(tx, { job: DATA_EXPORT_JOB, payload: { exportId: row.id } });
    if (input.staff)
      await recordAudit(tx, input.staff, {
        action: "data.export",
        subject: { kind: "person", id: input.userId },
        summary: "Prepared an account's data for the person, who asked by e-mail",
      });
    return row.id;
  });
  return { ok: true, exportId };
}

/** The latest download of `userId` the asker can see: one being prepared, ready and not expired, or failed. */
export async function latestDataExport(
  db: Database,
  input: { userId: string; staff: boolean; now: Date },
): Promise<DataExportView | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, input.userId),
        byWhom(input.staff),
        or(isNull(dataExports.expiresAt), gt(dataExports.expiresAt, input.now)),
      ),
    )
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ? { id: row.id, status: row.status, sizeBytes: row.sizeBytes, expiresAt: row.expiresAt } : null;
}

/** Dates and the like as JSON writes them; pretty, so a person can read the file. */
const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

type Files = Record<string, Uint8Array>;

/** The orders the person placed, with their lines, history and documents' PDFs. */
async function orderFiles(
  ctx: Pick<AppContext, "db" | "business">,
  userId: string,
): Promise<{ files: Files; checkouts: unknown[] }> {
  const { db } = ctx;
  const placed = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const ids = placed.map((order) => order.id);
  const [lines, history, notes] = ids.length
    ? await Promise.all([
        db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.position)),
        db
          .select()
          .from(orderStatusHistory)
          .where(inArray(orderStatusHistory.orderId, ids))
          .orderBy(asc(orderStatusHistory.id)),
        db
          .select({ orderId: creditNotes.orderId, number: creditNotes.number })
          .from(creditNotes)
          .where(inArray(creditNotes.orderId, ids)),
      ])
    : [[], [], []];
  const files: Files = {};
  for (const order of placed) {
    const documents = [
      await loadOrderDocument(db, { orderId: order.id, kind: "invoice", reader: "staff" }),
      ...(await Promise.all(
        notes
          .filter((note) => note.orderId === order.id)
          .map((note) =>
            loadOrderDocument(db, { orderId: order.id, kind: "credit_note", number: note.number, reader: "staff" }),
          ),
      )),
    ];
    for (const document of documents)
      if (document) files[`documents/${documentFileName(document)}`] = await renderDocumentPdf(document, ctx.business);
  }
  files["orders.json"] = json(
    placed.map(({ paymentIntentId: _intent, version: _version, ...order }) => ({
      ...order,
      lines: lines.filter((line) => line.orderId === order.id).map(({ orderId: _o, draftId: _d, ...line }) => line),
      history: history
        .filter((entry) => entry.orderId === order.id)
        .map((entry) => ({ from: entry.fromStatus, to: entry.toStatus, at: entry.createdAt, note: entry.note })),
    })),
  );
  files["orders.csv"] = strToU8(
    toCsv(
      ["number", "placed", "status", "company", "subtotal", "discount", "shipping", "vat", "total", "currency"],
      placed.map((order) => {
        const details = (order.snapshot as { data?: { details?: { company?: string } } }).data?.details;
        return [
          order.number,
          order.createdAt.toISOString(),
          order.status,
          details?.company ?? "",
          order.subtotalPence / 100,
          order.discountPence / 100,
          order.shippingPence / 100,
          order.vatPence / 100,
          order.totalPence / 100,
          order.currency,
        ];
      }),
    ),
  );
  return { files, checkouts: placed.map((order) => (order.snapshot as { data?: unknown }).data) };
}

/** Everything else the shop holds of the person, file by file. */
async function personFiles(db: Database, userId: string): Promise<{ files: Files; checkouts: unknown[] }> {
  const [user] = await db.select().from(authUser).where(eq(authUser.id, userId));
  if (!user) throw new Error(`no account ${userId}`);
  const email = isPlaceholderEmail(user.email) ? null : user.email.toLowerCase();
  const phone = user.phoneNumber;
  const [
    profile,
    sessions,
    memberships,
    drafts,
    ownQuotes,
    requests,
    written,
    cart,
    liked,
    list,
    sent,
    signups,
    collected,
  ] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, userId)),
    db.select().from(authSession).where(eq(authSession.userId, userId)),
    db
      .select({ organisation: authOrganization.name, role: authMember.role, since: authMember.createdAt })
      .from(authMember)
      .innerJoin(authOrganization, eq(authOrganization.id, authMember.organizationId))
      .where(eq(authMember.userId, userId)),
    db
      .select()
      .from(orderDrafts)
      .where(and(eq(orderDrafts.userId, userId), isNull(orderDrafts.paidAt), sql`${orderDrafts.status} <> 'paid'`)),
    db.select().from(quotes).where(eq(quotes.userId, userId)),
    db
      .select()
      .from(quoteRequests)
      .where(
        email
          ? or(eq(quoteRequests.userId, userId), eq(sql`lower(${quoteRequests.email})`, email))
          : eq(quoteRequests.userId, userId),
      ),
    db.select().from(reviews).where(eq(reviews.userId, userId)),
    db.select().from(cartItems).where(eq(cartItems.userId, userId)),
    db.select().from(favourites).where(eq(favourites.userId, userId)),
    db.select().from(shoppingListItems).where(eq(shoppingListItems.userId, userId)),
    db
      .select()
      .from(outbox)
      .where(or(email ? eq(sql`lower(${outbox.to})`, email) : sql`false`, phone ? eq(outbox.to, phone) : sql`false`))
      .orderBy(asc(outbox.createdAt)),
    db
      .select()
      .from(smsSignups)
      .where(
        phone ? or(eq(smsSignups.userId, userId), eq(smsSignups.phoneE164, phone)) : eq(smsSignups.userId, userId),
      ),
    // Sizes the person collected by link (decision 090): what they set (their list of who should
    // answer included), not what the people who answered gave.
    db
      .select({
        title: sizeCollections.title,
        message: sizeCollections.message,
        productId: sizeCollections.productId,
        closesOn: sizeCollections.closesOn,
        spares: sizeCollections.spares,
        people: sizeCollections.people,
        createdAt: sizeCollections.createdAt,
        closedAt: sizeCollections.closedAt,
      })
      .from(sizeCollections)
      .where(eq(sizeCollections.userId, userId)),
  ]);
  const files: Files = {
    "account.json": json({
      id: user.id,
      name: user.name,
      firstName: profile[0]?.firstName ?? user.firstName,
      lastName: profile[0]?.lastName ?? user.lastName,
      email,
      emailConfirmed: user.emailVerified,
      phone,
      phoneConfirmed: user.phoneNumberVerified,
      twoStepSignIn: user.twoFactorEnabled,
      joined: user.createdAt,
      devicesSignedIn: sessions.map((session) => ({
        since: session.createdAt,
        until: session.expiresAt,
        address: session.ipAddress,
        browser: session.userAgent,
      })),
    }),
    "organisations.json": json(memberships),
    "drafts.json": json(
      drafts.map(({ data, status, createdAt, updatedAt, productId }) => ({
        productId,
        status,
        createdAt,
        updatedAt,
        data,
      })),
    ),
    "quotes.json": json({ quotes: ownQuotes, requests }),
    "reviews.json": json(
      written.map(({ productId, rating, body, createdAt, hiddenAt }) => ({
        productId,
        rating,
        body,
        createdAt,
        hidden: hiddenAt !== null,
      })),
    ),
    "saved.json": json({ cart, favourites: liked, shoppingList: list, sizeCollections: collected }),
    "messages.csv": strToU8(
      toCsv(
        ["sent", "to", "subject", "text", "status"],
        sent.map((message) => [
          (message.sentAt ?? message.createdAt).toISOString(),
          message.to,
          message.subject,
          message.text,
          message.status,
        ]),
      ),
    ),
    "consents.json": json(
      signups.map((signup) => ({
        phone: signup.phoneE164,
        consentText: signup.consentText,
        consentedAt: signup.consentAt,
        confirmedAt: signup.confirmedAt,
        withdrawnAt: signup.optedOutAt,
        page: signup.sourcePage,
      })),
    ),
  };
  return { files, checkouts: drafts.map((draft) => draft.data) };
}

/**
 * The job: gathers the person's data into a ZIP, keeps it in the uploads store and marks the
 * download ready until DATA_EXPORT_KEPT_MS from now; a person who asked themselves is e-mailed.
 * Run again for a download no longer being prepared, it does nothing. On its last attempt a
 * failure marks the download failed.
 */
export async function prepareDataExport(
  ctx: Pick<AppContext, "db" | "business" | "baseUrl" | "storage">,
  input: { exportId: string; now: Date; last: boolean },
): Promise<void> {
  const { db } = ctx;
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, input.exportId), eq(dataExports.status, "preparing")));
  if (!row) return;
  try {
    const person = await personFiles(db, row.userId);
    const placed = await orderFiles(ctx, row.userId);
    const files: Files = {
      "README.txt": strToU8(DATA_EXPORT_README),
      ...person.files,
      ...placed.files,
      "addresses.csv": strToU8(givenAddressesCsv([...placed.checkouts, ...person.checkouts])),
    };
    const zip = zipSync(files, { level: 6, mtime: input.now });
    const { storedName } = await putBytes(ctx.storage, zip);
    const expiresAt = new Date(input.now.getTime() + DATA_EXPORT_KEPT_MS);
    await db
      .update(dataExports)
      .set({ status: "ready", storedName, sizeBytes: zip.byteLength, readyAt: input.now, expiresAt })
      .where(eq(dataExports.id, row.id));
    const [user] = await db.select({ email: authUser.email }).from(authUser).where(eq(authUser.id, row.userId));
    if (!row.requestedByStaff && user && !isPlaceholderEmail(user.email))
      await sendMail(
        db,
        branded(ctx, {
          to: user.email,
          subject: "Your data is ready to download",
          lines: [
            "The copy of your data you asked for is ready. Download it from your account page, signed in, within 7 days; after that we delete it.",
            "If you didn't ask for it, change your password and write to us.",
          ],
          link: { label: "Your account", url: `${ctx.baseUrl}/account#your-data` },
          meta: { kind: "data-export-ready" },
        }),
      );
  } catch (error) {
    if (input.last)
      await db
        .update(dataExports)
        .set({ status: "failed", error: error instanceof Error ? error.message : String(error) })
        .where(eq(dataExports.id, row.id));
    throw error;
  }
}

/** Downloads of copies per reader an hour: a copy is fetched once or twice. */
export const DATA_EXPORT_DOWNLOAD_LIMIT = { limit: 20, windowSeconds: 3600 } as const;

/**
 * A ready download as a ZIP response, for its reader: the person who asked for it, or staff for
 * one staff asked for; null for anyone else, or one not ready or past its time; a 429 past
 * DATA_EXPORT_DOWNLOAD_LIMIT an hour per reader.
 */
export async function dataExportDownload(
  ctx: Pick<AppContext, "db" | "storage">,
  input: { exportId: string; reader: { userId: string } | { staffId: string }; now: Date },
): Promise<Response | null> {
  if (!z.uuid().safeParse(input.exportId).success) return null;
  const { reader } = input;
  const byStaff = "staffId" in reader;
  const hit = await hitRateLimit(ctx.db, {
    key: `data-export-download:${byStaff ? `staff:${reader.staffId}` : reader.userId}`,
    ...DATA_EXPORT_DOWNLOAD_LIMIT,
  });
  if (!hit.allowed)
    return new Response("Too many downloads of copies of data: try again later.", {
      status: 429,
      headers: {
        "Retry-After": String(Math.ceil(hit.retryAfterSeconds)),
        "Cache-Control": PRIVATE_CACHE_CONTROL,
      },
    });
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, input.exportId),
        eq(dataExports.status, "ready"),
        gt(dataExports.expiresAt, input.now),
        byStaff ? byWhom(true) : and(byWhom(false), eq(dataExports.userId, reader.userId)),
      ),
    );
  if (!row?.storedName || !row.readyAt) return null;
  const body = await ctx.storage.get(row.storedName);
  if (!body) return null;
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(row.sizeBytes ?? 0),
      "Content-Disposition": `attachment; filename="${dataExportFileName(londonToday(row.readyAt))}"`,
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The retention: downloads past their time, and ones that never became ready within it, with their files. */
export async function purgeDataExports(ctx: Pick<AppContext, "db" | "storage">, now: Date): Promise<number> {
  const stale = new Date(now.getTime() - DATA_EXPORT_KEPT_MS);
  const gone = await ctx.db
    .delete(dataExports)
    .where(or(lt(dataExports.expiresAt, now), and(isNull(dataExports.expiresAt), lt(dataExports.createdAt, stale))))
    .returning({ storedName: dataExports.storedName });
  await deleteStored(
    ctx.storage,
    gone.flatMap((row) => (row.storedName ? [row.storedName] : [])),
  );
  return gone.length;
}
