import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("csvCell: RFC 4180 quoting", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line one\nline two", '"line one\nline two"'],
    ["cr\r\nlf", '"cr\r\nlf"'],
    ["  spaces kept  ", "  spaces kept  "],
    ["Zoë & Sons Ltd", "Zoë & Sons Ltd"],
  ])("%j → %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("writes empty cells for null and undefined, numbers and booleans as they are, dates in ISO", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(1250)).toBe("1250");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(new Date("2026-03-04T05:06:07.000Z"))).toBe("2026-03-04T05:06:07.000Z");
  });
});

describe("csvCell: formula-injection guard", () => {
  it.each([
    ['=HYPERLINK("http://evil","click")', '"\'=HYPERLINK(""http://evil"",""click"")"'],
    ["+44 20 7946 0958", "'+44 20 7946 0958"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", '"\'\r=1+1"'],
    [" =1+1", "' =1+1"],
    ["\n=1+1", '"\'\n=1+1"'],
    ["\r\n@SUM(A1)", '"\'\r\n@SUM(A1)"'],
    [" \t \n-2+3", '"\' \t \n-2+3"'],
    ["\u00a0+1", "'\u00a0+1"],
    ["\tplain", "'\tplain"],
    ["\rplain", '"\'\rplain"'],
  ])("%j is written as text: %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it("guards every formula start after every mix of leading whitespace and line breaks", () => {
    const blanks = ["", " ", "\t", "\r", "\n", "\u00a0", "\u2028", "\ufeff"];
    for (const first of blanks) {
      for (const second of blanks) {
        for (const start of ["=", "+", "-", "@"]) {
          const value = `${first}${second}${start}1+1`;
          // Quoted when the value holds a line break; the apostrophe goes inside the quotes.
          expect([`'${value}`, `"'${value}"`], JSON.stringify(value)).toContain(csvCell(value));
        }
      }
    }
  });

  it("leaves text that only contains those characters later alone", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("jane@acme.co.uk")).toBe("jane@acme.co.uk");
    expect(csvCell("Q1 - Q2")).toBe("Q1 - Q2");
    expect(csvCell("  spaced = fine")).toBe("  spaced = fine");
    expect(csvCell("\nnext line")).toBe('"\nnext line"');
  });
});

describe("toCsv", () => {
  it("ends every record, the last included, with CRLF", () => {
    expect(
      toCsv(
        ["name", "note", "amount"],
        [
          ["Ada", "first, best", 120],
          ["Grace", null, -5],
        ],
      ),
    ).toBe('name,note,amount\r\nAda,"first, best",120\r\nGrace,,-5\r\n');
  });
  it("is just the header when there are no rows", () => {
    expect(toCsv(["a", "b"], [])).toBe("a,b\r\n");
  });
});
