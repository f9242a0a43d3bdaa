/**
 * A person's copy of their data (docs/decisions/084): asked for once at a time and a few times a
 * day, prepared by its job into a ZIP that holds their account, orders with their documents,
 * addresses, quotes, messages and consents and nobody else's, downloaded by its owner alone while
 * it lasts, then purged with its file.
 */
import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditEvents, dataExports, jobs, outbox, rateLimits, smsSignups } from "#db/schema";
import { DATA_EXPORT_DAILY_LIMIT, DATA_EXPORT_KEPT_MS } from "~/domain/orders/data-rights";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { pdfText } from "../../../tests/setup/pdf-text";
import { tempLocalStorage } from "../../../tests/setup/temp-storage";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser } from "../../../tests/setup/users";
import type { StaffMember } from "../accounts/admin-access.server";
import { issueInvoice } from "../documents/invoices.server";
import {
  DATA_EXPORT_DOWNLOAD_LIMIT,
  dataExportDownload,
  latestDataExport,
  prepareDataExport,
  purgeDataExports,
  requestDataExport,
} from "./data-exports.server";

const handle = testFileDatabase();
const storage = tempLocalStorage("swag-data-exports-");
const staff: StaffMember = { id: "staff-data", name: "Olive Ops", email: "ops@swag.example" };
const NOW = new Date("2026-11-30T12:00:00Z");
const ctx = () => ({ ...testContext(handle), storage });

let buyer: { userId: string };
let orderNumber: string;

beforeEach(async () => {
  buyer = await createSignedInUser(handle, "jane@acme.example");
  const order = await insertPaidOrder(handle.db, {
    userId: buyer.userId,
    email: "jane@acme.example",
    company: "Acme Events",
  });
  orderNumber = order.number;
  await handle.db.transaction((tx) => issueInvoice(tx, { orderId: order.id, now: NOW }));
  // Someone else's order and messages: never in Jane's copy.
  await insertPaidOrder(handle.db, { userId: "someone-else", email: "sam@other.example", company: "Other Ltd" });
  await handle.db.insert(outbox).values([
    { to: "jane@acme.example", subject: "Order confirmed", text: "Thanks Jane", status: "sent" },
    { to: "sam@other.example", subject: "Order confirmed", text: "Thanks Sam", status: "sent" },
  ]);
  await handle.db.insert(smsSignups).values({
    phoneE164: "+447700900123",
    consentText: "Texts about offers",
    consentAt: NOW,
    sourcePage: "/",
    userId: buyer.userId,
  });
});
afterEach(async () => {
  await handle.db.delete(rateLimits);
});

async function prepared(userId = buyer.userId, by?: StaffMember) {
  const asked = await requestDataExport(handle.db, { userId, staff: by });
  if (!asked.ok) throw new Error(asked.message);
  await prepareDataExport(ctx(), { exportId: asked.exportId, now: NOW, last: false });
  return asked.exportId;
}

async function zipOf(response: Response | null) {
  if (!response) throw new Error("no download");
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

describe("asking for a copy", () => {
  it("queues one job, answers the same copy while it is prepared, and shows it as being prepared", async () => {
    const first = await requestDataExport(handle.db, { userId: buyer.userId });
    const again = await requestDataExport(handle.db, { userId: buyer.userId });
    expect(first).toMatchObject({ ok: true });
    expect(again).toEqual(first);
    expect(await handle.db.select().from(jobs).where(eq(jobs.kind, "data-export"))).toHaveLength(1);
    expect(await latestDataExport(handle.db, { userId: buyer.userId, staff: false, now: NOW })).toMatchObject({
      status: "preparing",
    });
    expect(await handle.db.select().from(auditEvents)).toEqual([]);
  });

  it(`refuses past ${DATA_EXPORT_DAILY_LIMIT} a day with a 429`, async () => {
    for (let n = 0; n < DATA_EXPORT_DAILY_LIMIT; n++) await prepared();
    expect(await requestDataExport(handle.db, { userId: buyer.userId })).toMatchObject({
      ok: false,
      status: 429,
      code: "TOO_MANY_EXPORTS",
    });
  });

  it("records a copy staff asked for in the audit log, kept apart from the person's own", async () => {
    await requestDataExport(handle.db, { userId: buyer.userId, staff });
    const [event] = await handle.db.select().from(auditEvents);
    expect(event).toMatchObject({ action: "data.export", staffId: staff.id, subjectId: buyer.userId });
    expect(await latestDataExport(handle.db, { userId: buyer.userId, staff: false, now: NOW })).toBeNull();
  });
});

describe("the copy", () => {
  it("holds the person's account, orders with their invoice, addresses, messages and consents, and nobody else's", async () => {
    const exportId = await prepared();
    const files = await zipOf(
      await dataExportDownload(ctx(), { exportId, reader: { userId: buyer.userId }, now: NOW }),
    );
    const names = Object.keys(files);
    expect(names.filter((name) => !name.startsWith("documents/")).sort()).toEqual([
      "README.txt",
      "account.json",
      "addresses.csv",
      "consents.json",
      "drafts.json",
      "messages.csv",
      "orders.csv",
      "orders.json",
      "organisations.json",
      "quotes.json",
      "reviews.json",
      "saved.json",
    ]);
    expect(names.filter((name) => name.startsWith("documents/"))).toEqual([
      expect.stringMatching(/^documents\/VAT invoice INV-2026-\d{6}\.pdf$/),
    ]);
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    expect(JSON.parse(text("account.json"))).toMatchObject({
      id: buyer.userId,
      email: "jane@acme.example",
      twoStepSignIn: false,
    });
    expect(JSON.parse(text("orders.json"))).toEqual([expect.objectContaining({ number: orderNumber })]);
    expect(text("orders.csv")).toContain(`${orderNumber},`);
    expect(text("addresses.csv")).toContain("billing,Acme Events,Jane Smith,1 High Street,,London,EC1A 1BB,GB");
    expect(text("messages.csv")).toContain("Thanks Jane");
    expect(JSON.parse(text("consents.json"))).toEqual([
      expect.objectContaining({ phone: "+447700900123", consentText: "Texts about offers" }),
    ]);
    const everything = Object.entries(files)
      .filter(([name]) => !name.endsWith(".pdf"))
      .map(([, bytes]) => strFromU8(bytes))
      .join("\n");
    expect(everything).not.toMatch(/Sam|sam@other|Other Ltd/);
    const invoice = Object.entries(files).find(([name]) => name.endsWith(".pdf"))?.[1];
    expect(await pdfText(Buffer.from(invoice ?? new Uint8Array()))).toContain(orderNumber);
  });

  it("e-mails the person who asked when it is ready, and no one when staff asked", async () => {
    await prepared();
    const mails = await handle.db.select().from(outbox).where(eq(outbox.subject, "Your data is ready to download"));
    expect(mails.map((mail) => mail.to)).toEqual(["jane@acme.example"]);
    expect(mails[0]?.text).toContain("/account#your-data");
    await prepared(buyer.userId, staff);
    expect(
      await handle.db.select().from(outbox).where(eq(outbox.subject, "Your data is ready to download")),
    ).toHaveLength(1);
  });

  it("is its owner's alone, and staff get only one staff asked for", async () => {
    const own = await prepared();
    const forStaff = await prepared(buyer.userId, staff);
    const open = (exportId: string, reader: { userId: string } | { staffId: string }, now = NOW) =>
      dataExportDownload(ctx(), { exportId, reader, now });
    expect(await open(own, { userId: "someone-else" })).toBeNull();
    expect(await open(own, { staffId: staff.id })).toBeNull();
    expect(await open(forStaff, { userId: buyer.userId })).toBeNull();
    expect(await open("not-a-uuid", { userId: buyer.userId })).toBeNull();
    const download = await open(forStaff, { staffId: staff.id });
    expect(download?.headers.get("content-type")).toBe("application/zip");
    expect(download?.headers.get("content-disposition")).toBe('attachment; filename="swag-studio-data-2026-11-30.zip"');
    expect(download?.headers.get("cache-control")).toBe("private, no-store");
    // Past its time, it is nobody's.
    expect(await open(own, { userId: buyer.userId }, new Date(NOW.getTime() + DATA_EXPORT_KEPT_MS + 1))).toBeNull();
  });

  it("is downloaded at most 20 times an hour by one reader, then a 429 says when to come back", async () => {
    const own = await prepared();
    const open = () => dataExportDownload(ctx(), { exportId: own, reader: { userId: buyer.userId }, now: NOW });
    for (let n = 0; n < DATA_EXPORT_DOWNLOAD_LIMIT.limit; n++) expect((await open())?.status).toBe(200);
    const refused = await open();
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("is marked failed when its last attempt fails", async () => {
    const asked = await requestDataExport(handle.db, { userId: "no-such-user" });
    if (!asked.ok) throw new Error(asked.message);
    await expect(prepareDataExport(ctx(), { exportId: asked.exportId, now: NOW, last: true })).rejects.toThrow(
      "no account no-such-user",
    );
    expect(await latestDataExport(handle.db, { userId: "no-such-user", staff: false, now: NOW })).toMatchObject({
      status: "failed",
    });
  });

  it("is purged with its file once past its time", async () => {
    await prepared();
    const [row] = await handle.db.select().from(dataExports);
    expect(await storage.get(row?.storedName ?? "")).not.toBeNull();
    expect(await purgeDataExports(ctx(), NOW)).toBe(0);
    expect(await purgeDataExports(ctx(), new Date(NOW.getTime() + DATA_EXPORT_KEPT_MS + 1))).toBe(1);
    expect(await storage.get(row?.storedName ?? "")).toBeNull();
  });
});
