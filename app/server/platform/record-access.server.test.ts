import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { authMember, authOrganization, authSession, cartQuotes, orders, quotes } from "#db/schema";
import { BRAND_KIT_MESSAGES } from "~/domain/artwork/brand-kit";
import { SHARE_LINK_MESSAGES } from "~/domain/orders/proof-sharing";
import { quoteValidUntil } from "~/domain/checkout/quotes";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { tempLocalStorage } from "../../../tests/setup/temp-storage";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import type { StaffMember } from "../accounts/admin-access.server";
import type { AppContext } from "../providers/app-context.server";
import { uploadProof } from "../admin/admin-proofs.server";
import { getBrandKit, mayEditBrandKit, removeBrandLogo, saveBrandKit } from "../artwork/brand-kit.server";
import { getOrder, listOrders } from "../orders/buyer-orders.server";
import { claimGuarantee } from "../aftercare/guarantee-claims.server";
import { issueInvoice, loadOrderDocument } from "../documents/invoices.server";
import { answerRight } from "../aftercare/proof-answerers.server";
import {
  answerByShareLink,
  createShareLink,
  liveShareLinks,
  openShareLink,
} from "../aftercare/proof-share-links.server";
import { cartQuotePricing, getQuote, listQuotes, QUOTE_MESSAGES } from "../checkout/quotes.server";
import { mayRead, readableAccounts } from "~/domain/core/record-access";
import { getSessionInfo } from "../accounts/session.server";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
const storage = tempLocalStorage("swag-record-access-");

/** The test shop, its uploads in this file's own folder. */
let ctx: AppContext;
beforeAll(() => {
  ctx = { ...testContext(handle), storage };
});

const ORG = "org-acme";
const staff: StaffMember = { id: "staff-access", name: "Olive Ops", email: "ops@swag.example" };
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82);

type Person = { userId: string; cookie: string };
let owner: Person;
let placer: Person;
let admin: Person;
let order: { id: string; number: string };
let invoiceNumber: string;
let quoteId: string;
let shareToken: string;

async function addMember(person: Person, role: string) {
  await handle.db
    .insert(authMember)
    .values({ id: `m-${person.userId}`, organizationId: ORG, userId: person.userId, role, createdAt: new Date() });
  await handle.db.update(authSession).set({ activeOrganizationId: ORG }).where(eq(authSession.userId, person.userId));
}

/** The reader a request of this person's makes: the session's user and the account it acts for. */
async function readerOf(person: Person) {
  const session = await getSessionInfo(handle, siteRequest("/orders", { cookie: person.cookie }));
  if (!session) throw new Error("signed out");
  return { userId: session.user.id, accountId: session.accountId };
}

const switchToPersonal = (person: Person) =>
  handle.db.update(authSession).set({ activeOrganizationId: null }).where(eq(authSession.userId, person.userId));
/** Leaving as better-auth does it: the membership goes, and only the session that left forgets the organisation. */
const leave = (person: Person) =>
  handle.db.delete(authMember).where(and(eq(authMember.organizationId, ORG), eq(authMember.userId, person.userId)));

beforeEach(async () => {
  owner = await createSignedInUser(handle, "owner@acme.example");
  placer = await createSignedInUser(handle, "placer@acme.example");
  admin = await createSignedInUser(handle, "admin@acme.example");
  await handle.db.insert(authOrganization).values({ id: ORG, name: "Acme", slug: "acme", createdAt: new Date() });
  await addMember(owner, "owner");
  await addMember(placer, "member");
  await addMember(admin, "admin");

  // The member places an order for the organisation, with its invoice and a proof waiting.
  const placed = await insertPaidOrder(handle.db, {
    userId: placer.userId,
    email: "placer@acme.example",
    company: "Acme",
  });
  await handle.db.update(orders).set({ accountId: ORG }).where(eq(orders.id, placed.id));
  order = { id: placed.id, number: placed.number };
  invoiceNumber = await issueInvoice(handle.db, { orderId: order.id, now: new Date() });
  const [row] = await handle.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order.id));
  const sent = await uploadProof(ctx, {
    staff,
    orderId: order.id,
    fields: { intent: "proof", version: row!.version, note: "", line: 1 },
    file: new File([PNG], "cap.png", { type: "image/png" }),
  });
  expect(sent).toMatchObject({ ok: true });

  // ...a quote, converted into their cart...
  const [quote] = await handle.db
    .insert(quotes)
    .values({
      number: "Q-2026-000901",
      userId: placer.userId,
      accountId: ORG,
      source: "cart",
      validUntil: quoteValidUntil(new Date()),
      lines: [
        {
          productId: "8",
          description: "Custom Embroidered Cap",
          details: [],
          quantity: 100,
          unitPence: 301,
          choices: null,
        },
      ],
      country: "GB",
      totals: { goods: 30_100 } as never,
      deliveryNote: "",
      buyer: { lines: ["Acme"], vatNumber: "", email: "placer@acme.example" },
    })
    .returning({ id: quotes.id });
  quoteId = quote!.id;
  await handle.db.insert(cartQuotes).values({ userId: placer.userId, quoteId, convertedAt: new Date() });

  // ...and shares the proof with a colleague.
  const shared = await createShareLink(ctx, {
    ...(await readerOf(placer)),
    orderId: order.id,
    line: 1,
    version: 1,
  });
  if (!shared.ok) throw new Error(shared.message);
  shareToken = new URL(shared.url).pathname.split("/")[2]!;
});

const quotedCart = [{ productId: "8", quantity: 100 }];

/** Everything the member placed, as the functions behind the pages answer this reader. */
async function whatTheyReach(reader: { userId: string; accountId: string }) {
  return {
    order: (await getOrder(handle.db, { ...reader, orderId: order.id }))?.number ?? null,
    list: (await listOrders(handle.db, reader)).map((each) => each.number),
    invoice: (await loadOrderDocument(handle.db, { orderId: order.id, kind: "invoice", reader }))?.number ?? null,
    quote: (await getQuote(handle.db, { ...reader, quoteId }))?.number ?? null,
    quotes: (await listQuotes(handle.db, reader)).map((each) => each.number),
    answer: (
      await answerRight(handle.db, { order: { id: order.id, userId: placer.userId, accountId: ORG }, user: reader })
    ).ok,
    quotedPrice: (await cartQuotePricing(handle.db, { ...reader, cart: quotedCart, now: new Date() })).quoted,
  };
}

describe("the one rule (readableAccounts, mayRead)", () => {
  it("gives a reader their personal account and the organisation they act for, nothing else", () => {
    expect(readableAccounts({ userId: "u1", accountId: "u1" })).toEqual(["u1"]);
    expect(readableAccounts({ userId: "u1", accountId: "" })).toEqual(["u1"]);
    expect(readableAccounts({ userId: "u1", accountId: "org" })).toEqual(["u1", "org"]);
    expect(readableAccounts({ userId: "", accountId: "org" })).toEqual([]);
    expect(mayRead({ accountId: "org" }, { userId: "u1", accountId: "org" })).toBe(true);
    expect(mayRead({ accountId: "org" }, { userId: "u1", accountId: "u1" })).toBe(false);
    expect(mayRead({ accountId: "u1" }, { userId: "u1", accountId: "org" })).toBe(true);
    expect(mayRead({ accountId: "u2" }, { userId: "u1", accountId: "org" })).toBe(false);
  });
});

describe("an organisation's records follow current membership, never who placed them", () => {
  it("while acting for the organisation, the member who placed them reaches all of them (the control)", async () => {
    const reached = await whatTheyReach(await readerOf(placer));
    expect(reached).toEqual({
      order: order.number,
      list: [order.number],
      invoice: invoiceNumber,
      quote: "Q-2026-000901",
      quotes: ["Q-2026-000901"],
      answer: true,
      quotedPrice: [{ productId: "8", quantity: 100, unitPence: 301 }],
    });
    expect((await openShareLink(handle.db, { token: shareToken })).ok).toBe(true);
    expect(await liveShareLinks(handle.db, { orderId: order.id })).toHaveLength(1);
  });

  it("after switching to the personal account, the placer reaches none of them, and the cart says why its prices changed", async () => {
    await switchToPersonal(placer);
    const reader = await readerOf(placer);
    expect(reader.accountId).toBe(placer.userId);
    expect(await whatTheyReach(reader)).toEqual({
      order: null,
      list: [],
      invoice: null,
      quote: null,
      quotes: [],
      answer: false,
      quotedPrice: [],
    });
    const priced = await cartQuotePricing(handle.db, { ...reader, cart: quotedCart, now: new Date() });
    expect(priced.notices).toEqual([QUOTE_MESSAGES.notActingFor]);
    expect(await claimGuarantee(ctx, { ...reader, orderId: order.id, note: "late" })).toMatchObject({
      ok: false,
      status: 404,
    });
    // Still a member: the colleague's link they made keeps working.
    expect((await openShareLink(handle.db, { token: shareToken })).ok).toBe(true);
  });

  it("after leaving, even the session still set on the organisation reaches none of them, and their share link stops", async () => {
    await leave(placer);
    const reader = await readerOf(placer);
    expect(reader.accountId, "the session falls back to the personal account").toBe(placer.userId);
    expect(await whatTheyReach(reader)).toMatchObject({
      order: null,
      list: [],
      invoice: null,
      quote: null,
      answer: false,
    });
    // A reader still claiming the organisation (as a stale session would) is refused by the role check too.
    expect(
      (
        await answerRight(handle.db, {
          order: { id: order.id, userId: placer.userId, accountId: ORG },
          user: { ...reader, accountId: ORG },
        })
      ).ok,
    ).toBe(false);
    expect(await openShareLink(handle.db, { token: shareToken })).toMatchObject({
      ok: false,
      status: 410,
      message: SHARE_LINK_MESSAGES.sharerLeft,
    });
    expect(await liveShareLinks(handle.db, { orderId: order.id }), "the order page lists it no more").toEqual([]);
    expect(
      await answerByShareLink(ctx, {
        token: shareToken,
        answer: { decision: "approve", name: "Jane Doe", email: "jane@x.co", comment: "" },
      }),
    ).toMatchObject({ ok: false, status: 410 });
    // The organisation keeps all of it.
    expect(await whatTheyReach(await readerOf(owner))).toMatchObject({
      order: order.number,
      quote: "Q-2026-000901",
      answer: true,
    });
  });

  it("an approver's link stops when they are made a plain member", async () => {
    await handle.db.update(authMember).set({ role: "approver" }).where(eq(authMember.userId, admin.userId));
    const shared = await createShareLink(ctx, {
      ...(await readerOf(admin)),
      orderId: order.id,
      line: 1,
      version: 1,
    });
    if (!shared.ok) throw new Error(shared.message);
    const token = new URL(shared.url).pathname.split("/")[2]!;
    expect((await openShareLink(handle.db, { token })).ok).toBe(true);
    await handle.db.update(authMember).set({ role: "member" }).where(eq(authMember.userId, admin.userId));
    expect(await openShareLink(handle.db, { token })).toMatchObject({ ok: false, status: 410 });
  });

  it("a personal order stays its buyer's while they act for an organisation", async () => {
    const personal = await insertPaidOrder(handle.db, {
      userId: placer.userId,
      email: "placer@acme.example",
      company: "",
    });
    const reader = await readerOf(placer);
    expect(reader.accountId).toBe(ORG);
    expect((await getOrder(handle.db, { ...reader, orderId: personal.id }))?.number).toBe(personal.number);
    expect(await getOrder(handle.db, { ...(await readerOf(owner)), orderId: personal.id })).toBeNull();
  });
});

describe("the brand kit: members read it, owners and admins change it", () => {
  it("refuses a plain member's changes with a reason, and takes the owner's and an admin's", async () => {
    const member = await readerOf(placer);
    expect(await mayEditBrandKit(handle.db, member)).toBe(false);
    expect(
      await saveBrandKit(handle.db, { member, kit: { colours: ["#112233"], placementNotes: "mine" } }),
    ).toMatchObject({
      ok: false,
      status: 403,
      message: BRAND_KIT_MESSAGES.readOnly,
    });
    expect(
      await removeBrandLogo(handle.db, { ...member, logoId: "00000000-0000-4000-8000-000000000000", storage }),
    ).toMatchObject({ ok: false, status: 403 });
    expect(
      await saveBrandKit(handle.db, {
        member: await readerOf(admin),
        kit: { colours: ["#1F2A56"], placementNotes: "left chest" },
      }),
    ).toMatchObject({ ok: true });
    expect(
      await saveBrandKit(handle.db, {
        member: await readerOf(owner),
        kit: { colours: ["#1F2A56"], placementNotes: "centre" },
      }),
    ).toMatchObject({ ok: true });
    expect(await getBrandKit(handle.db, member)).toMatchObject({ colours: ["#1F2A56"], placementNotes: "centre" });
  });

  it("a former member sees only their own kit, and may change that one", async () => {
    await saveBrandKit(handle.db, {
      member: await readerOf(owner),
      kit: { colours: ["#1F2A56"], placementNotes: "centre" },
    });
    await leave(placer);
    const reader = await readerOf(placer);
    expect(await getBrandKit(handle.db, reader)).toMatchObject({ colours: [], placementNotes: "", logos: [] });
    expect(await mayEditBrandKit(handle.db, reader)).toBe(true);
  });
});
