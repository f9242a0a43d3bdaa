/**
 * Erasing what a person sent without an account (docs/decisions/082): found by the exact address
 * or number, erased with every entry of theirs and nobody else's, an account's own left alone, the
 * erasure in the audit log by the address's hash, and look-ups limited per member of staff.
 */
import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { auditEvents, inquiries, outbox, quoteRequests, rateLimits, smsSignups } from "#db/schema";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser } from "../../../tests/setup/users";
import type { StaffMember } from "../accounts/admin-access.server";
import { DATA_REQUEST_LIMIT, erasePersonEntries, findPersonEntries } from "./data-requests.server";

const handle = testFileDatabase();
const staff: StaffMember = { id: "staff-data", name: "Olive Ops", email: "ops@swag.example", address: "203.0.113.7" };
const jane = { kind: "email" as const, email: "jane@example.com" };

afterEach(async () => {
  await handle.db.delete(rateLimits);
});

async function janeWrote() {
  const inquiry = { lastName: "Doe", company: "Doe Events", phone: null, deadline: null, purpose: null, notes: "Hi" };
  await handle.db.insert(inquiries).values([
    { ...inquiry, firstName: "Jane", email: "Jane@Example.com" },
    { ...inquiry, firstName: "John", email: "john@example.com" },
  ]);
  await handle.db.insert(quoteRequests).values([
    { email: "jane@example.com", contactName: "Jane Doe", items: [{ wanted: "Mugs", quantity: 50 }] },
    {
      email: "jane@example.com",
      contactName: "Jane Doe",
      userId: "user-jane",
      items: [{ wanted: "Caps", quantity: 50 }],
    },
  ]);
  await handle.db.insert(outbox).values([
    { to: "jane@example.com", subject: "We've got your message", text: "…", status: "sent" },
    { to: "jane@example.com", subject: "Queued", text: "…", status: "queued" },
    { to: "john@example.com", subject: "We've got your message", text: "…", status: "sent" },
  ]);
}

describe("finding a person's entries", () => {
  it("finds by the whole address in any case, never by part of one, and says when an account uses it", async () => {
    await janeWrote();
    const found = await findPersonEntries(handle.db, { staff, lookup: jane });
    expect(found).toMatchObject({
      shown: "jane@example.com",
      inquiries: [{ name: "Jane Doe", company: "Doe Events" }],
      quoteRequests: [{ name: "Jane Doe" }],
      smsSignups: [],
      messages: 1,
      account: null,
    });
    const part = await findPersonEntries(handle.db, { staff, lookup: { kind: "email", email: "%@example.com" } });
    expect(part).toMatchObject({ inquiries: [], quoteRequests: [], messages: 0 });
    await createSignedInUser(handle, "jane@example.com");
    expect(await findPersonEntries(handle.db, { staff, lookup: jane })).toMatchObject({
      account: { name: expect.stringMatching(/\S/), orders: 0, latestExport: null },
    });
  });

  it("finds an SMS sign-up by its number, masked, and leaves an account's sign-up out", async () => {
    const signup = { consentText: "Yes", consentAt: new Date() };
    await handle.db.insert(smsSignups).values({ ...signup, phoneE164: "+447700900123" });
    const found = await findPersonEntries(handle.db, {
      staff,
      lookup: { kind: "phone", phoneE164: "+447700900123" },
    });
    expect(found).toMatchObject({ smsSignups: [{ phone: expect.stringContaining("123") }], account: null });
    expect(JSON.stringify(found)).not.toContain("7700900");
  });

  it("limits look-ups and erasures to 60 an hour per member of staff", async () => {
    for (let i = 0; i < DATA_REQUEST_LIMIT.limit; i++) await findPersonEntries(handle.db, { staff, lookup: jane });
    expect(await findPersonEntries(handle.db, { staff, lookup: jane })).toMatchObject({ ok: false, status: 429 });
    expect(await erasePersonEntries(handle.db, { staff, lookup: jane })).toMatchObject({ ok: false, status: 429 });
  });
});

describe("erasing them", () => {
  it("erases the person's entries and sent e-mails, nobody else's and no account's, and records it by the address's hash", async () => {
    await janeWrote();
    expect(await erasePersonEntries(handle.db, { staff, lookup: jane })).toEqual({
      ok: true,
      counts: { inquiries: 1, quoteRequests: 1, smsSignups: 0, messages: 1 },
      message: "Erased 1 contact message, 1 quote request, 0 SMS sign-ups, 1 e-mail sent to them.",
    });
    expect((await handle.db.select().from(inquiries)).map((row) => row.email)).toEqual(["john@example.com"]);
    expect((await handle.db.select().from(quoteRequests)).map((row) => row.userId)).toEqual(["user-jane"]);
    expect((await handle.db.select().from(outbox)).map((row) => [row.to, row.status])).toEqual([
      ["jane@example.com", "queued"],
      ["john@example.com", "sent"],
    ]);
    const [event] = await handle.db.select().from(auditEvents);
    expect(event).toMatchObject({
      action: "data.erase",
      subjectKind: "person",
      subjectId: `sha256:${createHash("sha256").update("jane@example.com").digest("hex")}`,
      staffEmail: "ops@swag.example",
      address: "203.0.113.7",
    });
    expect(JSON.stringify(event)).not.toContain("jane@");
  });
});
