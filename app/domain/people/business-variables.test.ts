import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GOOD_BUSINESS } from "../../../tests/setup/business";
import {
  BUSINESS_SAMPLES,
  RETENTION_DEFAULT_DAYS,
  BANK_TRANSFER_MAX_DEFAULT_POUNDS,
  businessProfile,
  businessVariables,
  normaliseIban,
  officeLines,
  samplesLeft,
} from "./business-variables";

const schema = z.object(businessVariables);

/** The messages the schema gives, by variable. */
function problems(source: Record<string, string>): Record<string, string[]> {
  const result = schema.safeParse(source);
  if (result.success) return {};
  const found: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0]);
    found[name] = [...(found[name] ?? []), issue.message];
  }
  return found;
}

describe("the business profile's variables", () => {
  it("take the marked samples when unset, and every sample is left", () => {
    const values = schema.parse({});
    expect(values).toEqual({
      ...BUSINESS_SAMPLES,
      ...RETENTION_DEFAULT_DAYS,
      BUSINESS_BANK_TRANSFER_MAX_POUNDS: BANK_TRANSFER_MAX_DEFAULT_POUNDS,
    });
    expect(samplesLeft(values)).toEqual(Object.keys(BUSINESS_SAMPLES));
    for (const [name, sample] of Object.entries(BUSINESS_SAMPLES)) {
      expect(sample, name).toMatch(/\(sample\)|sample\.invalid/);
      expect(sample, name).not.toMatch(/\.example\b/);
    }
  });

  it("accept a good profile and keep each value in its standard form", () => {
    const values = schema.parse(GOOD_BUSINESS);
    expect(samplesLeft(values)).toEqual([]);
    expect(businessProfile(values)).toEqual({
      legalName: "Swag Studio Ltd",
      companyNumber: "SC123456",
      vatNumber: "GB123456789",
      registeredOffice: ["2 Market Street", "Edinburgh", "eh1 1aa", "United Kingdom"],
      supportEmail: "help@swagstudio.co.uk",
      salesEmail: "sales@swagstudio.co.uk",
      phone: "0131 496 0000",
      chatUrl: "https://wa.me/441314960000",
      bookingUrl: "https://cal.com/swagstudio/15min",
      charityPledge: "5% of our profits",
      lateDeliveryRemedy: "A refund of 10% of the goods price of the late order.",
      retention: {
        unpaidDraftDays: 90,
        pageViewDays: 365,
        rateLimitDays: 1,
        outboxDays: 30,
        smsDays: 90,
        problemPhotoDays: 365,
      },
      bankTransferMaxPence: 500_000,
      bank: {
        accountName: "Swag Studio Ltd",
        sortCode: "20-20-15",
        accountNumber: "55555555",
        iban: "GB33BUKB20201555555555",
      },
      testimonials: [],
      clientLogos: [],
    });
  });

  it("name the sample values that are left among real ones", () => {
    const values = schema.parse({ ...GOOD_BUSINESS, BUSINESS_PHONE: "", BUSINESS_BANK_IBAN: undefined });
    expect(samplesLeft(values)).toEqual(["BUSINESS_PHONE", "BUSINESS_BANK_IBAN"]);
    // A sample written out in full is still the sample.
    const copied = schema.parse({ ...GOOD_BUSINESS, BUSINESS_VAT_NUMBER: BUSINESS_SAMPLES.BUSINESS_VAT_NUMBER });
    expect(samplesLeft(copied)).toEqual(["BUSINESS_VAT_NUMBER"]);
  });

  it("refuse each bad value with a message saying what is wanted", () => {
    const bad = {
      BUSINESS_LEGAL_NAME: "X",
      BUSINESS_COMPANY_NUMBER: "00000",
      BUSINESS_VAT_NUMBER: "FR12345678901",
      BUSINESS_REGISTERED_OFFICE: "1 High Street London",
      BUSINESS_SUPPORT_EMAIL: "help at swagstudio",
      BUSINESS_SALES_EMAIL: "sales@",
      BUSINESS_PHONE: "call us",
      BUSINESS_CHAT_URL: "http://wa.me/441314960000",
      BUSINESS_BOOKING_URL: "cal.com/swagstudio",
      BUSINESS_CHARITY_PLEDGE: "5%".padEnd(81, "!"),
      BUSINESS_LATE_DELIVERY_REMEDY: "A refund",
      BUSINESS_BANK_ACCOUNT_NAME: "",
      BUSINESS_BANK_SORT_CODE: "20-20-1",
      BUSINESS_BANK_ACCOUNT_NUMBER: "5555 555",
      BUSINESS_BANK_IBAN: "GB34 BUKB 2020 1555 5555 55",
    };
    expect(problems(bad)).toEqual({
      BUSINESS_LEGAL_NAME: ["must be at least 2 characters"],
      BUSINESS_COMPANY_NUMBER: ["must be the 8-character Companies House number, e.g. 01234567 or SC123456"],
      BUSINESS_VAT_NUMBER: ["must be a UK VAT registration number, e.g. GB123456789"],
      BUSINESS_REGISTERED_OFFICE: [
        "must be the address lines separated by commas, with the postcode on a line of its own, e.g. 1 High Street, London, SW1A 1AA",
      ],
      BUSINESS_SUPPORT_EMAIL: ["must be an e-mail address, e.g. support@yourshop.co.uk"],
      BUSINESS_SALES_EMAIL: ["must be an e-mail address, e.g. support@yourshop.co.uk"],
      BUSINESS_PHONE: ["must be a phone number, e.g. 020 7123 4567"],
      BUSINESS_CHAT_URL: ["must be an https:// address"],
      BUSINESS_BOOKING_URL: ["must be an https:// address"],
      BUSINESS_CHARITY_PLEDGE: ["must be at most 80 characters"],
      BUSINESS_LATE_DELIVERY_REMEDY: ["must be at least 10 characters"],
      BUSINESS_BANK_SORT_CODE: ["must be 6 digits, e.g. 20-00-00"],
      BUSINESS_BANK_ACCOUNT_NUMBER: ["must be 8 digits"],
      BUSINESS_BANK_IBAN: ["must be an IBAN with valid check digits, e.g. GB33 BUKB 2020 1555 5555 55"],
    });
  });

  it("read the bank transfer limit as whole pounds, £5,000 unless set, 0 for none", () => {
    const limit = (value: string) =>
      businessProfile(schema.parse({ ...GOOD_BUSINESS, BUSINESS_BANK_TRANSFER_MAX_POUNDS: value }))
        .bankTransferMaxPence;
    expect(businessProfile(schema.parse(GOOD_BUSINESS)).bankTransferMaxPence).toBe(500_000);
    expect(limit("12000")).toBe(1_200_000);
    expect(limit("0")).toBe(0);
    const wanted = ["must be a whole number of pounds from 0 to 1000000 (0: no bank transfers)"];
    for (const value of ["-1", "2500.50", "£5,000", "1000001"]) {
      expect(problems({ BUSINESS_BANK_TRANSFER_MAX_POUNDS: value })).toEqual({
        BUSINESS_BANK_TRANSFER_MAX_POUNDS: wanted,
      });
    }
  });

  it("read the retention periods as whole days, with defaults that are not samples", () => {
    const values = schema.parse({
      ...GOOD_BUSINESS,
      BUSINESS_RETENTION_UNPAID_DRAFT_DAYS: "30",
      BUSINESS_RETENTION_PAGE_VIEW_DAYS: " 730 ",
      BUSINESS_RETENTION_OUTBOX_DAYS: "3650",
    });
    expect(businessProfile(values).retention).toEqual({
      unpaidDraftDays: 30,
      pageViewDays: 730,
      rateLimitDays: 1,
      outboxDays: 3650,
      smsDays: 90,
      problemPhotoDays: 365,
    });
    expect(samplesLeft(values)).toEqual([]);
    const wanted = ["must be a whole number of days from 1 to 3650"];
    expect(
      problems({
        BUSINESS_RETENTION_UNPAID_DRAFT_DAYS: "0",
        BUSINESS_RETENTION_PAGE_VIEW_DAYS: "1.5",
        BUSINESS_RETENTION_RATE_LIMIT_DAYS: "a day",
        BUSINESS_RETENTION_OUTBOX_DAYS: "3651",
        BUSINESS_RETENTION_SMS_DAYS: "-7",
        BUSINESS_RETENTION_PROBLEM_PHOTO_DAYS: "forever",
      }),
    ).toEqual({
      BUSINESS_RETENTION_UNPAID_DRAFT_DAYS: wanted,
      BUSINESS_RETENTION_PAGE_VIEW_DAYS: wanted,
      BUSINESS_RETENTION_RATE_LIMIT_DAYS: wanted,
      BUSINESS_RETENTION_OUTBOX_DAYS: wanted,
      BUSINESS_RETENTION_SMS_DAYS: wanted,
      BUSINESS_RETENTION_PROBLEM_PHOTO_DAYS: wanted,
    });
  });

  it("treat an empty value as unset (the sample), as a copied .env.example has", () => {
    const values = schema.parse({ BUSINESS_BANK_ACCOUNT_NAME: "   " });
    expect(values.BUSINESS_BANK_ACCOUNT_NAME).toBe(BUSINESS_SAMPLES.BUSINESS_BANK_ACCOUNT_NAME);
  });
});

describe("IBANs and offices", () => {
  it("IBANs are checked by their check digits", () => {
    expect(normaliseIban("GB33 BUKB 2020 1555 5555 55")).toBe("GB33BUKB20201555555555");
    expect(normaliseIban("de89370400440532013000")).toBe("DE89370400440532013000");
    expect(normaliseIban("GB33 BUKB 2020 1555 5555 56")).toBeNull();
    expect(normaliseIban("GB33")).toBeNull();
    expect(normaliseIban("GB33 BUKB 2020 1555 5555 5!")).toBeNull();
  });

  it("an office is split into its lines", () => {
    expect(officeLines(" 1 High Street, , London ,SW1A 1AA ")).toEqual(["1 High Street", "London", "SW1A 1AA"]);
  });
});
