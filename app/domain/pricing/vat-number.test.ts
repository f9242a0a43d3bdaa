import { describe, expect, it } from "vitest";
import {
  compactVatNumber,
  parseVatNumber,
  tidyVatNumber,
  ukCheckDigitsValid,
  VAT_NUMBER_MESSAGE,
  vatNumberError,
} from "./vat-number";

describe("the message", () => {
  it("is the issue's text exactly", () => {
    expect(VAT_NUMBER_MESSAGE).toBe("Enter a valid VAT number, e.g. GB123456789");
  });
});

describe("UK check digits (HMRC)", () => {
  it("accepts a number whose weighted sum plus its check digits is a multiple of 97", () => {
    // 9·8 + 8·7 + 0·6 + 7·5 + 8·4 + 0·3 + 6·2 = 207; 207 + 84 = 291 = 3 × 97.
    expect(ukCheckDigitsValid("980780684")).toBe(true);
    // 1·8 + 2·7 + 3·6 + 4·5 + 5·4 + 6·3 + 7·2 = 112; 112 + 82 = 194 = 2 × 97.
    expect(ukCheckDigitsValid("123456782")).toBe(true);
  });

  it("accepts the 9755 scheme: the sum plus 55 is a multiple of 97", () => {
    // 112 + 27 = 139; 139 + 55 = 194 = 2 × 97.
    expect(ukCheckDigitsValid("123456727")).toBe(true);
  });

  it("refuses check digits that fit neither scheme", () => {
    // 112 + 89 = 201: 201 mod 97 = 7, (201 + 55) mod 97 = 62.
    expect(ukCheckDigitsValid("123456789")).toBe(false);
    // 238 + 21 = 259: 259 mod 97 = 65.
    expect(ukCheckDigitsValid("987654321")).toBe(false);
    expect(ukCheckDigitsValid("980780685")).toBe(false);
    expect(ukCheckDigitsValid("123456728")).toBe(false);
  });

  it("refuses all zeros, which the sum alone would pass, and anything but 9 digits", () => {
    expect(ukCheckDigitsValid("000000000")).toBe(false);
    expect(ukCheckDigitsValid("98078068")).toBe(false);
    expect(ukCheckDigitsValid("98078068A")).toBe(false);
  });
});

describe("parseVatNumber: UK", () => {
  it("reads a standard number with and without GB", () => {
    expect(parseVatNumber("GB980780684")).toEqual({
      prefix: "GB",
      national: "980780684",
      canonical: "GB980780684",
      uk: true,
    });
    expect(parseVatNumber("980780684")?.canonical).toBe("GB980780684");
  });

  it("reads a 12-digit branch number by its first nine digits", () => {
    expect(parseVatNumber("GB980780684001")?.canonical).toBe("GB980780684001");
    expect(parseVatNumber("980 7806 84 001")?.canonical).toBe("GB980780684001");
    expect(parseVatNumber("GB123456789001")).toBeNull();
  });

  it("reads government departments GD000–GD499 and health authorities HA500–HA999", () => {
    expect(parseVatNumber("GBGD001")?.canonical).toBe("GBGD001");
    expect(parseVatNumber("GD499")?.canonical).toBe("GBGD499");
    expect(parseVatNumber("GBHA500")?.canonical).toBe("GBHA500");
    expect(parseVatNumber("ha999")?.canonical).toBe("GBHA999");
    expect(parseVatNumber("GBGD500")).toBeNull();
    expect(parseVatNumber("GBHA499")).toBeNull();
    expect(parseVatNumber("GBGD12")).toBeNull();
  });

  it("reads Northern Ireland's XI numbers by the same rules", () => {
    expect(parseVatNumber("XI980780684")).toMatchObject({ prefix: "XI", canonical: "XI980780684", uk: true });
    expect(parseVatNumber("XI123456789")).toBeNull();
  });

  it("refuses the wrong length and letters where digits go", () => {
    for (const text of ["GB98078068", "GB9807806840", "GB98078068400", "GB9807806AB", "GB", ""]) {
      expect(parseVatNumber(text), text).toBeNull();
    }
  });
});

describe("parseVatNumber: EU member states", () => {
  it.each([
    ["ATU13585627", "ATU13585627"],
    ["BE 0428.759.497", "BE0428759497"],
    ["CZ25123891", "CZ25123891"],
    ["DE136695976", "DE136695976"],
    ["DK13585628", "DK13585628"],
    ["EL094259216", "EL094259216"],
    ["GR094259216", "EL094259216"],
    ["ESA28015865", "ESA28015865"],
    ["FI20774740", "FI20774740"],
    ["FR 40 303265045", "FR40303265045"],
    ["IE6388047V", "IE6388047V"],
    ["IT00743110157", "IT00743110157"],
    ["LU26375245", "LU26375245"],
    ["nl004495445b01", "NL004495445B01"],
    ["PL526-025-09-95", "PL5260250995"],
    ["PT501964843", "PT501964843"],
    ["SE556703748501", "SE556703748501"],
  ])("accepts %s as %s", (text, canonical) => {
    expect(parseVatNumber(text)).toMatchObject({ canonical, uk: false });
  });

  it.each([
    "ATU13585628",
    "BE0428759498",
    "DE136695977",
    "FR41303265045",
    "IE6388047W",
    "IT00743110158",
    "NL004495446B01",
    "PL5260250996",
    "DE13669597",
  ])("refuses %s, whose check digit or length is wrong", (text) => {
    expect(parseVatNumber(text)).toBeNull();
  });

  it("refuses countries outside the UK and the EU, and unknown prefixes", () => {
    for (const text of ["CHE123456789", "NO123456785", "US123456789", "XX123456789", "EU372009975"]) {
      expect(parseVatNumber(text), text).toBeNull();
    }
  });

  it("refuses text far longer than any VAT number before reading it", () => {
    expect(parseVatNumber(`GB980780684${" ".repeat(30)}`)).toBeNull();
  });
});

describe("normalising", () => {
  it("drops spaces, dots, dashes and slashes and upper-cases", () => {
    expect(compactVatNumber(" gb 980.7806-84/ ")).toBe("GB980780684");
    expect(parseVatNumber("gb 980 7806 84")?.canonical).toBe("GB980780684");
    expect(parseVatNumber("\tGB980780684\n")?.canonical).toBe("GB980780684");
  });

  it("tidies a valid number to its invoice form and leaves anything else as typed", () => {
    expect(tidyVatNumber("gb 980 7806 84")).toBe("GB980780684");
    expect(tidyVatNumber("gr 094259216")).toBe("EL094259216");
    expect(tidyVatNumber("gb 123")).toBe("gb 123");
    expect(tidyVatNumber("")).toBe("");
  });
});

describe("vatNumberError", () => {
  it("says nothing for a blank number: it is optional", () => {
    expect(vatNumberError("")).toBeUndefined();
    expect(vatNumberError("   ")).toBeUndefined();
  });

  it("says nothing for a valid number", () => {
    expect(vatNumberError("GB980780684")).toBeUndefined();
    expect(vatNumberError("DE136695976")).toBeUndefined();
  });

  it("gives the message for a bad one, including the example's own number", () => {
    for (const text of ["GB12", "GB123456789", "hello", "DE136695977"]) {
      expect(vatNumberError(text), text).toBe(VAT_NUMBER_MESSAGE);
    }
  });
});
