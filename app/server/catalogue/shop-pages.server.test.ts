import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authUser, catalogueVersion, products } from "#db/schema";
import type { ProductStatus } from "~/catalogue/types";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/home";
import { loader as productLoader } from "~/routes/product";
import { loader as productsLoader } from "~/routes/products";
import { loader as suggestionsLoader } from "~/routes/search-suggestions";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { LISTING_SEARCH_LIMIT } from "./catalogue-search.server";
import { CATALOGUE_CHECK_MS } from "./catalogue-store.server";
import { SEARCH_LIMIT, SEARCH_MESSAGES } from "./search-suggestions.server";

/**
 * The buyer's catalogue pages read the database's catalogue (docs/decisions/066): what is
 * published is on the shelves, a product being written is not found, and one no longer sold says so.
 */
const handle = testFileDatabase({ reset: false });

type Shown = { id: string; title: string };
const ids = (list: readonly Shown[]) => list.map((product) => product.id);

/** Saves these products' status as the back office would (version raised), and lets a second pass. */
async function setStatus(status: ProductStatus, productIds: string[]) {
  await handle.db.transaction(async (tx) => {
    await tx.update(products).set({ status }).where(inArray(products.id, productIds));
    await tx.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
  });
  vi.setSystemTime(Date.now() + CATALOGUE_CHECK_MS);
}

const get = (
  loader: (args: never) => unknown,
  path: string,
  params: Record<string, string> = {},
  request: Request = siteRequest(path),
) => answerOf(loader, { request, params, ctx: testContext(handle) });

// The clock only moves forward in this file: each change is read a second after it is saved.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => setStatus("published", ["8", "15", "16", "17"]));
afterAll(() => {
  vi.useRealTimers();
});

describe("a product's page", () => {
  it("is found by the spec's id and by its slug, with what to suggest beside it and no back-office fields", async () => {
    const byId = await get(productLoader, "/product/8", { id: "8" });
    const bySlug = await get(productLoader, "/product/custom-embroidered-cap", { id: "custom-embroidered-cap" });
    expect(byId.status).toBe(200);
    expect(bySlug).toEqual(byId);
    const body = byId.body as { product: Shown & Record<string, unknown>; related: Shown[] };
    expect(body.product).toMatchObject({ id: "8", title: "Custom Embroidered Cap", moq: 50 });
    expect(body.product).not.toHaveProperty("sku");
    expect(body.product).not.toHaveProperty("status");
    expect(ids(body.related)).toEqual(["15", "16", "17"]);
  });

  it("answers 404 for a product that does not exist and for one still being written", async () => {
    expect((await get(productLoader, "/product/999", { id: "999" })).status).toBe(404);
    await setStatus("draft", ["15"]);
    expect((await get(productLoader, "/product/15", { id: "15" })).status).toBe(404);
    const cap = (await get(productLoader, "/product/8", { id: "8" })).body as { related: Shown[] };
    expect(ids(cap.related)).toEqual(["16", "17"]);
  });

  it("shows staff a draft as buyers will see it, marked as a preview, and nobody else", async () => {
    await setStatus("draft", ["15"]);
    const buyer = await createSignedInUser(handle, "buyer-preview@example.com");
    const staff = await createSignedInUser(handle, "staff-preview@example.com");
    await handle.db
      .update(authUser)
      .set({ role: "staff", twoFactorEnabled: true })
      .where(eq(authUser.id, staff.userId));
    const asked = (cookie: string) =>
      get(productLoader, "/product/15", { id: "15" }, siteRequest("/product/15", { cookie }));
    expect((await asked(buyer.cookie)).status).toBe(404);
    const preview = await asked(staff.cookie);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ preview: true, product: { id: "15" } });
    // Without two-step sign-in, as the back office: nothing.
    await handle.db.update(authUser).set({ twoFactorEnabled: false }).where(eq(authUser.id, staff.userId));
    expect((await asked(staff.cookie)).status).toBe(404);
    // A published product's page is no preview.
    expect((await get(productLoader, "/product/8", { id: "8" })).body).toMatchObject({ preview: false });
  });

  it("answers 410 for a product no longer sold, naming it and offering products on sale instead", async () => {
    await setStatus("archived", ["8"]);
    await setStatus("draft", ["17"]);
    const gone = await get(productLoader, "/product/custom-embroidered-cap", { id: "custom-embroidered-cap" });
    expect(gone.status).toBe(410);
    const body = gone.body as { title: string; related: Shown[] };
    expect(body.title).toBe("Custom Embroidered Cap");
    expect(ids(body.related)).toEqual(["15", "16"]);
  });
});

describe("the shelves", () => {
  it("list the published products only, in catalogue order, and promote only categories with one", async () => {
    await setStatus("archived", ["8"]);
    await setStatus("draft", ["16"]);
    // Lowest minimum first: all four start at 50, so they keep catalogue order.
    const all = (await get(productsLoader, "/products?sort=moq")).body as { products: Shown[]; total: number };
    expect(ids(all.products)).toEqual(["15", "17"]);
    expect(all.total).toBe(2);
    // A card's worth of each product, not its page's.
    expect(all.products[0]).not.toHaveProperty("description");
    const hats = (await get(productsLoader, "/products/hats", { category: "hats" })).body as {
      products: Shown[];
      stocked: number;
    };
    expect(hats).toMatchObject({ products: [], stocked: 0 });
    const root = (await get(rootLoader, "/")).body as { shopCategories: { slug: string }[] };
    expect(root.shopCategories.map((category) => category.slug)).toEqual(["other", "apparel"]);
    const home = (await get(homeLoader, "/")).body as { picks: { products: Shown[] } };
    expect(ids(home.picks.products)).not.toContain("8");
  });

  it("count searches per client address, 240 a minute, and refuse the next with 429 until the minute is out", async () => {
    const asked = (path: string, ip: string) =>
      get(productsLoader, path, {}, new Request(`http://127.0.0.1:3999${path}`, { headers: { "x-real-ip": ip } }));
    const search = (ip: string) => asked("/products?search=cap", ip);
    for (let n = 0; n < LISTING_SEARCH_LIMIT.hits; n += 1) expect((await search("10.77.0.1")).status).toBe(200);
    const refused = await search("10.77.0.1");
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain("Too many searches at once.");
    // Another address, and browsing without a search, are not held up.
    expect((await search("10.77.0.2")).status).toBe(200);
    expect((await asked("/products", "10.77.0.1")).status).toBe(200);
  });

  it("refuse a category the shop does not have", async () => {
    expect((await get(productsLoader, "/products/shoes", { category: "shoes" })).status).toBe(404);
  });
});

describe("the header search's suggestions", () => {
  const suggest = async (query: string, ip = "10.7.0.1") => {
    const request = new Request(`http://127.0.0.1:3999/search/suggestions?q=${encodeURIComponent(query)}`, {
      headers: { "x-real-ip": ip },
    });
    return get(suggestionsLoader, "", {}, request);
  };
  const suggested = async (query: string) => ((await suggest(query)).body as { suggestions: Shown[] }).suggestions;

  it("suggest products on sale matching the query, as the listing's search matches, and nothing for a blank one", async () => {
    expect(await suggested("cAp")).toEqual([{ id: "8", title: "Custom Embroidered Cap", category: "Hats" }]);
    expect(ids(await suggested("custom"))).toEqual(["8", "15", "17"]);
    expect(await suggested("   ")).toEqual([]);
    expect(await suggested("no such thing")).toEqual([]);
    await setStatus("archived", ["8"]);
    expect(await suggested("cap")).toEqual([]);
    const answer = await suggest("mat");
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  it("refuse a query over 100 characters with the reason", async () => {
    const answer = await suggest("c".repeat(101));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: "QUERY_TOO_LONG", message: SEARCH_MESSAGES.tooLong } });
    expect((await suggest("c".repeat(100))).status).toBe(200);
  });

  it(`allow ${SEARCH_LIMIT.hits} a minute from one address, then say when to try again`, async () => {
    const ip = "10.7.0.2";
    for (let i = 0; i < SEARCH_LIMIT.hits; i += 1) expect((await suggest("cap", ip)).status).toBe(200);
    const refused = await suggest("cap", ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: "RATE_LIMITED", message: SEARCH_MESSAGES.rateLimited } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await suggest("cap", "10.7.0.3")).status).toBe(200);
  });
});
