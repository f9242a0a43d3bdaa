import { describe, expect, it } from "vitest";
import { safeRedirect } from "./session.server";

describe("safeRedirect: only a path on this site", () => {
  it.each(["/", "/product/8", "/products?search=cap&sort=price", "/cart#totals", "/a\\b"])("keeps %j", (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ["another site", "https://evil.example/"],
    ["a protocol-relative URL", "//evil.example/"],
    ["a backslash that browsers read as a slash", "/\\evil.example"],
    ["a tab that browsers drop", "/\t/evil.example"],
    ["a line break that browsers drop", "/\n/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a NUL", "/\u0000/x"],
    ["DEL", "/\u007f"],
    ["a relative path", "product/8"],
    ["a scheme", "javascript:alert(1)"],
    ["nothing", ""],
    ["no value", null],
    ["undefined", undefined],
  ])("sends %s home", (_what, to) => {
    expect(safeRedirect(to)).toBe("/");
    expect(safeRedirect(to, "/account")).toBe("/account");
  });
});
