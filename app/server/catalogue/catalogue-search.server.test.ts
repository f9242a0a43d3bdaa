/**
 * The listing's search in the database (docs/decisions/067-catalogue-search.md), on PGlite, or on
 * PostgreSQL with TEST_DATABASE_URL: what a buyer's search and filters find among the four spec
 * products and copies of them, in each sort, page by page.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { onSale } from "~/catalogue/catalogue";
import { parseShelfQuery, SHELF_PAGE_SIZE } from "~/domain/catalogue/shelf-query";
import { SORT_OPTIONS, sortProducts } from "~/domain/pricing/catalogue-rules";
import { unitPricePence } from "~/domain/pricing/pricing";
import { countStatements, testFileDatabase } from "../../../tests/setup/test-db";
import { changeProductStatus, duplicateProduct } from "./catalogue-edits.server";
import { searchShelf, suggestShelf } from "./catalogue-search.server";
import { readCatalogue } from "./catalogue-store.server";

const handle = testFileDatabase({ reset: false });

const shelf = async (params: string, category: Parameters<typeof searchShelf>[1]["category"] = null) =>
  searchShelf(handle.db, {
    query: parseShelfQuery(new URLSearchParams(params)),
    category,
    version: (await readCatalogue(handle.db)).version,
  });
const idsFor = async (params: string) => (await shelf(params)).ids;

describe("the listing in the database, over the spec's four products", () => {
  it("lists every product on sale in each sort exactly as the spec's comparators order them", async () => {
    const products = onSale((await readCatalogue(handle.db)).products);
    for (const { value } of SORT_OPTIONS) {
      const page = await shelf(`sort=${value}`);
      expect(page.total, value).toBe(4);
      expect(page.ids, value).toEqual(sortProducts(products, value).map((p) => p.id));
    }
  });

  it.each([
    ["cap", ["8"]],
    ["CAPS", ["8"]],
    ["embroid", ["8"]],
    ["bro", ["8"]],
    ["yoga mat", ["17"]],
    ["office essentials", ["16"]],
    ["a5", ["16"]],
    ["zz%_qq", []],
  ])("finds %j as typed: a word's start in any text, its stem, or any part of a text", async (search, ids) => {
    const page = await shelf(`search=${encodeURIComponent(search)}`);
    expect(page.ids).toEqual(ids);
    expect(page.typo).toBe(false);
  });

  it("takes a search nothing matches as typed for a typo of a close title", async () => {
    for (const typo of ["embroiderd cap", "yogga mat", "runing shorts"]) {
      const page = await shelf(`search=${encodeURIComponent(typo)}`);
      expect(page.typo, typo).toBe(true);
      expect(page.ids.length, typo).toBeGreaterThan(0);
    }
    expect((await shelf("search=embroiderd%20cap")).ids).toEqual(["8"]);
    expect(await shelf("search=zzzz")).toMatchObject({ ids: [], total: 0, typo: false });
  });

  it("narrows by colour, branding method, minimum order, lead time and price per unit at a quantity", async () => {
    expect(await idsFor("colour=orange&sort=moq")).toEqual(["8", "15", "16", "17"]);
    expect(await idsFor("method=laser&sort=moq")).toEqual(["16", "17"]);
    expect(await idsFor("method=embroidery")).toEqual(["8"]);
    expect(await idsFor("moq=25")).toEqual([]);
    // The shorts are made in 9 days, the mat in 2 weeks, the diary in up to 3, the cap in 3.5.
    expect(await idsFor("lead=2&sort=moq")).toEqual(["15", "17"]);
    expect(await idsFor("lead=3&sort=moq")).toEqual(["15", "16", "17"]);
    // 100 of a product for at most £5.50 each, or £2: as the product pages price 100.
    const products = onSale((await readCatalogue(handle.db)).products);
    for (const [price, pence] of [
      ["5.50", 550],
      ["£2.50", 250],
    ] as const) {
      const cheap = products.filter((p) => unitPricePence(p.tiers, 100) <= pence).map((p) => p.id);
      expect(await idsFor(`qty=100&price=${price}&sort=moq`), price).toEqual(cheap);
      expect(cheap.length, price).toBeGreaterThan(0);
    }
    // An odd filter is no filter.
    expect(await idsFor("method=__proto__&moq=-1&lead=x&qty=10&price=cheap&sort=moq")).toHaveLength(4);
  });

  it("offers the colours and methods the matches come in, each counted with its own filter off", async () => {
    const { facets } = await shelf("method=laser");
    expect(facets.methods).toEqual(
      expect.arrayContaining([
        { method: "laser", count: 2 },
        { method: "embroidery", count: 1 },
      ]),
    );
    expect(facets.colours.find((c) => c.name === "Orange")).toEqual({ name: "Orange", count: 2 });
    expect((await shelf("", "Apparel")).facets.colours.map((c) => c.name).sort()).toEqual(["Black", "Orange"]);
  });

  // The header's and the listing's one predicate (R-LIST-04, R-HEAD-14): any part of the title,
  // description or category, in any case; and now a word's stem too ("caps" finds the cap).
  it.each([
    ["cAp", "8"],
    ["embroidered", "8"],
    ["hats", "8"],
    ["office ess", "16"],
    ["  yoga  ", "17"],
    ["caps", "8"],
  ])("suggests %j as the listing finds it", async (search, id) => {
    expect(await suggestShelf(handle.db, { search: search.trim(), limit: 6 })).toContain(id);
  });

  it("keeps a page for the catalogue's version: asked again it is not searched again, and a new version searches afresh", async () => {
    const { version } = await readCatalogue(handle.db);
    const query = parseShelfQuery(new URLSearchParams("search=diary&sort=moq"));
    const first = await searchShelf(handle.db, { query, category: null, version });
    const statements = countStatements(handle);
    expect(await searchShelf(handle.db, { query, category: null, version })).toEqual(first);
    expect(statements()).toBe(0);
    expect(await searchShelf(handle.db, { query, category: null, version: version + 1 })).toEqual(first);
    expect(statements()).toBeGreaterThan(0);
    vi.restoreAllMocks();
  });

  it("keeps to the category, and suggests in catalogue order", async () => {
    // "for" is in the shorts', the diary's and the mat's descriptions.
    expect(await suggestShelf(handle.db, { search: "FOR", limit: 6 })).toEqual(["15", "16", "17"]);
    expect(await suggestShelf(handle.db, { search: "o", limit: 2 })).toEqual(["8", "15"]);
    expect(await suggestShelf(handle.db, { search: "yoga", limit: 6 })).toEqual(["17"]);
    expect(await shelf("", "Hats")).toMatchObject({ ids: ["8"], total: 1 });
    expect(await shelf("search=yoga", "Hats")).toMatchObject({ ids: [], total: 0 });
    expect(await suggestShelf(handle.db, { search: "custom", limit: 6 })).toEqual(["8", "15", "17"]);
    expect(await suggestShelf(handle.db, { search: "embroiderd", limit: 6 })).toEqual(["8"]);
  });
});

describe("the listing page by page", () => {
  beforeAll(async () => {
    // 60 copies of the diary on sale: 64 products in all.
    for (let n = 0; n < 60; n += 1) {
      const copied = await duplicateProduct(handle.db, { staffId: "staff-1", productId: "16" });
      if (!copied.ok) throw new Error(copied.message);
      await changeProductStatus(handle.db, { staffId: "staff-1", productId: copied.id, to: "published", version: 1 });
    }
  });

  it("shows 24 a page, counts them all, and a page past the last is empty with the count", async () => {
    const first = await shelf("sort=moq");
    expect(first.total).toBe(64);
    expect(first.ids).toHaveLength(SHELF_PAGE_SIZE);
    const pages = [first.ids, (await shelf("sort=moq&page=2")).ids, (await shelf("sort=moq&page=3")).ids];
    expect(pages.map((ids) => ids.length)).toEqual([24, 24, 16]);
    expect(new Set(pages.flat()).size).toBe(64);
    expect(await shelf("sort=moq&page=9")).toMatchObject({ ids: [], total: 64 });
    expect((await shelf("search=diary&page=2")).total).toBe(61);
  });
});
