import { describe, expect, it } from "vitest";
import { coarseRegion } from "./regions";
import { postcodeArea } from "./vat";

describe("postcodeArea", () => {
  it.each([
    ["SW1A 1AA", "SW"],
    ["sw1a1aa", "SW"],
    ["  M1 1AE", "M"],
    ["B33 8TH", "B"],
    ["EC1A 1BB", "EC"],
    ["W1A 0AX", "W"],
  ])("%j → %s", (postcode, area) => {
    expect(postcodeArea(postcode)).toBe(area);
  });

  it.each(["", "1AA", "ABC1 2DE", "SW"])("%j has no area", (postcode) => {
    expect(postcodeArea(postcode)).toBeNull();
  });
});

describe("coarseRegion (A-3)", () => {
  it.each([
    ["SW1A 1AA", "London"],
    ["EC1A 1BB", "London"],
    ["M1 1AE", "the North West"],
    ["LS1 4AP", "Yorkshire and the Humber"],
    ["B33 8TH", "the West Midlands"],
    ["CF10 1EP", "Wales"],
    ["EH1 1YZ", "Scotland"],
    ["BT1 5GS", "Northern Ireland"],
    ["NE1 4ST", "the North East"],
    ["TR1 2HE", "the South West"],
    ["D02 X285", "the UK"],
    ["JE2 3QA", "the UK"],
    ["", "the UK"],
  ])("a UK address at %j is in %s", (postcode, region) => {
    expect(coarseRegion({ country: "GB", postcode })).toBe(region);
  });

  it("takes a blank country as the UK, names other countries and drops unknown ones", () => {
    expect(coarseRegion({ country: "", postcode: "LS1 4AP" })).toBe("Yorkshire and the Humber");
    expect(coarseRegion({ country: "IE", postcode: "D02 X285" })).toBe("Ireland");
    expect(coarseRegion({ country: "US", postcode: "10001" })).toBe("the United States");
    expect(coarseRegion({ country: "NL", postcode: "1012 AB" })).toBe("the Netherlands");
    expect(coarseRegion({ country: "ZZ", postcode: "LS1 4AP" })).toBeNull();
  });

  it("never returns anything but a region or a country, whatever the postcode", () => {
    const places = new Set<string | null>();
    for (const postcode of ["A", "ZZ9 9ZZ", "SW1A 1AA; DROP TABLE", "<script>", "x".repeat(100_000), "E1 6AN"])
      places.add(coarseRegion({ country: "GB", postcode }));
    expect([...places].sort()).toEqual(["London", "the UK"]);
  });
});
