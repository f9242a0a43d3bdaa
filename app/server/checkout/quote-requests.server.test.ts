import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createTestDatabase, testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { answerOf } from "../../../tests/setup/route-answer";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { action } from "~/routes/products";
import { queryRows } from "../platform/db.server";
import { listInbox } from "../admin/admin-inbox.server";
import { PRODUCT_REQUEST_LIMIT_PER_HOUR } from "./quote-requests.server";

const handle = testFileDatabase();
const complete = {
  product: "Enamel mugs",
  quantity: "300",
  needed_by: "2099-12-18",
  notes: "Navy, one-colour print",
  name: "Grace Hopper",
  email: "grace@example.co.uk",
  company: "Cobol & Co",
};

type Refusal = { values: Record<string, string>; error: { message: string; fieldErrors?: Record<string, string> } };

function post(
  path: string,
  fields: Record<string, string>,
  options: { ip?: string; cookie?: string; ctx?: ReturnType<typeof testContext> } = {},
) {
  const request = siteRequest(path, { form: fields, cookie: options.cookie });
  if (options.ip) request.headers.set("x-real-ip", options.ip);
  const category = /^\/products\/([^?]+)/.exec(path)?.[1];
  return answerOf(action, {
    request,
    params: category ? { category } : {},
    ctx: options.ctx ?? testContext(handle),
  });
}

const stored = () =>
  queryRows<Record<string, unknown>>(handle.db, sql`select * from quote_requests order by created_at`);
const mails = () =>
  queryRows<{ to: string; subject: string; text: string }>(
    handle.db,
    sql`select "to", subject, text from outbox where meta->>'kind' = 'product-request'`,
  );

describe("Request this product", () => {
  it("stores the request in the quote inbox, tells the sales inbox and confirms", async () => {
    const answer = await post("/products/drinkware", complete);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.body).toEqual({
      requested: { product: "Enamel mugs", quantity: 300, email: "grace@example.co.uk" },
    });

    const [row] = await stored();
    expect(row).toMatchObject({
      user_id: null,
      contact_name: "Grace Hopper",
      email: "grace@example.co.uk",
      company: "Cobol & Co",
      needed_by: "2099-12-18",
      source_page: "/products/drinkware",
      items: [{ wanted: "Enamel mugs", quantity: 300 }],
      notes: "Navy, one-colour print",
    });
    const inbox = await listInbox(handle.db, { kind: "quotes", page: 1 });
    expect(inbox.columns[5]).toBe("Items");
    expect(inbox.rows[0]?.[5]?.text).toBe("300 × Enamel mugs (to source)");

    const [mail] = await mails();
    expect(mail?.to).toBe(TEST_SHOP.business.salesEmail);
    expect(mail?.subject).toBe("Product request: 300 × Enamel mugs");
    for (const line of [
      "Product: Enamel mugs",
      "Quantity: 300",
      "E-mail: grace@example.co.uk",
      "Asked on: /products/drinkware",
    ]) {
      expect(mail?.text).toContain(line);
    }
  });

  it("records the search it came from and, signed in, the account", async () => {
    const { userId, cookie } = await createSignedInUser(handle, "buyer@example.com");
    const answer = await post("/products?search=hoodie", { ...complete, product: "hoodie", company: "" }, { cookie });
    expect(answer.status).toBe(200);
    const [row] = await stored();
    expect(row).toMatchObject({ user_id: userId, source_page: "/products?search=hoodie", company: null });
  });

  it("answers bad input with 400, field errors and every value kept, storing nothing", async () => {
    const typed = { ...complete, product: " ", quantity: "lots", email: "grace-at-example" };
    const answer = await post("/products?search=mug", typed);
    expect(answer.status).toBe(400);
    const refusal = answer.body as Refusal;
    expect(refusal.error.fieldErrors).toEqual({
      product: "Tell us which product you need",
      quantity: "Enter how many you need, as a whole number",
      email: "Enter an e-mail address in the format name@company.com",
    });
    expect(refusal.values).toEqual(typed);
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a body that is not a form, and an unknown category is not found", async () => {
    const json = new Request("http://127.0.0.1:3999/products", {
      method: "POST",
      headers: { "content-type": "application/json", "x-real-ip": "10.0.0.1" },
      body: JSON.stringify(complete),
    });
    expect((await answerOf(action, { request: json, ctx: testContext(handle) })).status).toBe(415);
    expect((await post("/products/shoes", complete)).status).toBe(404);
    expect(await stored()).toHaveLength(0);
  });

  it("gives a filled honeypot the same confirmation but keeps and sends nothing", async () => {
    const answer = await post("/products/bags", { ...complete, website: "https://spam.example" });
    expect(answer.status).toBe(200);
    expect(await stored()).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it("limits one address to a few requests an hour", async () => {
    for (let i = 0; i < PRODUCT_REQUEST_LIMIT_PER_HOUR; i++) {
      expect((await post("/products/bags", complete, { ip: "198.51.100.9" })).status).toBe(200);
    }
    const limited = await post("/products/bags", complete, { ip: "198.51.100.9" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((limited.body as Refusal).error.message).toMatch(/several requests/);
    expect((limited.body as Refusal).values).toEqual(complete);
    expect((await post("/products/bags", complete, { ip: "198.51.100.10" })).status).toBe(200);
  });

  it("keeps the input and says to e-mail when the request cannot be stored", async () => {
    const spare = await createTestDatabase();
    await spare.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const answer = await post("/products/drinkware", complete, { ctx: testContext(spare) });
      expect(answer.status).toBe(500);
      const refusal = answer.body as Refusal;
      expect(refusal.error.message).toBe(
        `Sorry, your request couldn't be sent. Please e-mail ${TEST_SHOP.business.salesEmail}.`,
      );
      expect(refusal.values).toEqual(complete);
    } finally {
      logged.mockRestore();
    }
  });
});
