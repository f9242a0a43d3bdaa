import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  artworkFiles,
  orderDrafts,
  outbox,
  pageViews,
  problemReportPhotos,
  problemReports,
  rateLimits,
  sizeCollectionAnswers,
  sizeCollections,
  smsSignups,
} from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { queryRows } from "../platform/db.server";
import { purgeExpiredRecords } from "./retention-purges.server";
import { createLocalStorage } from "../providers/storage.server";

const handle = testFileDatabase();
const dir = mkdtempSync(join(tmpdir(), "swag-purge-"));
const storage = createLocalStorage(dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;
const MINUTE = 60_000;
const now = new Date("2026-11-26T12:00:00.000Z");
const retention = {
  unpaidDraftDays: 90,
  pageViewDays: 365,
  rateLimitDays: 1,
  outboxDays: 30,
  smsDays: 60,
  problemPhotoDays: 365,
};
/** Just inside a period (kept) and just outside it (deleted). */
const inside = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY - extraMs + MINUTE);
const outside = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY - extraMs - MINUTE);

const purge = () => purgeExpiredRecords(handle.db, { retention, now, storage });

async function fileExists(storedName: string) {
  return (await storage.get(storedName)) !== null;
}

async function draftWithArtwork(status: "customisation_draft" | "awaiting_payment", updatedAt: Date) {
  const [draft] = await handle.db
    .insert(orderDrafts)
    .values({ accountId: "user-1", userId: "user-1", productId: "8", status, updatedAt })
    .returning({ id: orderDrafts.id });
  const stored = await storage.put(new Blob(["artwork bytes"]).stream());
  await handle.db.insert(artworkFiles).values({
    id: randomUUID(),
    draftId: draft!.id,
    userId: "user-1",
    originalName: "logo.png",
    storedName: stored.storedName,
    sizeBytes: stored.size,
    contentType: "image/png",
  });
  return { draftId: draft!.id, storedName: stored.storedName };
}

const draftIds = async () =>
  (await handle.db.select({ id: orderDrafts.id }).from(orderDrafts)).map((row) => row.id).sort();

describe("purgeExpiredRecords (B-17)", () => {
  it("deletes an unpaid draft changed just outside its period with its artwork record and file", async () => {
    const old = await draftWithArtwork("awaiting_payment", outside(90));
    const recent = await draftWithArtwork("customisation_draft", inside(90));
    const counts = await purge();
    expect(counts).toMatchObject({ unpaidDrafts: 1, artworkFiles: 1 });
    expect(await draftIds()).toEqual([recent.draftId]);
    expect(await fileExists(old.storedName)).toBe(false);
    expect(await fileExists(recent.storedName)).toBe(true);
    const artwork = await handle.db.select({ draftId: artworkFiles.draftId }).from(artworkFiles);
    expect(artwork).toEqual([{ draftId: recent.draftId }]);
  });

  it("never deletes a paid draft, nor an unpaid one that became an order line (a bank transfer awaited)", async () => {
    const paid = await insertPaidOrder(handle.db, {
      userId: "user-1",
      email: "a@b.test",
      company: "Acme",
      createdAt: outside(400),
    });
    const awaiting = await insertPaidOrder(handle.db, { userId: "user-2", email: "c@d.test", company: "Beta" });
    await handle.db.execute(
      sql`update order_drafts set status = 'awaiting_payment', paid_at = null, updated_at = ${outside(400).toISOString()}
           where id in (select draft_id from order_lines where order_id = ${awaiting.id})`,
    );
    await handle.db.execute(sql`update order_drafts set updated_at = ${outside(400).toISOString()}`);
    const before = await draftIds();
    expect(before).toHaveLength(2);
    const counts = await purge();
    expect(counts.unpaidDrafts).toBe(0);
    expect(await draftIds()).toEqual(before);
    const [orders] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from orders`);
    expect(orders?.n).toBe(2);
    expect(paid.id).toBeTruthy();
  });

  it("deletes page views, outbox messages and counters just outside their periods and keeps those just inside", async () => {
    await handle.db.insert(pageViews).values([
      { path: "/old", createdAt: outside(365) },
      { path: "/new", createdAt: inside(365) },
    ]);
    await handle.db.insert(outbox).values([
      { to: "+447700900001", subject: "SMS", text: "old", createdAt: outside(30) },
      { to: "a@b.test", subject: "Mail", text: "new", createdAt: inside(30) },
    ]);
    await handle.db.insert(rateLimits).values([
      { key: "old", count: 1, windowStart: outside(1, DAY) },
      { key: "new", count: 1, windowStart: inside(1, DAY) },
    ]);
    await handle.db.execute(
      sql`insert into auth_rate_limit (id, key, count, last_request) values
            ('a', 'old', 1, ${outside(1, DAY).getTime()}), ('b', 'new', 1, ${inside(1, DAY).getTime()})`,
    );
    const counts = await purge();
    expect(counts).toMatchObject({ pageViews: 1, outbox: 1, rateLimits: 2 });
    expect(await handle.db.select({ path: pageViews.path }).from(pageViews)).toEqual([{ path: "/new" }]);
    expect(await handle.db.select({ text: outbox.text }).from(outbox)).toEqual([{ text: "new" }]);
    expect(await handle.db.select({ key: rateLimits.key }).from(rateLimits)).toEqual([{ key: "new" }]);
    expect(await queryRows(handle.db, sql`select key from auth_rate_limit`)).toEqual([{ key: "new" }]);
  });

  it("deletes an SMS sign-up opted out just outside the period and never one still signed up", async () => {
    const signup = (phone: string, optedOutAt: Date | null) => ({
      phoneE164: phone,
      consentText: "Yes",
      consentAt: outside(1000),
      confirmedAt: outside(1000),
      optedOutAt,
    });
    await handle.db
      .insert(smsSignups)
      .values([
        signup("+447700900001", outside(60)),
        signup("+447700900002", inside(60)),
        signup("+447700900003", null),
      ]);
    const counts = await purge();
    expect(counts.smsSignups).toBe(1);
    const left = await handle.db.select({ phone: smsSignups.phoneE164 }).from(smsSignups).orderBy(smsSignups.phoneE164);
    expect(left).toEqual([{ phone: "+447700900002" }, { phone: "+447700900003" }]);
  });

  it("deletes a sign-up never confirmed the period after its YES request lapsed (decision 034)", async () => {
    const pending = (phone: string, consentAt: Date, confirmExpiresAt: Date | null) => ({
      phoneE164: phone,
      consentText: "Yes",
      consentAt,
      confirmExpiresAt,
    });
    await handle.db.insert(smsSignups).values([
      pending("+447700900011", outside(62), outside(60)),
      pending("+447700900012", outside(62), inside(60)),
      // From before the double opt-in: no request, its consent time counts.
      pending("+447700900013", outside(60), null),
      pending("+447700900014", inside(60), null),
    ]);
    expect((await purge()).smsSignups).toBe(2);
    const left = await handle.db.select({ phone: smsSignups.phoneE164 }).from(smsSignups).orderBy(smsSignups.phoneE164);
    expect(left).toEqual([{ phone: "+447700900012" }, { phone: "+447700900014" }]);
  });

  it("deletes the photos of problem reports resolved past the period, with their files; open reports keep theirs", async () => {
    const order = await insertPaidOrder(handle.db, {
      userId: "buyer-photos",
      email: "b@acme.example",
      company: "Acme",
    });
    const report = async (resolvedAt: Date | null) => {
      const [row] = await handle.db
        .insert(problemReports)
        .values({
          orderId: order.id,
          reportedBy: "buyer-photos",
          linePositions: [1],
          description: "Logo upside down",
          ...(resolvedAt ? { status: "resolved", resolvedAt, resolvedBy: "staff" } : {}),
        })
        .returning({ id: problemReports.id });
      const stored = await storage.put(new Blob(["photo bytes"]).stream());
      await handle.db.insert(problemReportPhotos).values({
        reportId: row!.id,
        uploadedBy: "buyer-photos",
        originalName: "caps.jpg",
        storedName: stored.storedName,
        contentType: "image/jpeg",
        sizeBytes: stored.size,
      });
      return { reportId: row!.id, storedName: stored.storedName };
    };
    const old = await report(outside(365));
    const recent = await report(inside(365));
    const open = await report(null);
    expect((await purge()).problemPhotos).toBe(1);
    expect(await fileExists(old.storedName)).toBe(false);
    expect(await fileExists(recent.storedName)).toBe(true);
    expect(await fileExists(open.storedName)).toBe(true);
    const left = await handle.db.select({ reportId: problemReportPhotos.reportId }).from(problemReportPhotos);
    expect(left.map((row) => row.reportId).sort()).toEqual([recent.reportId, open.reportId].sort());
    // The report itself stays with the order.
    expect(await handle.db.select().from(problemReports)).toHaveLength(3);
  });

  it("deletes size collections closed, or past their closing day, outside the unpaid drafts' period, with their answers (decision 090)", async () => {
    // The cutoff is 90 days before now: 2026-08-28 noon.
    const collection = async (title: string, closesOn: string, closedAt: Date | null) => {
      const [row] = await handle.db
        .insert(sizeCollections)
        .values({
          userId: "user-1",
          cartItemId: randomUUID(),
          productId: "15",
          title,
          closesOn,
          closedAt,
          tokenHash: randomUUID(),
        })
        .returning({ id: sizeCollections.id });
      await handle.db
        .insert(sizeCollectionAnswers)
        .values({ collectionId: row!.id, size: "M", name: `${title} runner`, editTokenHash: randomUUID() });
      return row!.id;
    };
    await collection("closed outside", "2026-09-30", outside(90));
    const closedInside = await collection("closed inside", "2026-09-30", inside(90));
    // Its last day ended at midnight London (23:00 UTC) on 26 August: before the cutoff.
    await collection("lapsed outside", "2026-08-26", null);
    // Its last day ends at 23:00 UTC on 28 August: after the cutoff.
    const lapsedInside = await collection("lapsed inside", "2026-08-28", null);
    expect((await purge()).sizeCollections).toBe(2);
    const left = await handle.db.select({ id: sizeCollections.id }).from(sizeCollections);
    expect(left.map((row) => row.id).sort()).toEqual([closedInside, lapsedInside].sort());
    const answers = await handle.db.select({ name: sizeCollectionAnswers.name }).from(sizeCollectionAnswers);
    expect(answers.map((row) => row.name).sort()).toEqual(["closed inside runner", "lapsed inside runner"]);
  });

  it("removes audit log entries older than six years and a day, and keeps the rest", async () => {
    // `now` is 2026-11-26 noon: the cutoff is 2020-11-25 noon.
    const event = (at: string) => ({
      at: new Date(at),
      staffId: "staff-1",
      action: "order.status",
      subjectKind: "order",
      subjectId: "o-1",
      summary: "Order SS-000001 moved",
    });
    await handle.db.insert(auditEvents).values([event("2020-11-25T11:00:00Z"), event("2020-11-25T13:00:00Z")]);
    expect((await purge()).auditEvents).toBe(1);
    expect((await handle.db.select().from(auditEvents)).map((row) => row.at.toISOString())).toEqual([
      "2020-11-25T13:00:00.000Z",
    ]);
  });

  it("finds nothing left on a second run", async () => {
    await draftWithArtwork("customisation_draft", outside(90));
    await handle.db.insert(pageViews).values({ path: "/old", createdAt: outside(365) });
    expect(await purge()).toMatchObject({ unpaidDrafts: 1, pageViews: 1 });
    expect(await purge()).toEqual({
      unpaidDrafts: 0,
      artworkFiles: 0,
      pageViews: 0,
      rateLimits: 0,
      outbox: 0,
      smsSignups: 0,
      problemPhotos: 0,
      sizeCollections: 0,
      auditEvents: 0,
      dataExports: 0,
    });
    expect(await handle.db.select().from(orderDrafts).where(eq(orderDrafts.userId, "user-1"))).toEqual([]);
  });
});
