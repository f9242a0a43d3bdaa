import { SPEC_CATEGORIES } from "~/catalogue/categories";
import { describe, expect, it } from "vitest";
import { PRODUCTS } from "~/catalogue/catalogue";
import type { ProductStatus, StoredProduct } from "~/catalogue/types";
import {
  CATALOGUE_PAGE_SIZE,
  catalogueListPage,
  countsLine,
  listCatalogue,
  parseCatalogueFilter,
} from "./catalogue-list";
import { CATALOGUE_SEARCH_MAX } from "./shelf-query";

const stored = (id: string, status: ProductStatus, sku: string | null = null, demo = false): StoredProduct => {
  const product = PRODUCTS.find((p) => p.id === id)!;
  return { ...product, slug: product.title.toLowerCase().replaceAll(" ", "-"), sku, status, version: 1, demo };
};
const CATALOGUE = [
  stored("8", "published", "BTC-CAP-6P"),
  stored("15", "draft"),
  stored("16", "published"),
  stored("17", "archived"),
];
const filter = (query: string) =>
  parseCatalogueFilter(
    new URLSearchParams(query),
    SPEC_CATEGORIES.map((category) => category.name),
  );
const ids = (query: string) => listCatalogue(CATALOGUE, filter(query)).rows.map((row) => row.id);

describe("parseCatalogueFilter", () => {
  it("reads the search, the category and the status", () => {
    expect(filter("q=%20%20embroidered%20%20cap%20&category=Hats&status=published")).toEqual({
      q: "embroidered cap",
      category: "Hats",
      status: "published",
      message: null,
    });
  });

  it("takes an unknown category or status, or none, as no filter", () => {
    expect(filter("category=hats&status=deleted")).toEqual({ q: "", category: "", status: "", message: null });
    expect(filter("")).toEqual({ q: "", category: "", status: "", message: null });
  });

  it("refuses a search longer than 100 characters, saying why, and lists everything", () => {
    const tooLong = filter(`q=${"a".repeat(CATALOGUE_SEARCH_MAX + 1)}`);
    expect(tooLong).toEqual({ q: "", category: "", status: "", message: "Search for 100 characters or fewer." });
    expect(filter(`q=${"a".repeat(CATALOGUE_SEARCH_MAX)}`).message).toBeNull();
  });
});

describe("listCatalogue", () => {
  it("lists every product in catalogue order, with the counts by status", () => {
    const list = listCatalogue(CATALOGUE, filter(""));
    expect(list.rows.map((row) => row.id)).toEqual(["8", "15", "16", "17"]);
    expect(list.counts).toEqual({ all: 4, published: 2, draft: 1, archived: 1, demo: 0 });
  });

  it("marks demo products and counts them over the whole catalogue, whatever the filter", () => {
    const withDemo = [...CATALOGUE, { ...stored("8", "published", null, true), id: "18", slug: "demo-cap" }];
    const list = listCatalogue(withDemo, filter("status=draft"));
    expect(list.counts).toEqual({ all: 5, published: 3, draft: 1, archived: 1, demo: 1 });
    expect(list.rows.map((row) => [row.id, row.demo])).toEqual([["15", false]]);
    expect(listCatalogue(withDemo, filter("q=demo-cap")).rows.map((row) => [row.id, row.demo])).toEqual([["18", true]]);
  });

  it("shows each product's status, category, price range, minimum, lead time, colours and pictures", () => {
    expect(listCatalogue(CATALOGUE, filter("q=cap")).rows).toEqual([
      {
        id: "8",
        title: "Custom Embroidered Cap",
        slug: "custom-embroidered-cap",
        sku: "BTC-CAP-6P",
        status: "published",
        version: 1,
        category: "Hats",
        price: "£3.88–£5.50 each",
        moq: 50,
        leadTime: "3.5 weeks",
        colours: 10,
        pictures: 3,
        demo: false,
      },
    ]);
  });

  it("finds by title, URL name, supplier reference or id, whatever the case", () => {
    expect(ids("q=RUNNING")).toEqual(["15"]);
    expect(ids("q=custom-yoga")).toEqual(["17"]);
    expect(ids("q=btc-cap")).toEqual(["8"]);
    expect(ids("q=16")).toEqual(["16"]);
    expect(ids("q=water bottle")).toEqual([]);
  });

  it("narrows by category and by status, together with a search", () => {
    expect(ids("category=Hats")).toEqual(["8"]);
    expect(ids("category=Drinkware")).toEqual([]);
    expect(ids("status=published")).toEqual(["8", "16"]);
    expect(ids("status=archived&q=mat")).toEqual(["17"]);
    expect(ids("status=draft&category=Hats")).toEqual([]);
  });

  it("shows one price for a product whose bands all cost the same", () => {
    const flat = { ...stored("16", "published"), tiers: [{ label: "50+", min: 50, max: null, unitPence: 224 }] };
    expect(listCatalogue([flat], filter("")).rows[0]?.price).toBe("£2.24 each");
  });
});

describe("countsLine", () => {
  it("says how many products there are of each status", () => {
    expect(countsLine({ all: 4, published: 2, draft: 1, archived: 1, demo: 0 })).toBe(
      "4 products: 2 published, 1 draft, 1 archived",
    );
    expect(countsLine({ all: 1, published: 1, draft: 0, archived: 0, demo: 0 })).toBe(
      "1 product: 1 published, 0 drafts, 0 archived",
    );
  });

  it("says how many are demo data when any are", () => {
    expect(countsLine({ all: 45, published: 45, draft: 0, archived: 0, demo: 41 })).toBe(
      "45 products: 45 published, 0 drafts, 0 archived; 41 are demo data",
    );
    expect(countsLine({ all: 5, published: 4, draft: 1, archived: 0, demo: 1 })).toBe(
      "5 products: 4 published, 1 draft, 0 archived; 1 is demo data",
    );
  });
});

describe("the list a page at a time", () => {
  const rows = Array.from({ length: 250 }, (_, i) => i + 1);
  it.each([
    [null, 1, 1, 100],
    ["2", 2, 101, 200],
    ["3", 3, 201, 250],
    ["9", 3, 201, 250],
    ["0", 1, 1, 100],
    ["-1", 1, 1, 100],
    ["x", 1, 1, 100],
  ])("page %j shows page %i: rows %i to %i of 3 pages", (asked, page, first, last) => {
    const shown = catalogueListPage(rows, asked);
    expect(shown).toMatchObject({ page, pageCount: 3 });
    expect([shown.rows[0], shown.rows.at(-1)]).toEqual([first, last]);
  });

  it("is one page for a small catalogue, or none", () => {
    expect(CATALOGUE_PAGE_SIZE).toBe(100);
    expect(catalogueListPage([1, 2, 3], "2")).toEqual({ rows: [1, 2, 3], page: 1, pageCount: 1 });
    expect(catalogueListPage([], null)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
});
