import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  authMember,
  authOrganization,
  authUser,
  firstOrderClaims,
  orderDrafts,
  orders,
  orderStatusHistory,
} from "#db/schema";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { ORGANISATION_LIMIT, ORGANISATION_LIMIT_MESSAGE } from "~/domain/people/auth-rules";
import { createOrganisation } from "../accounts/account-settings.server";
import { firstOrderDiscountApplies, firstOrderOfferShown } from "./first-order-discount.server";
import { firstOrderShortfallNote } from "./first-order-discount.server";
import { confirmTestPayment, startPayment, type StartedPayment } from "../payments/payment-start.server";

// B-15: the first-order discount is claimed when an order is paid, once per person (a
// user with the organisations they belong to), never when it is priced.

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const handle = testFileDatabase();

const CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Lovelace" };
/** 50 caps, standard, GB: £275.00 of goods, so the discount is £27.50. */
const DISCOUNT = 2750;

const DATA = draftDataSchema.parse({
  product_id: "8",
  quantity: 50,
  variant: { color_hex: "#1f2a56" },
  customization_selections: ["Front embroidery"],
  branding: { method: "embroidery" },
  confirm: { rights_confirmed: true, lead_time_acknowledged: true },
  details: {
    contact_name: "Ada Lovelace",
    email: "ada@analytical.example",
    company: "Analytical Ltd",
    phone: "+44 20 7946 0958",
    billing: {
      company: "Analytical Ltd",
      name: "Ada Lovelace",
      line1: "1 Engine Street",
      city: "London",
      postcode: "N1 9GU",
      country: "GB",
    },
    tos_accepted: true,
    use_billing_as_shipping: false,
  },
  shipping: {
    address: {
      company: "Analytical Ltd",
      firstName: "Ada",
      lastName: "Lovelace",
      name: "Ada Lovelace",
      line1: "1 Engine Street",
      city: "London",
      postcode: "N1 9GU",
      country: "GB",
      phone: "020 7946 0958",
    },
    method: "standard",
  },
  status: "shipping_done",
});

async function addUser(id: string) {
  const now = new Date();
  await handle.db
    .insert(authUser)
    .values({ id, name: id, email: `${id}@example.com`, emailVerified: true, createdAt: now, updatedAt: now });
}

/** An organisation with its members, as better-auth's organization plugin stores them. */
async function addOrganisation(id: string, members: string[]) {
  await handle.db.insert(authOrganization).values({ id, name: id, slug: id, createdAt: new Date() });
  await handle.db.insert(authMember).values(
    members.map((userId, i) => ({
      id: `${id}-${userId}`,
      organizationId: id,
      userId,
      role: i === 0 ? "owner" : "member",
      createdAt: new Date(),
    })),
  );
}

/** A complete draft of `userId`, for the organisation `accountId` or (by default) for themself. */
async function priced(userId: string, accountId = userId): Promise<StartedPayment> {
  const [draft] = await handle.db
    .insert(orderDrafts)
    .values({ accountId, userId, productId: "8", status: "shipping_done", data: DATA })
    .returning({ id: orderDrafts.id });
  const result = await startPayment(testContext(handle), {
    session: { user: { id: userId } },
    draftId: draft!.id,
    productId: "8",
  });
  if (!result.ok) throw new Error(`startPayment: ${result.code} ${result.message}`);
  return result;
}

async function pay(userId: string, intent: StartedPayment) {
  const paid = await confirmTestPayment(testContext(handle), {
    clientSecret: intent.clientSecret,
    card: CARD,
    userId,
  });
  if (!paid.ok || !paid.orderId) throw new Error(`payment failed: ${JSON.stringify(paid)}`);
  return paid.orderId;
}

async function notes(orderId: string) {
  const rows = await handle.db
    .select({ note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId));
  return rows.map((row) => row.note);
}

describe("the first-order discount", () => {
  it("is priced into every intent of a new customer but claimed by none of them", async () => {
    await addUser("ada");
    const first = await priced("ada");
    const second = await priced("ada");
    expect([first.totals.discount, second.totals.discount]).toEqual([DISCOUNT, DISCOUNT]);
    expect(await handle.db.select().from(firstOrderClaims)).toEqual([]);
    expect(await firstOrderDiscountApplies(handle.db, { userId: "ada", accountId: "ada" })).toBe(true);
  });

  it("is claimed once when two discounted orders are paid at the same time; the other records what it lacks", async () => {
    await addUser("ada");
    const intents = [await priced("ada"), await priced("ada")];
    const orderIds = await Promise.all(intents.map((intent) => pay("ada", intent)));

    const claims = await handle.db.select().from(firstOrderClaims);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ userId: "ada", organizationId: null, discountPence: DISCOUNT });
    const winner = claims[0]!.orderId;
    const loser = orderIds.find((id) => id !== winner)!;
    expect(orderIds).toContain(winner);
    expect(await notes(winner)).not.toContain(firstOrderShortfallNote(DISCOUNT));
    expect(await notes(loser)).toContain(firstOrderShortfallNote(DISCOUNT));
    expect(firstOrderShortfallNote(DISCOUNT)).toContain("£27.50");
    // Both were charged what their intent said; the shortfall is for a person to settle.
    const paid = await handle.db.select({ discount: orders.discountPence }).from(orders);
    expect(paid.map((order) => order.discount)).toEqual([DISCOUNT, DISCOUNT]);

    expect((await priced("ada")).totals.discount).toBe(0);
  });

  it("is claimed once when an organisation's order and a member's own are paid at the same time", async () => {
    // No unique key sees this pair (different users, one without an organisation): the lock does.
    await Promise.all(["ada", "bob"].map(addUser));
    await addOrganisation("engines", ["ada", "bob"]);
    const intents = [await priced("ada", "engines"), await priced("bob")];
    expect(intents.map((intent) => intent.totals.discount)).toEqual([DISCOUNT, DISCOUNT]);
    await Promise.all([pay("ada", intents[0]!), pay("bob", intents[1]!)]);
    expect(await handle.db.select().from(firstOrderClaims)).toHaveLength(1);
  });

  it("is not given again to a user who had it and then creates an organisation", async () => {
    await addUser("ada");
    await pay("ada", await priced("ada"));
    await addOrganisation("ada-new-ltd", ["ada"]);
    expect((await priced("ada", "ada-new-ltd")).totals.discount).toBe(0);
  });

  it("is not given to a member of an organisation that had it, for the organisation or for themself", async () => {
    await Promise.all(["ada", "bob", "cyd"].map(addUser));
    await addOrganisation("engines", ["ada", "bob"]);
    await pay("ada", await priced("ada", "engines"));
    expect(
      await handle.db
        .select({ userId: firstOrderClaims.userId, organizationId: firstOrderClaims.organizationId })
        .from(firstOrderClaims),
    ).toEqual([{ userId: "ada", organizationId: "engines" }]);

    expect((await priced("bob", "engines")).totals.discount).toBe(0);
    expect((await priced("bob")).totals.discount).toBe(0);
    // Someone outside the organisation is a new customer.
    expect((await priced("cyd")).totals.discount).toBe(DISCOUNT);
  });

  it("is not given to an organisation one of whose members had it", async () => {
    await Promise.all(["ada", "bob"].map(addUser));
    await pay("bob", await priced("bob"));
    await addOrganisation("engines", ["ada", "bob"]);
    expect((await priced("ada", "engines")).totals.discount).toBe(0);
    // Bob's own claim covers Bob and his organisations, not another member ordering for herself.
    expect((await priced("ada")).totals.discount).toBe(DISCOUNT);
  });
});

describe("the first-order banner", () => {
  it("is shown exactly while the next order would be priced with the discount", async () => {
    await Promise.all(["ada", "bob"].map(addUser));
    await addOrganisation("engines", ["ada", "bob"]);
    expect(await firstOrderOfferShown(handle.db, null)).toBe(true);
    expect(await firstOrderOfferShown(handle.db, { userId: "ada", accountId: "ada" })).toBe(true);

    await pay("ada", await priced("ada"));
    // Each person the banner may speak to, beside what their next order is priced at.
    const people = [
      { userId: "ada", accountId: "ada" },
      { userId: "ada", accountId: "engines" },
      { userId: "bob", accountId: "engines" },
      { userId: "bob", accountId: "bob" },
    ];
    const shown = await Promise.all(people.map((person) => firstOrderOfferShown(handle.db, person)));
    expect(shown).toEqual([false, false, false, true]);
    for (const [i, person] of people.entries()) {
      const discount = (await priced(person.userId, person.accountId)).totals.discount;
      expect(discount > 0).toBe(shown[i]);
    }
  });
});

describe("organisations per user", () => {
  it(`are capped at ${ORGANISATION_LIMIT}, with a message that says how to make room`, async () => {
    const { cookie } = await createSignedInUser(handle, "maker@example.com");
    const create = (name: string) =>
      createOrganisation(handle, { request: siteRequest("/account", { cookie, method: "POST" }), name });
    for (let i = 1; i <= ORGANISATION_LIMIT; i++) expect((await create(`Shell ${i}`)).ok).toBe(true);
    expect(await create("One too many")).toMatchObject({ ok: false, status: 403, message: ORGANISATION_LIMIT_MESSAGE });
    expect(await handle.db.select().from(authOrganization)).toHaveLength(ORGANISATION_LIMIT);
  });
});
