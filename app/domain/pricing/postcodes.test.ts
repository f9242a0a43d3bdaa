import { describe, expect, it } from "vitest";
import { COUNTRIES, type CountryCode } from "./checkout";
import {
  foreignPostcodeErrorMessage,
  normaliseUkPostcode,
  postcodeError,
  postcodeErrorMessage,
  tidyPostcode,
  ukPostcodeAbroadMessage,
} from "./postcodes";

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

  it("leaves no country yet, and a country the shop does not ship to, to the country check", () => {
    expect(postcodeError("", "XYZ")).toBeUndefined();
    expect(postcodeError("ZZ", "XYZ")).toBeUndefined();
  });
});

describe("postcodeError abroad", () => {
  const VALID: Record<Exclude<CountryCode, "GB">, string[]> = {
    IE: ["D02 X285", "d02x285", "A65 F4E2", "D6W 1234", "T12 AC34"],
    US: ["10001", "90210-1234"],
    DE: ["10115", "01067", "99998"],
    FR: ["75008", "97400", "01000"],
    ES: ["28013", "01001", "52006"],
    IT: ["00184", "20121"],
    NL: ["1012 AB", "1012ab", "9999 ZZ"],
  };
  const INVALID: Record<Exclude<CountryCode, "GB">, string[]> = {
    IE: ["D02", "D02 X28", "D02 X2855", "B12 3456", "D02 XB85", "123 4567", "10115"],
    US: ["1000", "100011", "10001-123", "10001 1234", "ABCDE", "1012 AB"],
    DE: ["1011", "101155", "1011A", "D-10115", "1012 AB"],
    FR: ["7500", "750088", "75O08", "D02 X285"],
    ES: ["00100", "53001", "99999", "2801", "10115-1"],
    IT: ["0018", "001844", "I-00184", "1012AB"],
    NL: ["0123 AB", "1012 SA", "1012 SD", "1012 SS", "1012 A", "1012 ABC", "12345", "D02 X285"],
  };
  const others = COUNTRIES.filter((c): c is Exclude<CountryCode, "GB"> => c !== "GB");

  it("accepts each country's own format, however it is spaced or cased", () => {
    for (const country of others) {
      for (const postcode of VALID[country])
        expect(postcodeError(country, postcode), `${country} ${postcode}`).toBeUndefined();
    }
  });

  it("refuses anything else with the country's name and an example", () => {
    expect(foreignPostcodeErrorMessage("FR")).toBe("Enter a valid postcode for France, e.g. 75008");
    expect(foreignPostcodeErrorMessage("NL")).toBe("Enter a valid postcode for Netherlands, e.g. 1012 AB");
    expect(foreignPostcodeErrorMessage("IE")).toBe("Enter a valid postcode for Ireland, e.g. D02 X285");
    for (const country of others) {
      expect(postcodeError(country, "XYZ")).toBe(foreignPostcodeErrorMessage(country));
      for (const postcode of INVALID[country]) {
        expect(postcodeError(country, postcode), `${country} ${postcode}`).toBe(foreignPostcodeErrorMessage(country));
      }
    }
  });

  it("refuses a UK postcode with any other country, so a UK address cannot be billed abroad at 0 % VAT", () => {
    for (const country of others) {
      for (const postcode of ["SW1A 1AA", "sw1a1aa", "LS1 4AP", "M1 1AE", "GIR 0AA"]) {
        expect(postcodeError(country, postcode), `${country} ${postcode}`).toBe(ukPostcodeAbroadMessage);
      }
    }
    expect(ukPostcodeAbroadMessage).toBe(
      "This is a UK postcode: choose United Kingdom as the country, or enter the postcode of the address abroad",
    );
  });

  it("refuses every other country's postcode for a UK address", () => {
    for (const postcode of Object.values(VALID).flat()) {
      expect(postcodeError("GB", postcode), postcode).toBe(postcodeErrorMessage);
    }
  });
});

describe("tidyPostcode", () => {
  it("writes a valid GB postcode as Royal Mail does", () => {
    expect(tidyPostcode("GB", "sw1a1aa")).toBe("SW1A 1AA");
    expect(tidyPostcode("GB", " gir 0aa ")).toBe("GIR 0AA");
  });

  it("writes a valid postcode abroad as its country does", () => {
    expect(tidyPostcode("IE", "d02x285")).toBe("D02 X285");
    expect(tidyPostcode("NL", " 1012ab ")).toBe("1012 AB");
    expect(tidyPostcode("US", "90210")).toBe("90210");
  });

  it("keeps anything else as typed, so the buyer can correct it", () => {
    expect(tidyPostcode("GB", "xyz")).toBe("xyz");
    expect(tidyPostcode("IE", "d02 x28")).toBe("d02 x28");
    expect(tidyPostcode("ZZ", "abc")).toBe("abc");
  });
});
