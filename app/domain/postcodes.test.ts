import { describe, expect, it } from "vitest";
import { COUNTRIES } from "./checkout";
import { normaliseUkPostcode, postcodeError, postcodeErrorMessage, tidyPostcode } from "./postcodes";

describe("normaliseUkPostcode", () => {
  it.each([
    // Every outward form: A9, A99, AA9, AA99, A9A, AA9A, and GIR 0AA.
    ["M1 1AE", "M1 1AE"],
    ["B33 8TH", "B33 8TH"],
    ["CR2 6XH", "CR2 6XH"],
    ["DN55 1PT", "DN55 1PT"],
    ["W1A 0AX", "W1A 0AX"],
    ["SW1A 1AA", "SW1A 1AA"],
    ["EC1A 1BB", "EC1A 1BB"],
    ["GIR 0AA", "GIR 0AA"],
    // Lower case, no space, extra spaces and tabs are the same postcode.
    ["sw1a 1aa", "SW1A 1AA"],
    ["sw1a1aa", "SW1A 1AA"],
    ["m11ae", "M1 1AE"],
    ["  dn55   1pt ", "DN55 1PT"],
    ["Cr2\t6xh", "CR2 6XH"],
    ["gir0aa", "GIR 0AA"],
  ])("%j is %j", (input, expected) => {
    expect(normaliseUkPostcode(input)).toBe(expected);
  });

  it.each([
    "XYZ",
    "",
    "   ",
    "12345",
    "SW1A",
    "1AA",
    "SW1A 1AAA",
    "SW1AA 1AA",
    "SW1A-1AA",
    "QA1 1AA", // Q never starts a postcode
    "AI1 1AA", // I is never second
    "M1 1AC", // C is never in the inward code
    "M1 1CA",
    "M1 AAA",
    "W1I 0AX", // I is never a sub-district letter
    "D02 X285", // an Irish Eircode is not a UK postcode
    "90210",
    "SW1A 1AA".repeat(100),
  ])("%j is not a UK postcode", (input) => {
    expect(normaliseUkPostcode(input)).toBeNull();
  });
});

describe("postcodeError", () => {
  it("asks for a valid UK postcode when a GB one has the wrong format", () => {
    expect(postcodeErrorMessage).toBe("Enter a valid UK postcode, e.g. SW1A 1AA");
    expect(postcodeError("GB", "XYZ")).toBe(postcodeErrorMessage);
    expect(postcodeError("GB", "SW1A")).toBe(postcodeErrorMessage);
  });

  it("says nothing for a valid GB postcode, however it is typed", () => {
    for (const postcode of ["SW1A 1AA", "sw1a1aa", " m1 1ae "]) expect(postcodeError("GB", postcode)).toBeUndefined();
  });

  it("says nothing for a blank one: the required check names it", () => {
    expect(postcodeError("GB", "")).toBeUndefined();
    expect(postcodeError("GB", "  ")).toBeUndefined();
  });

  it("leaves other countries, and no country yet, to today's rule", () => {
    for (const country of COUNTRIES.filter((c) => c !== "GB")) {
      expect(postcodeError(country, "XYZ")).toBeUndefined();
      expect(postcodeError(country, "D02 X285")).toBeUndefined();
    }
    expect(postcodeError("", "XYZ")).toBeUndefined();
  });
});

describe("tidyPostcode", () => {
  it("writes a valid GB postcode as Royal Mail does", () => {
    expect(tidyPostcode("GB", "sw1a1aa")).toBe("SW1A 1AA");
    expect(tidyPostcode("GB", " gir 0aa ")).toBe("GIR 0AA");
  });

  it("keeps anything else as typed, so the buyer can correct it", () => {
    expect(tidyPostcode("GB", "xyz")).toBe("xyz");
    expect(tidyPostcode("IE", "d02 x285")).toBe("d02 x285");
    expect(tidyPostcode("US", "90210")).toBe("90210");
  });
});
