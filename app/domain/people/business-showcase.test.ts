import { describe, expect, it } from "vitest";
import { z } from "zod";
import { showcaseVariables } from "./business-showcase";
import { initials } from "../core/initials";

const schema = z.object(showcaseVariables);

const ADA = {
  name: "Ada Lovelace",
  company: "Analytical Ltd",
  role: "People Lead",
  text: "The caps arrived a day early and the stitching is lovely.",
  permissionDate: "2026-03-01",
};
const LOGO = { name: "Analytical Ltd", src: "/clients/analytical.svg", permissionDate: "2026-03-01" };

function problems(source: Record<string, string>): string[] {
  const result = schema.safeParse(source);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("the showcase variables", () => {
  it("are empty when unset or blank: nothing is invented", () => {
    expect(schema.parse({})).toEqual({ BUSINESS_TESTIMONIALS: [], BUSINESS_CLIENT_LOGOS: [] });
    expect(schema.parse({ BUSINESS_TESTIMONIALS: "  ", BUSINESS_CLIENT_LOGOS: "" })).toEqual({
      BUSINESS_TESTIMONIALS: [],
      BUSINESS_CLIENT_LOGOS: [],
    });
  });

  it("read the operator's testimonials and logos, trimmed, the role optional", () => {
    const { role: _role, ...withoutRole } = ADA;
    const values = schema.parse({
      BUSINESS_TESTIMONIALS: JSON.stringify([{ ...ADA, name: "  Ada Lovelace " }, withoutRole]),
      BUSINESS_CLIENT_LOGOS: JSON.stringify([LOGO, { ...LOGO, src: "/acme-logo.PNG" }]),
    });
    expect(values.BUSINESS_TESTIMONIALS).toEqual([ADA, withoutRole]);
    expect(values.BUSINESS_CLIENT_LOGOS).toEqual([LOGO, { ...LOGO, src: "/acme-logo.PNG" }]);
  });

  it("say what is wrong with text that is not a JSON list", () => {
    expect(problems({ BUSINESS_TESTIMONIALS: "Ada said it was great" })).toEqual([
      expect.stringMatching(/^BUSINESS_TESTIMONIALS: must be a JSON list, e\.g\. \[\{"name"/),
    ]);
    expect(problems({ BUSINESS_CLIENT_LOGOS: JSON.stringify(LOGO) })).toEqual([
      expect.stringMatching(/^BUSINESS_CLIENT_LOGOS: must be a JSON list, e\.g\. \[\{"name"/),
    ]);
  });

  it("name the item and field of each bad entry", () => {
    const bad = [
      ADA,
      { ...ADA, name: "A", permissionDate: "2026-02-30" },
      { ...ADA, text: "Great!", permission_date: "2026-03-01" },
    ];
    expect(problems({ BUSINESS_TESTIMONIALS: JSON.stringify(bad) })).toEqual([
      "BUSINESS_TESTIMONIALS: item 2, name: must be at least 2 characters",
      "BUSINESS_TESTIMONIALS: item 2, permissionDate: must be the date permission was given, written YYYY-MM-DD",
      "BUSINESS_TESTIMONIALS: item 3, text: must be at least 10 characters",
      'BUSINESS_TESTIMONIALS: item 3: Unrecognized key: "permission_date"',
    ]);
  });

  it.each([
    ["https://cdn.example.com/a.svg"],
    ["clients/a.svg"],
    ["/clients/../../etc/passwd.svg"],
    ["/clients/a.gif"],
    ["/clients/a b.svg"],
    ["javascript:alert(1)//a.svg"],
  ])("refuse a logo at %j: the shop serves its logos itself", (src) => {
    expect(problems({ BUSINESS_CLIENT_LOGOS: JSON.stringify([{ ...LOGO, src }]) })).toEqual([
      "BUSINESS_CLIENT_LOGOS: item 1, src: must be the path of an image the shop serves, e.g. /clients/acme.svg",
    ]);
  });

  it("need a permission date for every logo and testimonial", () => {
    const { permissionDate: _date, ...undated } = LOGO;
    expect(problems({ BUSINESS_CLIENT_LOGOS: JSON.stringify([undated]) })).toEqual([
      expect.stringMatching(/^BUSINESS_CLIENT_LOGOS: item 1, permissionDate: /),
    ]);
    for (const permissionDate of ["1 March 2026", "2026-3-1", "", "2026-13-01"]) {
      expect(problems({ BUSINESS_TESTIMONIALS: JSON.stringify([{ ...ADA, permissionDate }]) })).toHaveLength(1);
    }
  });

  it("keep to a sensible number", () => {
    expect(problems({ BUSINESS_TESTIMONIALS: JSON.stringify(Array.from({ length: 13 }, () => ADA)) })).toEqual([
      "BUSINESS_TESTIMONIALS: must list at most 12",
    ]);
    expect(problems({ BUSINESS_CLIENT_LOGOS: JSON.stringify(Array.from({ length: 25 }, () => LOGO)) })).toEqual([
      "BUSINESS_CLIENT_LOGOS: must list at most 24",
    ]);
  });
});

describe("initials", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["Ada King Lovelace", "AL"],
    ["prince", "P"],
    ["  Jean-Luc   Picard ", "JP"],
    ["", ""],
  ])("%j → %j", (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
