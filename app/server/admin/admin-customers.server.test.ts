/**
 * Finding a customer in the back office (docs/decisions/047-find-a-customer.md): by a person's name, e-mail or phone, an
 * organisation's name, an order's number or company, a quote's number; and an account's page with
 * its people, orders, documents and quotes. Real PGlite.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { authMember, authOrganization, authUser, creditNotes, invoices, orders, quotes } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { CUSTOMER_RESULTS_LIMIT } from "~/domain/orders/admin-customers";
import { customerAccount, findCustomers } from "./admin-customers.server";

const handle = testFileDatabase({ reset: false });
const NOW = new Date("2026-11-20T10:00:00Z");
let northwindOrder: string;
let northwindOrderId: string;
let soloOrder: string;

async function person(id: string, name: string, email: string, phoneNumber: string | null = null) {
  await handle.db.insert(authUser).values({ id, name, email, phoneNumber, emailVerified: true });
}

beforeAll(async () => {
  await person("jane", "Jane Smith", "jane@northwind.example", "+447700900123");
  await person("tom", "Tom Baker", "tom@northwind.example");
  await person("sam", "Sam Solo", "sam@solo.example");
  await handle.db
    .insert(authOrganization)
    .values({ id: "org-northwind", name: "Northwind Events", slug: "northwind", createdAt: NOW });
  await handle.db.insert(authMember).values([
    { id: "m1", organizationId: "org-northwind", userId: "jane", role: "owner", createdAt: NOW },
    { id: "m2", organizationId: "org-northwind", userId: "tom", role: "member", createdAt: NOW },
  ]);

  const northwind = await insertPaidOrder(handle.db, {
    userId: "jane",
    email: "accounts@northwind.example",
    company: "Northwind Events Ltd",
    createdAt: new Date("2026-11-10T10:00:00Z"),
  });
  await handle.db.update(orders).set({ accountId: "org-northwind" }).where(eq(orders.id, northwind.id));
  const [invoice] = await handle.db
    .insert(invoices)
    .values({ number: "INV-2026-000901", orderId: northwind.id })
    .returning();
  await handle.db
    .insert(creditNotes)
    .values({ number: "CN-2026-000902", orderId: northwind.id, invoiceId: invoice!.id });
  northwindOrder = northwind.number;
  northwindOrderId = northwind.id;

  const solo = await insertPaidOrder(handle.db, {
    userId: "sam",
    email: "sam@solo.example",
    company: "Solo Trading",
    createdAt: new Date("2026-11-01T10:00:00Z"),
  });
  soloOrder = solo.number;

  await handle.db.insert(quotes).values({
    number: "Q-2026-000777",
    userId: "tom",
    accountId: "org-northwind",
    source: "cart",
    issuedAt: new Date("2026-11-15T10:00:00Z"),
    validUntil: "2026-12-15",
    lines: [],
    country: "GB",
    totals: { subtotal: 50000, discount: 0, shipping: 1800, vat: 10360, total: 62160, vatRate: 20 },
    deliveryNote: "",
    buyer: { lines: ["Northwind Events"], vatNumber: "", email: "tom@northwind.example" },
  });
});

const found = async (q: string) =>
  (await findCustomers(handle.db, q)).map(({ accountId, kind, name, emails, orders, quotes }) => ({
    accountId,
    kind,
    name,
    emails,
    orders,
    quotes,
  }));

const NORTHWIND = {
  accountId: "org-northwind",
  kind: "organisation",
  name: "Northwind Events",
  emails: ["jane@northwind.example", "tom@northwind.example"],
  orders: 1,
  quotes: 1,
};
const SAM = { accountId: "sam", kind: "person", name: "Sam Solo", emails: ["sam@solo.example"], orders: 1, quotes: 0 };

describe("findCustomers", () => {
  it("finds an organisation by its name, and a member's address, name or phone leads to it", async () => {
    expect(await found("northwind ev")).toEqual([NORTHWIND]);
    expect(await found("TOM@north")).toEqual([NORTHWIND]);
    expect(await found("Jane Smi")).toEqual([NORTHWIND]);
    expect(await found("7700900123")).toEqual([NORTHWIND]);
  });

  it("finds a person who belongs to no organisation as their own account", async () => {
    expect(await found("sam solo")).toEqual([SAM]);
  });

  it("finds an account by an order's number or company, and a quote's number", async () => {
    expect(await found(soloOrder)).toEqual([SAM]);
    expect(await found("Solo Trad")).toEqual([SAM]);
    expect(await found("accounts@northwind")).toEqual([NORTHWIND]);
    expect(await found("Q-2026-000777")).toEqual([NORTHWIND]);
  });

  it("lists the account that ordered last first", async () => {
    expect((await found(".example")).map((row) => row.accountId)).toEqual(["org-northwind", "sam"]);
  });

  it("takes % and _ literally, and finds nothing for them", async () => {
    expect(await found("%")).toEqual([]);
    expect(await found("_")).toEqual([]);
  });

  it("stops one past the most it lists, so the page can say there are more", async () => {
    await handle.db.insert(authUser).values(
      Array.from({ length: CUSTOMER_RESULTS_LIMIT + 5 }, (_, i) => ({
        id: `many-${i}`,
        name: `Many Buyer ${i}`,
        email: `many${i}@crowd.example`,
      })),
    );
    expect(await found("crowd.example")).toHaveLength(CUSTOMER_RESULTS_LIMIT + 1);
  });
});

describe("customerAccount", () => {
  it("shows an organisation's people, its orders with their documents, and its quotes", async () => {
    const account = await customerAccount(handle.db, { accountId: "org-northwind", now: NOW });
    expect(account).toMatchObject({
      kind: "organisation",
      name: "Northwind Events",
      organisations: [],
      people: [
        { id: "jane", name: "Jane Smith", email: "jane@northwind.example", phone: "+447700900123", role: "owner" },
        { id: "tom", name: "Tom Baker", email: "tom@northwind.example", phone: null, role: "member" },
      ],
      orders: [
        {
          id: northwindOrderId,
          number: northwindOrder,
          status: "paid",
          placedBy: "jane@northwind.example",
          company: "Northwind Events Ltd",
          paid: true,
          invoiceNumber: "INV-2026-000901",
          creditNoteNumbers: ["CN-2026-000902"],
          guaranteeCreditNoteNumber: null,
        },
      ],
      quotes: [{ number: "Q-2026-000777", validUntil: "2026-12-15", totalPence: 62160, valid: true }],
    });
    const later = await customerAccount(handle.db, {
      accountId: "org-northwind",
      now: new Date("2026-12-16T10:00:00Z"),
    });
    expect(later?.quotes[0]?.valid).toBe(false);
  });

  it("shows a person's own orders and the organisations they also order for", async () => {
    expect(await customerAccount(handle.db, { accountId: "sam", now: NOW })).toMatchObject({
      kind: "person",
      name: "Sam Solo",
      organisations: [],
      orders: [{ number: soloOrder, invoiceNumber: null }],
      quotes: [],
    });
    expect(await customerAccount(handle.db, { accountId: "jane", now: NOW })).toMatchObject({
      kind: "person",
      organisations: [{ id: "org-northwind", name: "Northwind Events" }],
      orders: [],
    });
  });

  it("is null for an account nobody has", async () => {
    expect(await customerAccount(handle.db, { accountId: "nobody", now: NOW })).toBeNull();
  });
});
