import { describe, expect, it } from "vitest";
import { organisationSchema } from "./auth-forms";
import { parseIdentifier } from "./auth-rules";
import {
  EMAIL_MAX_LENGTH,
  isValidEmail,
  isValidPhone,
  isValidUkSmsPhone,
  PHONE_EXAMPLE,
  PHONE_MAX_LENGTH,
  phoneErrorMessage,
  ukPhoneToE164,
} from "./contact-rules";

describe("isValidEmail (R-DET-09)", () => {
  it.each(["a@b.co", "jo.bloggs@example.co.uk", "x+tag@sub.example.com", " padded@example.com "])(
    "accepts %j",
    (text) => {
      expect(isValidEmail(text)).toBe(true);
    },
  );

  it.each(["", "plain", "a@b", "@b.co", "a@.co", "a@b.", "a b@c.co", "a@b c.co", "a@@b.co", "a@b@c.co"])(
    "rejects %j",
    (text) => {
      expect(isValidEmail(text)).toBe(false);
    },
  );
});

describe("one address is one recipient", () => {
  const SEPARATORS = [",", ";", "<", ">", '"', "(", ")"];
  const GOOD = ["a@b.co", "jo.bloggs@example.co.uk", "x+tag@sub.example.com"];

  it('refuses each of , ; < > " ( ) at every position of a valid address', () => {
    const accepted: string[] = [];
    for (const address of GOOD) {
      for (const separator of SEPARATORS) {
        for (let at = 0; at <= address.length; at++) {
          const text = address.slice(0, at) + separator + address.slice(at);
          if (isValidEmail(text)) accepted.push(text);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it.each([
    "a@b.co,c@d.co",
    "a@b.co, c@d.co",
    "a@b.co;c@d.co",
    "Shop <a@b.co>",
    "<a@b.co>",
    '"a"@b.co',
    '"a b"@b.co',
    "a@b.co (comment)",
    "a(comment)@b.co",
    "a@b.co\r\nBcc: c@d.co",
    "a@b.co\u0000",
    "a\u0007@b.co",
  ])("refuses %j", (text) => {
    expect(isValidEmail(text)).toBe(false);
  });

  it("is the rule of sign-up's identifier and of an invitation's address", () => {
    expect(parseIdentifier("jane@acme.co.uk, boss@rival.co.uk")).toBeNull();
    expect(parseIdentifier("jane@acme.co.uk")).toEqual({ kind: "email", email: "jane@acme.co.uk" });
    const invite = (email: string) => organisationSchema.safeParse({ intent: "org-invite", email }).success;
    expect(invite("jane@acme.co.uk;boss@rival.co.uk")).toBe(false);
    expect(invite("Acme <jane@acme.co.uk>")).toBe(false);
    expect(invite("jane@acme.co.uk")).toBe(true);
  });

  it("accepts exactly R-DET-09's addresses without those characters, for every short string", () => {
    const spec = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const alphabet = ["a", "@", ".", ",", "<", '"'];
    let strings = [""];
    const all: string[] = [];
    for (let length = 1; length <= 6; length++) {
      strings = strings.flatMap((prefix) => alphabet.map((c) => prefix + c));
      all.push(...strings);
    }
    const differences = all.filter((text) => isValidEmail(text) !== (spec.test(text) && !/[,<"]/.test(text)));
    expect(all.length).toBeGreaterThan(50_000);
    expect(differences).toEqual([]);
  });
});

describe("phone example and message (R-DET-10, A-41)", () => {
  it("uses the Ofcom drama number", () => {
    expect(PHONE_EXAMPLE).toBe("+44 20 7946 0958");
    expect(phoneErrorMessage).toBe("Enter a valid phone number, e.g. +44 20 7946 0958");
  });

  it("the example itself is valid under both rules", () => {
    expect(isValidPhone(PHONE_EXAMPLE)).toBe(true);
    expect(isValidUkSmsPhone(PHONE_EXAMPLE)).toBe(true);
  });
});

describe("isValidPhone (R-CALC-19)", () => {
  it.each([
    "",
    "   ", // empty passes this check; "required" is enforced separately
    "+44 20 7946 0958",
    "(020) 7946-0958",
    "+12345678", // '+', non-zero digit, 7 more
    "+123456789012345", // '+', non-zero digit, 14 more
    "0207946095", // 10 digits
    "020794609581234", // 15 digits
    "+1 (555) 010-0199",
    "020.7946.0958",
  ])("accepts %j", (text) => {
    expect(isValidPhone(text)).toBe(true);
  });

  it.each([
    "+0123456789", // zero after '+'
    "+1234567", // only 6 after the first digit
    "+1234567890123456", // 15 after the first digit
    "123456789", // 9 digits
    "1234567890123456", // 16 digits
    "call 02079460958", // letters fail outright
    "02079460958 ext",
    "O2079460958", // letter O, not zero
    "44+2079460958", // '+' not at the start
    "++442079460958",
    "---",
    "+",
  ])("rejects %j", (text) => {
    expect(isValidPhone(text)).toBe(false);
  });
});

describe("isValidUkSmsPhone (R-SMS-05)", () => {
  it.each([
    "07123 456789",
    "+447123456789",
    "020 7946 0958",
    "07123456789",
    "+44 7123 456 789",
    "01632 960 001", // landline-style, 10 digits after 0
    "0161 496 000", // landline-style, 9 digits after 0
  ])("accepts %j", (text) => {
    expect(isValidUkSmsPhone(text)).toBe(true);
  });

  it.each([
    "447123456789", // no + or 0 prefix
    "0712345",
    "+4407123456789", // trunk 0 after +44
    "07123-456789", // hyphens are not removed
    "",
    "00447123456789",
    "+44712345678901",
    "(020) 7946 0958",
  ])("rejects %j", (text) => {
    expect(isValidUkSmsPhone(text)).toBe(false);
  });
});

describe("ukPhoneToE164", () => {
  it.each([
    ["07123 456789", "+447123456789"],
    ["+44 7123 456789", "+447123456789"],
    ["020 7946 0958", "+442079460958"],
  ])("%j → %s", (text, e164) => {
    expect(ukPhoneToE164(text)).toBe(e164);
  });

  it.each(["447123456789", "07123-456789", ""])("%j → null", (text) => {
    expect(ukPhoneToE164(text)).toBeNull();
  });
});

describe("length before pattern", () => {
  it("accepts exactly the addresses R-DET-09's pattern does, for every short string", () => {
    // The spec's own pattern, slow on long input but a fine oracle on short input.
    const spec = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const alphabet = ["a", "@", ".", " "];
    const strings = [""];
    for (let length = 1; length <= 8; length++) {
      for (const prefix of strings.filter((s) => s.length === length - 1)) {
        for (const c of alphabet) strings.push(prefix + c);
      }
    }
    const differences = strings.filter((text) => text.trim() === text && isValidEmail(text) !== spec.test(text));
    expect(strings.length).toBeGreaterThan(80_000);
    expect(differences).toEqual([]);
  });

  it("refuses an address longer than 254 characters without matching it", () => {
    const longest = `${"a".repeat(EMAIL_MAX_LENGTH - "@example.com".length)}@example.com`;
    expect(isValidEmail(longest)).toBe(true);
    expect(isValidEmail(`a${longest}`)).toBe(false);
    // The slow-pattern attack (docs/security.md): the old pattern took 0.7 s on 60 kB of it.
    expect(isValidEmail(`a@${"a.".repeat(30_000)}@`)).toBe(false);
  });

  it("refuses phone numbers longer than 40 characters", () => {
    const padded = `+44 ${" ".repeat(PHONE_MAX_LENGTH)}20 7946 0958`;
    expect(isValidPhone(padded)).toBe(false);
    expect(isValidUkSmsPhone(padded)).toBe(false);
    expect(ukPhoneToE164(padded)).toBeNull();
  });
});
