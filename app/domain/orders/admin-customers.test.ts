import { describe, expect, it } from "vitest";
import {
  CUSTOMER_RESULTS_LIMIT,
  CUSTOMER_SEARCH_MAX,
  customerResultsNote,
  parseCustomerSearch,
} from "./admin-customers";

describe("parseCustomerSearch", () => {
  it("is empty, with nothing to say, when nothing was typed", () => {
    expect(parseCustomerSearch(null)).toEqual({ q: "", message: null });
    expect(parseCustomerSearch("   ")).toEqual({ q: "", message: null });
  });

  it("collapses spaces and keeps what was typed otherwise", () => {
    expect(parseCustomerSearch("  Northwind \t Events ")).toEqual({ q: "Northwind Events", message: null });
    expect(parseCustomerSearch("50%_off")).toEqual({ q: "50%_off", message: null });
  });

  it("asks for two characters at least", () => {
    expect(parseCustomerSearch("a")).toEqual({
      q: "a",
      message: "Type at least 2 characters of a name, e-mail address or company.",
    });
    expect(parseCustomerSearch("ab").message).toBeNull();
  });

  it("refuses more than the most it searches for, keeping the start for the box", () => {
    expect(parseCustomerSearch("x".repeat(CUSTOMER_SEARCH_MAX)).message).toBeNull();
    expect(parseCustomerSearch("x".repeat(CUSTOMER_SEARCH_MAX + 1))).toEqual({
      q: "x".repeat(CUSTOMER_SEARCH_MAX),
      message: "Search for at most 100 characters.",
    });
  });
});

describe("customerResultsNote", () => {
  it("says none, one, some, or the first page of many", () => {
    expect(customerResultsNote(0, "acme")).toBe("No customer matches “acme”.");
    expect(customerResultsNote(1, "acme")).toBe("1 customer matches “acme”.");
    expect(customerResultsNote(CUSTOMER_RESULTS_LIMIT, "acme")).toBe("25 customers match “acme”.");
    expect(customerResultsNote(CUSTOMER_RESULTS_LIMIT + 1, "acme")).toBe(
      "The first 25 customers matching “acme”: type more to narrow it.",
    );
  });
});
