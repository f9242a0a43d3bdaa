import { describe, expect, it } from "vitest";
import { type CatalogueProduct, parseSort, SORT_OPTIONS, slugToTitle, sortProducts } from "./catalogue-rules";

function product(overrides: Partial<CatalogueProduct> & Pick<CatalogueProduct, "id">): CatalogueProduct {
  return {
    title: `Product ${overrides.id}`,
    description: "",
    category: "Other",
    unitPrice: 1,
    moq: 50,
    createdAt: "2026-01-01T00:00:00Z",
    ...overrides,
  };
}

const CAP = product({
  id: "8",
  title: "Classic Baseball Cap",
  description: "Structured six-panel cap with embroidered logo.",
  category: "Hats",
  unitPrice: [3.88, 5.5],
  createdAt: "2025-06-01T00:00:00Z",
});
const SHORTS = product({
  id: "15",
  title: "Running Shorts",
  description: "Lightweight sports shorts for team events.",
  category: "Apparel",
  unitPrice: [8, 10.4],
  createdAt: "2025-07-01T00:00:00Z",
});
const DIARY = product({
  id: "16",
  title: "A5 Diary",
  description: "Hardback notebook diary for the office.",
  category: "Office Essentials",
  unitPrice: [1.65, 2.24],
  createdAt: "2025-08-01T00:00:00Z",
});
const MAT = product({
  id: "17",
  title: "Yoga Mat",
  description: "Non-slip mat for wellness days.",
  category: "Other",
  unitPrice: [3.8, 5.5],
  createdAt: "2025-09-01T00:00:00Z",
});
const CATALOGUE = [CAP, SHORTS, DIARY, MAT] as const;
const ids = (list: readonly CatalogueProduct[]): string[] => list.map((p) => p.id);

describe("slugToTitle", () => {
  it.each([
    ["office-essentials", "Office Essentials"],
    ["hats", "Hats"],
    ["apparel", "Apparel"],
    ["drinkware", "Drinkware"],
    ["OTHER", "Other"],
    ["a--b", "A B"],
    ["", ""],
  ])("%j → %j", (slug, title) => {
    expect(slugToTitle(slug)).toBe(title);
  });
});

describe("SORT_OPTIONS and parseSort (R-LIST-07)", () => {
  it("offers the four sorts with their labels, in order", () => {
    expect(SORT_OPTIONS).toEqual([
      { value: "newest", label: "Newest" },
      { value: "price-asc", label: "Price: Low to High" },
      { value: "price-desc", label: "Price: High to Low" },
      { value: "moq", label: "Lowest MOQ" },
    ]);
  });

  it.each([
    ["newest", "newest"],
    ["price-asc", "price-asc"],
    ["price-desc", "price-desc"],
    ["moq", "moq"],
    [null, "newest"],
    [undefined, "newest"],
    ["", "newest"],
    ["PRICE-ASC", "newest"],
    ["price", "newest"],
  ] as const)("%j → %s", (value, sort) => {
    expect(parseSort(value)).toBe(sort);
  });
});

describe("sortProducts", () => {
  it("newest: createdAt descending (R-LIST-10)", () => {
    expect(ids(sortProducts(CATALOGUE, "newest"))).toEqual(["17", "16", "15", "8"]);
  });

  it("newest: equal createdAt falls back to numeric id descending (A-32)", () => {
    const same = "2026-01-01T00:00:00Z";
    const list = [
      product({ id: "8", createdAt: same }),
      product({ id: "17", createdAt: same }),
      product({ id: "15", createdAt: same }),
      product({ id: "100", createdAt: same }),
    ];
    // Text order would put '8' first; numeric order puts 100 first and 8 last.
    expect(ids(sortProducts(list, "newest"))).toEqual(["100", "17", "15", "8"]);
  });

  it("newest: unreadable dates sort last", () => {
    const list = [product({ id: "1", createdAt: "not a date" }), product({ id: "2", createdAt: "2020-01-01" })];
    expect(ids(sortProducts(list, "newest"))).toEqual(["2", "1"]);
  });

  it("price-asc uses the range midpoint (R-LIST-08, decision 050)", () => {
    // Midpoints: cap 4.69, shorts 9.20, diary 1.95, mat 4.65.
    expect(ids(sortProducts(CATALOGUE, "price-asc"))).toEqual(["16", "17", "8", "15"]);
  });

  it("price-desc is the reverse order", () => {
    expect(ids(sortProducts(CATALOGUE, "price-desc"))).toEqual(["15", "8", "17", "16"]);
  });

  it("sorts a single price against a range's midpoint", () => {
    const list = [
      product({ id: "1", unitPrice: [1, 9] }), // midpoint 5
      product({ id: "2", unitPrice: 4.99 }),
      product({ id: "3", unitPrice: 5.01 }),
    ];
    expect(ids(sortProducts(list, "price-asc"))).toEqual(["2", "1", "3"]);
    expect(ids(sortProducts(list, "price-desc"))).toEqual(["3", "1", "2"]);
  });

  it("price sorts keep catalogue order for equal prices", () => {
    const list = [
      product({ id: "1", unitPrice: 5 }),
      product({ id: "2", unitPrice: [4, 6] }),
      product({ id: "3", unitPrice: 5 }),
    ];
    expect(ids(sortProducts(list, "price-asc"))).toEqual(["1", "2", "3"]);
    expect(ids(sortProducts(list, "price-desc"))).toEqual(["1", "2", "3"]);
  });

  it("moq ascending, ties stable (R-LIST-09)", () => {
    const list = [
      product({ id: "1", moq: 100 }),
      product({ id: "2", moq: 50 }),
      product({ id: "3", moq: 25 }),
      product({ id: "4", moq: 50 }),
      product({ id: "5", moq: 100 }),
    ];
    expect(ids(sortProducts(list, "moq"))).toEqual(["3", "2", "4", "1", "5"]);
  });

  it("all four built-in products have MOQ 50, so moq keeps catalogue order", () => {
    expect(ids(sortProducts(CATALOGUE, "moq"))).toEqual(["8", "15", "16", "17"]);
  });

  it("never mutates its input", () => {
    const list = [...CATALOGUE];
    for (const option of SORT_OPTIONS) {
      const sorted = sortProducts(list, option.value);
      expect(sorted).not.toBe(list);
    }
    expect(ids(list)).toEqual(["8", "15", "16", "17"]);
  });
});
