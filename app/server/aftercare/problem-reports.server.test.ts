/**
 * "Report a problem" on a delivered order (docs/decisions/043-problem-reports.md):
 * within 14 days of delivery, by a reader of the order only, one open at a time, rate-limited;
 * staff are alerted at the sales address, see it in the back office with its photos and mark it
 * resolved. Photos are JPEG or PNG by their first bytes, counted against the upload allowance.
 * Real PGlite, a loopback SMTP server and local file storage.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, orderStatusHistory, problemReports } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { tempLocalStorage } from "../../../tests/setup/temp-storage";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { PROBLEM_MESSAGES, PROBLEM_PHOTO_LIMIT } from "~/domain/orders/problem-reports";
import type { StaffMember } from "../accounts/admin-access.server";
import { queryRows } from "../platform/db.server";
import { runDueJobs } from "../edge/job-worker.server";
import type { AppContext } from "../providers/app-context.server";
import { addProblemPhoto, openProblemPhoto } from "./problem-photos.server";
import { openProblemReports, problemOfOrder, reportProblem, resolveProblemReport } from "./problem-reports.server";

const handle = testFileDatabase();
const storage = tempLocalStorage("problem-photos-");
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The test shop, with a mail server on loopback. */
let ctx: AppContext;

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(() => smtp.close());
beforeEach(async () => {
  await smtp.clear();
  await handle.db.execute(sql`delete from rate_limits`);
});

const BUYER = "buyer-problem-1";
const buyer = { userId: BUYER, accountId: BUYER };
const staff: StaffMember = { id: "staff-problem-1", name: "Olive Ops", email: "ops@swag.example" };
const sales = async () => (await smtp.delivered()).filter((mail) => mail.to.includes(TEST_SHOP.business.salesEmail));
const FORM = { "line-1": "on", description: "Twelve caps arrived with the logo upside down." };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(7)]);

/** A delivered order of 100 caps, marked delivered at `deliveredAt`. */
async function deliveredOrder(deliveredAt = "2026-11-02T12:00:00Z", userId = BUYER) {
  const order = await insertPaidOrder(handle.db, {
    userId,
    email: "pat@problem.example",
    company: "Northwind Events",
    status: "delivered",
  });
  await handle.db.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: "shipped",
    toStatus: "delivered",
    actor: "staff",
    createdAt: new Date(deliveredAt),
  });
  return order;
}

const report = (orderId: string, now = "2026-11-05T09:00:00Z", who = buyer, fields: Record<string, string> = FORM) =>
  reportProblem(ctx, { ...who, orderId, fields, now: new Date(now) });

const photo = (orderId: string, body: Uint8Array<ArrayBuffer>, name = "box.png", who = buyer) =>
  addProblemPhoto(handle.db, {
    ...who,
    orderId,
    storage,
    request: new Request("http://shop.test/x", {
      method: "POST",
      body,
      headers: { "X-File-Name": encodeURIComponent(name), "Content-Length": String(body.byteLength) },
    }),
  });

describe("reporting a problem with a delivered order", () => {
  it("reaches staff as a case: an alert at the sales address and a place in the back office", async () => {
    const order = await deliveredOrder();
    expect(await report(order.id)).toEqual({ ok: true, message: PROBLEM_MESSAGES.reported });
    await expect.poll(async () => (await sales()).length).toBe(1);
    const [alert] = await sales();
    expect(alert?.subject).toBe(`Problem reported on order ${order.number}`);
    expect(alert?.text).toContain("reports a problem with: Custom Embroidered Cap.");
    expect(alert?.text).toContain("Twelve caps arrived with the logo upside down.");
    expect(alert?.text).toContain("/admin/problem-reports");

    expect(await photo(order.id, PNG)).toMatchObject({ ok: true, photo: { name: "box.png", size: PNG.byteLength } });
    const [open] = await openProblemReports(handle.db);
    expect(open).toMatchObject({
      orderId: order.id,
      orderNumber: order.number,
      lineTitles: ["Custom Embroidered Cap"],
      description: FORM.description,
      photos: [{ name: "box.png", size: PNG.byteLength }],
    });
    const download = await openProblemPhoto(handle.db, { reportId: open!.id, photoId: open!.photos[0]!.id, storage });
    expect(new Uint8Array(await new Response(download!.stream).arrayBuffer())).toEqual(PNG);
    // Another report's id with this photo's id opens nothing.
    expect(await openProblemPhoto(handle.db, { reportId: order.id, photoId: open!.photos[0]!.id, storage })).toBeNull();

    // One open at a time, even from a second tab.
    expect(await report(order.id)).toMatchObject({ status: 409, code: "PROBLEM_ALREADY_OPEN" });
    expect(await resolveProblemReport(handle.db, { staff, reportId: open!.id })).toEqual({
      ok: true,
      message: `The problem report on order ${order.number} is marked resolved.`,
    });
    expect(await resolveProblemReport(handle.db, { staff, reportId: open!.id })).toMatchObject({ status: 409 });
    expect(await openProblemReports(handle.db)).toEqual([]);
    expect((await problemOfOrder(handle.db, { order, now: new Date("2026-11-05T10:00:00Z") })).report?.status).toBe(
      "resolved",
    );
    // Resolved: a new problem may be reported, and a photo cannot be added to the closed one.
    expect(await photo(order.id, PNG)).toMatchObject({ status: 409, code: "NO_OPEN_REPORT" });
    expect(await report(order.id, "2026-11-06T09:00:00Z")).toMatchObject({ ok: true });
  });

  it("is open for 14 days after delivery and not before delivery", async () => {
    const order = await deliveredOrder("2026-11-02T12:00:00Z");
    expect(await report(order.id, "2026-11-17T09:00:00Z")).toMatchObject({ status: 409, code: "PROBLEM_CLOSED" });
    expect(await report(order.id, "2026-11-16T22:00:00Z")).toMatchObject({ ok: true });
    const shipped = await insertPaidOrder(handle.db, {
      userId: BUYER,
      email: "pat@problem.example",
      company: "Northwind Events",
      status: "shipped",
    });
    expect(await report(shipped.id)).toMatchObject({ status: 409, code: "PROBLEM_NOT_DELIVERED" });
  });

  it("is the order's readers' only: another buyer gets the 404 of an unknown order", async () => {
    const order = await deliveredOrder();
    expect(await report(order.id, undefined, { userId: "someone-else", accountId: "someone-else" })).toMatchObject({
      status: 404,
      code: "ORDER_NOT_FOUND",
    });
    // Placing it opens nothing once the session acts for another account (docs/decisions/035-current-membership.md).
    await handle.db.update(orders).set({ accountId: "org-problem-1" }).where(eq(orders.id, order.id));
    expect(await report(order.id, undefined, buyer)).toMatchObject({ status: 404 });
    expect(await report(order.id, undefined, { userId: "colleague-1", accountId: "org-problem-1" })).toMatchObject({
      ok: true,
    });
    expect(await photo(order.id, PNG, "box.png", buyer)).toMatchObject({ status: 404 });
    expect(await handle.db.select().from(problemReports).where(eq(problemReports.orderId, order.id))).toHaveLength(1);
  });

  it("answers bad input with a reason and keeps nothing", async () => {
    const order = await deliveredOrder();
    expect(await report(order.id, undefined, buyer, { description: FORM.description })).toMatchObject({
      status: 400,
      message: PROBLEM_MESSAGES.chooseLines,
    });
    expect(await report(order.id, undefined, buyer, { "line-9": "on", description: FORM.description })).toMatchObject({
      status: 400,
      message: PROBLEM_MESSAGES.unknownLine,
    });
    expect(await report(order.id, undefined, buyer, { "line-1": "on", description: "bad" })).toMatchObject({
      status: 400,
      message: PROBLEM_MESSAGES.describe,
    });
    expect(await handle.db.select().from(problemReports).where(eq(problemReports.orderId, order.id))).toEqual([]);
  });

  it("is limited to 10 reports an hour per user", async () => {
    const order = await deliveredOrder();
    for (let i = 0; i < 10; i++) await report(order.id, undefined, buyer, { description: "" });
    expect(await report(order.id)).toMatchObject({ status: 429, code: "RATE_LIMITED" });
  });
});

describe("a problem report's photos", () => {
  it("are JPEG or PNG by their first bytes, at most 4, and count against the upload allowance", async () => {
    const order = await deliveredOrder();
    await report(order.id);
    expect(await photo(order.id, new TextEncoder().encode("<svg onload=alert(1)></svg>"), "box.svg")).toMatchObject({
      status: 415,
      message: PROBLEM_MESSAGES.photoType,
    });
    expect(await photo(order.id, new TextEncoder().encode("<svg onload=alert(1)></svg>"), "box.png")).toMatchObject({
      status: 415,
    });
    expect(await photo(order.id, new Uint8Array(0))).toMatchObject({ status: 400 });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(100).fill(1)]);
    for (let i = 0; i < 4; i++)
      expect(await photo(order.id, i % 2 ? jpeg : PNG, `p${i}.${i % 2 ? "jpg" : "png"}`)).toMatchObject({ ok: true });
    expect(await photo(order.id, PNG)).toMatchObject({ status: 409, message: PROBLEM_MESSAGES.photoCount });
    const [quota] = await queryRows<{ count: number }>(
      handle.db,
      sql`select count from rate_limits where key = ${`upload-bytes:${BUYER}`}`,
    );
    // The four kept photos and the refused files' bytes that were read, as the artwork uploads count them.
    expect(quota?.count).toBeGreaterThanOrEqual(2 * PNG.byteLength + 2 * jpeg.byteLength);
  });

  it(`are limited to ${PROBLEM_PHOTO_LIMIT.hits} posts an hour per user, refused ones too, before anything is read`, async () => {
    const order = await deliveredOrder();
    await report(order.id);
    for (let i = 0; i < PROBLEM_PHOTO_LIMIT.hits; i++)
      expect(await photo(order.id, PNG, "box.gif")).toMatchObject({ status: 415 });
    expect(await photo(order.id, PNG)).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      message: PROBLEM_MESSAGES.photoTooOften,
    });
    expect(await openProblemReports(handle.db)).toMatchObject([{ orderId: order.id, photos: [] }]);
  });
});
