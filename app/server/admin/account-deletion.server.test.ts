/**
 * Deleting an account (docs/decisions/084): refused while the person's own orders are under way
 * or an organisation would be left without an owner; then the orders and their invoices stay under
 * "Deleted customer" without the person's contact details, an organisation keeps what was shared
 * with it, and everything else of theirs goes, sessions and unpaid artwork included. The password
 * is asked again, and guessing it here is limited.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  artworkFiles,
  auditEvents,
  authMember,
  authOrganization,
  authSession,
  authUser,
  cartItems,
  favourites,
  orderDrafts,
  orders,
  outbox,
  rateLimits,
  smsSignups,
} from "#db/schema";
import { ACCOUNT_DELETION_HOURLY_LIMIT, DELETED_CUSTOMER } from "~/domain/orders/data-rights";
import { insertCompleteDraft } from "../../../tests/setup/complete-draft";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { pdfText } from "../../../tests/setup/pdf-text";
import { tempLocalStorage } from "../../../tests/setup/temp-storage";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import type { StaffMember } from "../accounts/admin-access.server";
import { confirmAccountOwner } from "../accounts/account-settings.server";
import { getSessionInfo } from "../accounts/session.server";
import { renderDocumentPdf } from "../documents/documents.server";
import { issueInvoice, loadOrderDocument } from "../documents/invoices.server";
import { putBytes } from "../providers/storage.server";
import { accountDeletionRefusal, deleteAccount } from "./account-deletion.server";

const handle = testFileDatabase();
const storage = tempLocalStorage("swag-account-deletion-");
const staff: StaffMember = { id: "staff-data", name: "Olive Ops", email: "ops@swag.example" };
const ctx = () => ({ ...testContext(handle), storage });
const PASSWORD = "marmalade skyline 42";

afterEach(async () => {
  await handle.db.delete(rateLimits);
});

/** Jane with a delivered order and its invoice, an unpaid draft with artwork, a cart, a favourite, mail and an SMS sign-up. */
async function jane() {
  const buyer = await createSignedInUser(handle, "jane@acme.example", PASSWORD);
  const order = await insertPaidOrder(handle.db, {
    userId: buyer.userId,
    email: "jane@acme.example",
    company: "Acme Events",
    status: "delivered",
  });
  await handle.db.transaction((tx) => issueInvoice(tx, { orderId: order.id, now: new Date() }));
  const draftId = await insertCompleteDraft(handle.db, buyer.userId);
  const { storedName } = await putBytes(storage, new Uint8Array([1, 2, 3]));
  await handle.db.insert(artworkFiles).values({
    id: randomUUID(),
    draftId,
    userId: buyer.userId,
    originalName: "logo.pdf",
    storedName,
    sizeBytes: 3,
    contentType: "application/pdf",
  });
  await handle.db
    .insert(cartItems)
    .values({ userId: buyer.userId, productId: "8", quantity: 50, selectedColor: "#1f2a56" });
  await handle.db.insert(favourites).values({ userId: buyer.userId, productId: "15" });
  await handle.db.insert(outbox).values({ to: "jane@acme.example", subject: "Hello", text: "Hi Jane", status: "sent" });
  await handle.db.insert(smsSignups).values({
    phoneE164: "+447700900123",
    consentText: "Texts",
    consentAt: new Date(),
    sourcePage: "/",
    userId: buyer.userId,
  });
  return { ...buyer, order, draftId, artwork: storedName };
}

describe("what a deletion keeps and what it erases", () => {
  it("keeps the order and its invoice under Deleted customer, erases the rest, and ends every session", async () => {
    const person = await jane();
    expect(await deleteAccount(ctx(), { userId: person.userId })).toEqual({ ok: true });

    const [order] = await handle.db.select().from(orders).where(eq(orders.id, person.order.id));
    const data = (order!.snapshot as { data: { details: Record<string, unknown> } }).data;
    expect(data.details).toMatchObject({
      contact_name: DELETED_CUSTOMER,
      email: "",
      phone: "",
      company: "Acme Events",
    });
    expect(JSON.stringify(order?.snapshot)).not.toMatch(/Jane|jane@acme|7946 0958|Dock Road/);
    const invoice = await loadOrderDocument(handle.db, { orderId: person.order.id, kind: "invoice", reader: "staff" });
    const text = await pdfText(await renderDocumentPdf(invoice!, TEST_SHOP.business));
    expect(text).toContain(DELETED_CUSTOMER);
    expect(text).toContain("Acme Events");
    expect(text).not.toContain("Jane Smith");

    expect(await handle.db.select().from(authUser).where(eq(authUser.id, person.userId))).toEqual([]);
    expect(await handle.db.select().from(authSession).where(eq(authSession.userId, person.userId))).toEqual([]);
    expect(await getSessionInfo({ ...ctx() }, siteRequest("/", { cookie: person.cookie }))).toBeNull();
    for (const table of [cartItems, favourites, smsSignups])
      expect(await handle.db.select().from(table).where(eq(table.userId, person.userId))).toEqual([]);
    expect(await handle.db.select().from(outbox).where(eq(outbox.to, "jane@acme.example"))).toEqual([]);
    expect(await handle.db.select().from(orderDrafts).where(eq(orderDrafts.id, person.draftId))).toEqual([]);
    expect(await storage.get(person.artwork)).toBeNull();
    // The draft the order was paid from stays (its line points at it), without the person.
    const paid = await handle.db.select().from(orderDrafts).where(eq(orderDrafts.userId, person.userId));
    expect(paid).toHaveLength(1);
    expect(JSON.stringify(paid[0]?.data)).not.toMatch(/Jane|jane@acme/);
    // Done by the person, it is not a staff action: the audit log has nothing of it.
    expect(await handle.db.select().from(auditEvents)).toEqual([]);
  });

  it("records a deletion staff made, without the address", async () => {
    const person = await jane();
    expect(await deleteAccount(ctx(), { userId: person.userId, staff })).toEqual({ ok: true });
    const [event] = await handle.db.select().from(auditEvents);
    expect(event).toMatchObject({
      action: "account.delete",
      staffId: staff.id,
      subjectKind: "person",
      subjectId: person.userId,
    });
    expect(event?.summary).toMatch(/address sha256:[0-9a-f]{64}/);
    expect(event?.summary).not.toContain("jane@acme.example");
  });

  it("leaves an organisation the orders its members shared", async () => {
    const person = await createSignedInUser(handle, "member@acme.example", PASSWORD);
    const colleague = await createSignedInUser(handle, "colleague@acme.example", PASSWORD);
    await handle.db
      .insert(authOrganization)
      .values({ id: "org-acme", name: "Acme Events", slug: "acme", createdAt: new Date() });
    await handle.db.insert(authMember).values([
      { id: "m-1", organizationId: "org-acme", userId: person.userId, role: "owner", createdAt: new Date() },
      { id: "m-2", organizationId: "org-acme", userId: colleague.userId, role: "owner", createdAt: new Date() },
    ]);
    const shared = await insertPaidOrder(handle.db, {
      userId: person.userId,
      email: "member@acme.example",
      company: "Acme Events",
    });
    await handle.db
      .update(orders)
      .set({ accountId: "org-acme", status: "in_production" })
      .where(eq(orders.id, shared.id));
    // An order of the organisation's, under way, does not hold the person back.
    expect(await deleteAccount(ctx(), { userId: person.userId })).toEqual({ ok: true });
    const [kept] = await handle.db.select().from(orders).where(eq(orders.id, shared.id));
    expect(kept).toMatchObject({ accountId: "org-acme", status: "in_production" });
    expect(await handle.db.select().from(authMember).where(eq(authMember.organizationId, "org-acme"))).toHaveLength(1);
  });
});

describe("what refuses a deletion", () => {
  it("refuses while the person's own orders are under way, naming them, and changes nothing", async () => {
    const person = await createSignedInUser(handle, "busy@acme.example", PASSWORD);
    const open = await insertPaidOrder(handle.db, {
      userId: person.userId,
      email: "busy@acme.example",
      company: "Busy",
      status: "in_production",
    });
    const refused = await deleteAccount(ctx(), { userId: person.userId });
    expect(refused).toMatchObject({ ok: false, status: 409, code: "ORDERS_UNDER_WAY" });
    if (refused.ok) return;
    expect(refused.message).toContain(`Your order ${open.number} is still under way`);
    expect(await handle.db.select().from(authUser).where(eq(authUser.id, person.userId))).toHaveLength(1);
  });

  it("refuses the only owner of an organisation with other members", async () => {
    const person = await createSignedInUser(handle, "owner@acme.example", PASSWORD);
    const member = await createSignedInUser(handle, "member-two@acme.example", PASSWORD);
    await handle.db
      .insert(authOrganization)
      .values({ id: "org-solo", name: "Solo Events", slug: "solo", createdAt: new Date() });
    await handle.db.insert(authMember).values([
      { id: "m-3", organizationId: "org-solo", userId: person.userId, role: "owner", createdAt: new Date() },
      { id: "m-4", organizationId: "org-solo", userId: member.userId, role: "member", createdAt: new Date() },
    ]);
    expect(await accountDeletionRefusal(handle.db, person.userId)).toMatchObject({
      status: 409,
      code: "SOLE_OWNER",
      message: expect.stringContaining("You are the only owner of Solo Events"),
    });
  });

  it("answers 404 for no such account", async () => {
    expect(await deleteAccount(ctx(), { userId: "nobody" })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("proving it is the account's owner", () => {
  const confirm = async (cookie: string, password: string) => {
    const request = siteRequest("/account/delete", { method: "POST", cookie });
    const session = await getSessionInfo(ctx(), request);
    if (!session) throw new Error("not signed in");
    return confirmAccountOwner(ctx(), { request, session, password });
  };

  it("takes the right password, refuses a wrong or missing one, and stops guesses", async () => {
    const person = await createSignedInUser(handle, "prove@acme.example", PASSWORD);
    expect(await confirm(person.cookie, PASSWORD)).toBeNull();
    expect(await confirm(person.cookie, "")).toMatchObject({ status: 400, code: "PASSWORD_MISSING" });
    expect(await confirm(person.cookie, "wrong password here")).toMatchObject({
      status: 403,
      code: "INVALID_PASSWORD",
    });
    for (let n = 3; n < ACCOUNT_DELETION_HOURLY_LIMIT; n++) await confirm(person.cookie, "wrong password here");
    expect(await confirm(person.cookie, PASSWORD)).toMatchObject({ status: 429, code: "TOO_MANY_ATTEMPTS" });
  });
});
