import { describe, expect, it } from "vitest";
import { categoryOfQuestion, countFaqs, filterFaqs, matchesFaq, searchSummary } from "./faq-search";

const groups = [
  {
    slug: "set-up",
    name: "Getting set up",
    entries: [
      { id: "moq", question: "What is the minimum order?", answer: "50 units." },
      { id: "quote", question: "How fast is a quote?", answer: "About 10 minutes." },
    ],
  },
  {
    slug: "returns",
    name: "Returns & issues",
    entries: [{ id: "damage", question: "It arrived damaged", answer: "Send PHOTOS within 14 days." }],
  },
];

describe("matchesFaq (R-FAQ-02)", () => {
  it("matches the question or the answer, ignoring case and surrounding spaces", () => {
    const entry = groups[1]!.entries[0]!;
    expect(matchesFaq(entry, "ARRIVED")).toBe(true);
    expect(matchesFaq(entry, "  photos ")).toBe(true);
    expect(matchesFaq(entry, "refund")).toBe(false);
  });

  it("matches everything for a blank query", () => {
    expect(matchesFaq(groups[0]!.entries[0]!, "   ")).toBe(true);
  });
});

describe("filterFaqs", () => {
  it("keeps only matching entries and drops empty categories, in order", () => {
    const result = filterFaqs(groups, "minutes");
    expect(result.map((g) => g.slug)).toEqual(["set-up"]);
    expect(result[0]!.entries.map((e) => e.id)).toEqual(["quote"]);
    expect(countFaqs(filterFaqs(groups, "a"))).toBe(3);
    expect(filterFaqs(groups, "zzz")).toEqual([]);
  });
});

describe("searchSummary (R-FAQ-03/04)", () => {
  it("uses the spec's two lines", () => {
    expect(searchSummary(2, " quote ")).toBe('Found 2 question(s) matching "quote"');
    expect(searchSummary(1, "moq")).toBe('Found 1 question(s) matching "moq"');
    expect(searchSummary(0, "zzz")).toBe('No questions found matching "zzz"');
  });
});

describe("categoryOfQuestion (R-FAQ-08)", () => {
  it("finds the category of a question id, with or without '#'", () => {
    expect(categoryOfQuestion(groups, "#damage")).toBe("returns");
    expect(categoryOfQuestion(groups, "quote")).toBe("set-up");
  });

  it("returns undefined for an unknown, empty or malformed hash", () => {
    expect(categoryOfQuestion(groups, "#nope")).toBeUndefined();
    expect(categoryOfQuestion(groups, "#")).toBeUndefined();
    expect(categoryOfQuestion(groups, "#%E0%A4%A")).toBeUndefined();
  });
});
