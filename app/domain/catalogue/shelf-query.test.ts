import { describe, expect, it } from "vitest";
import {
  containsPattern,
  isFiltered,
  pageCount,
  parseShelfQuery,
  prefixQuery,
  SHELF_MAX_PAGE,
  searchText,
} from "./shelf-query";

const read = (params: string) => parseShelfQuery(new URLSearchParams(params));

describe("the listing's query in the address", () => {
  it("reads nothing as every product, newest first, page 1, unfiltered", () => {
    const query = read("");
    expect(query).toEqual({
      search: "",
      sort: "newest",
      page: 1,
      colour: null,
      method: null,
      moqMax: null,
      leadWeeksMax: null,
      priceAt: null,
    });
    expect(isFiltered(query)).toBe(false);
  });

  it("reads every filter a buyer can set", () => {
    const query = read(
      "search=%20steel%20%20bottle%20&sort=price-asc&page=3&colour=Navy&method=laser&moq=100&lead=3&qty=250&price=£4.5",
    );
    expect(query).toEqual({
      search: "steel bottle",
      sort: "price-asc",
      page: 3,
      colour: "Navy",
      method: "laser",
      moqMax: 100,
      leadWeeksMax: 3,
      priceAt: { quantity: 250, maxPence: 450 },
    });
    expect(isFiltered(query)).toBe(true);
  });

  it.each([
    ["page=0", { page: 1 }],
    ["page=-2", { page: 1 }],
    ["page=1.5", { page: 1 }],
    ["page=99999", { page: SHELF_MAX_PAGE }],
    ["method=__proto__", { method: null }],
    ["moq=0", { moqMax: null }],
    ["moq=1e3", { moqMax: null }],
    ["lead=53", { leadWeeksMax: null }],
    ["qty=100", { priceAt: null }],
    ["qty=100&price=cheap", { priceAt: null }],
    ["qty=0&price=4", { priceAt: null }],
    ["sort=cheapest", { sort: "newest" }],
  ])("reads %s as no filter it cannot use", (params, expected) => {
    expect(read(params)).toMatchObject(expected);
  });

  it("reads control characters in a search as spaces, since no database text may hold a NUL", () => {
    expect(read("search=cap%00%09hat%0A").search).toBe("cap hat");
    expect(searchText("\u0000")).toBe("");
    expect(read("colour=%00Navy").colour).toBe("Navy");
    expect(read("colour=%00").colour).toBeNull();
  });

  it("keeps a search to 100 characters", () => {
    expect(read(`search=${"a".repeat(500)}`).search).toHaveLength(100);
  });
});

describe("the search as the database reads it", () => {
  it("prefixes each word, keeping letters and digits only", () => {
    expect(prefixQuery("Embroidered  caps!")).toBe("embroidered:* & caps:*");
    expect(prefixQuery("A5 diary's")).toBe("a5:* & diary:* & s:*");
    expect(prefixQuery("café")).toBe("café:*");
    expect(prefixQuery("&|!():*")).toBeNull();
    expect(prefixQuery("a b c d e f g h i j")?.split(" & ")).toHaveLength(8);
  });

  it("looks for the text anywhere, its own wildcards taken literally", () => {
    expect(containsPattern("50%_Off\\")).toBe("%50\\%\\_off\\\\%");
  });

  it("counts pages of 24", () => {
    expect([0, 1, 24, 25, 5000].map(pageCount)).toEqual([1, 1, 1, 2, 209]);
  });
});
