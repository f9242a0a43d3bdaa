/**
 * Decision 059: the BUSINESS_* environment variables the business profile (business-profile.ts)
 * is read from, each with its rule. Unset variables take the clearly marked samples below, so a
 * local shop runs with no keys; a public (https://) shop refuses to start while any sample remains
 * (samplesLeft, app/server/platform/env.server.ts). Server-only: the browser never needs the rules.
 */
import { z } from "zod";
import type { BusinessProfile } from "./business-profile";
import type { ShowcaseValues } from "./business-showcase";
import { isValidEmail, isValidPhone } from "./contact-rules";
import { normaliseUkPostcode } from "../pricing/postcodes";

/**
 * The local stand-ins, by variable. Each says it is a sample, and none reaches anyone: the
 * addresses and links are on the reserved .invalid domain, the phone number is Ofcom's drama range.
 */
export const BUSINESS_SAMPLES = {
  BUSINESS_LEGAL_NAME: "Sample Swag Ltd (sample)",
  BUSINESS_COMPANY_NUMBER: "SAMPLE01 (sample)",
  BUSINESS_VAT_NUMBER: "GB-SAMPLE (sample)",
  BUSINESS_REGISTERED_OFFICE: "1 Sample Street (sample), London, United Kingdom",
  BUSINESS_SUPPORT_EMAIL: "support@sample.invalid",
  BUSINESS_SALES_EMAIL: "sales@sample.invalid",
  BUSINESS_PHONE: "01632 960000 (sample)",
  BUSINESS_CHAT_URL: "https://chat.sample.invalid/",
  BUSINESS_BOOKING_URL: "https://booking.sample.invalid/15-minute-call",
  BUSINESS_CHARITY_PLEDGE: "5% of our profits (sample)",
  BUSINESS_LATE_DELIVERY_REMEDY:
    "A refund of 10% of the goods price of the late order, or the same amount as credit on your next order (sample).",
  BUSINESS_BANK_ACCOUNT_NAME: "Sample Swag Ltd (sample)",
  BUSINESS_BANK_SORT_CODE: "00-00-00 (sample)",
  BUSINESS_BANK_ACCOUNT_NUMBER: "SAMPLE (sample)",
  BUSINESS_BANK_IBAN: "GB-SAMPLE-IBAN (sample)",
} as const;

export type BusinessVariable = keyof typeof BUSINESS_SAMPLES;

/** "GB33 BUKB 2020 1555 5555 55" → "GB33BUKB20201555555555"; null unless its check digits hold (ISO 13616). */
export function normaliseIban(text: string): string | null {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return null;
  const digits = [...(compact.slice(4) + compact.slice(0, 4))]
    .map((c) => (c >= "A" ? String(c.charCodeAt(0) - 55) : c))
    .join("");
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1 ? compact : null;
}

/** The address lines of a comma-separated registered office. */
export const officeLines = (text: string) =>
  text
    .split(",")
    .map((line) => line.trim())
    .filter((line) => line !== "");

const text = (min: number, max: number) =>
  z.string().min(min, `must be at least ${min} characters`).max(max, `must be at most ${max} characters`);
const email = z.string().refine(isValidEmail, "must be an e-mail address, e.g. support@yourshop.co.uk");
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });

/** The rule each variable's real value must pass, and the form it is kept in. */
const RULES = {
  BUSINESS_LEGAL_NAME: text(2, 160),
  BUSINESS_COMPANY_NUMBER: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^(\d{8}|[A-Z]{2}\d{6})$/, "must be the 8-character Companies House number, e.g. 01234567 or SC123456"),
    ),
  BUSINESS_VAT_NUMBER: z
    .string()
    .transform((v) => v.replace(/\s+/g, "").toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^(GB|XI)(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, "must be a UK VAT registration number, e.g. GB123456789"),
    ),
  BUSINESS_REGISTERED_OFFICE: z
    .string()
    .max(300, "must be at most 300 characters")
    .refine(
      (v) => officeLines(v).length >= 2 && officeLines(v).some((line) => normaliseUkPostcode(line) !== null),
      "must be the address lines separated by commas, with the postcode on a line of its own, e.g. 1 High Street, London, SW1A 1AA",
    ),
  BUSINESS_SUPPORT_EMAIL: email,
  BUSINESS_SALES_EMAIL: email,
  BUSINESS_PHONE: z
    .string()
    .refine((v) => /\d/.test(v) && isValidPhone(v), "must be a phone number, e.g. 020 7123 4567"),
  BUSINESS_CHAT_URL: httpsUrl,
  BUSINESS_BOOKING_URL: httpsUrl,
  BUSINESS_CHARITY_PLEDGE: text(3, 80),
  BUSINESS_LATE_DELIVERY_REMEDY: text(10, 400),
  BUSINESS_BANK_ACCOUNT_NAME: text(2, 140),
  BUSINESS_BANK_SORT_CODE: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "must be 6 digits, e.g. 20-00-00"))
    .transform((v) => `${v.slice(0, 2)}-${v.slice(2, 4)}-${v.slice(4)}`),
  BUSINESS_BANK_ACCOUNT_NUMBER: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{8}$/, "must be 8 digits")),
  BUSINESS_BANK_IBAN: z.string().transform((v, ctx) => {
    const iban = normaliseIban(v);
    if (iban) return iban;
    ctx.addIssue({
      code: "custom",
      message: "must be an IBAN with valid check digits, e.g. GB33 BUKB 2020 1555 5555 55",
    });
    return z.NEVER;
  }),
} satisfies Record<BusinessVariable, z.ZodType<string, string>>;

/** Unset or blank: the sample. Set to its sample: kept (samplesLeft names it). Otherwise: the variable's rule. */
function variable(name: BusinessVariable) {
  const sample = BUSINESS_SAMPLES[name];
  return z
    .string()
    .trim()
    .default(sample)
    .transform((value, ctx) => {
      // Blank is unset, as in a copied .env.example.
      if (value === sample || value === "") return sample;
      const result = RULES[name].safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    });
}

// ---------------------------------------------------------------------------------------------
// Decision 024: how long each kind of record is kept, in days, as the Privacy Policy states it.
// Sensible defaults rather than samples: a period is the operator's choice, not a fact about the
// business that only it can write, so a public shop may keep them.

export const RETENTION_DEFAULT_DAYS = {
  /** Checkout drafts never paid, with their uploaded artwork, counted from their last change. */
  BUSINESS_RETENTION_UNPAID_DRAFT_DAYS: 90,
  BUSINESS_RETENTION_PAGE_VIEW_DAYS: 365,
  /** The abuse counters keyed by IP address, counted from the end of their window. */
  BUSINESS_RETENTION_RATE_LIMIT_DAYS: 1,
  /** E-mails and texts kept in the outbox (e-mails only where no mail server is set). */
  BUSINESS_RETENTION_OUTBOX_DAYS: 30,
  /** An SMS sign-up after the number opted out. */
  BUSINESS_RETENTION_SMS_DAYS: 90,
  /** The photos of a problem report (decision 043), counted from the report's resolution. */
  BUSINESS_RETENTION_PROBLEM_PHOTO_DAYS: 365,
} as const;
export type RetentionVariable = keyof typeof RETENTION_DEFAULT_DAYS;

export const RETENTION_MAX_DAYS = 3650;

const days = (fallback: number) => {
  const message = `must be a whole number of days from 1 to ${RETENTION_MAX_DAYS}`;
  return z.coerce.number(message).int(message).min(1, message).max(RETENTION_MAX_DAYS, message).default(fallback);
};

const retentionVariables = Object.fromEntries(
  Object.entries(RETENTION_DEFAULT_DAYS).map(([name, fallback]) => [name, days(fallback)]),
) as { [Name in RetentionVariable]: ReturnType<typeof days> };

/** The periods as the profile holds them; one not given (a test's bare samples) is its default. */
function retentionPeriods(values: Partial<Record<RetentionVariable, number>>): BusinessProfile["retention"] {
  const period = (name: RetentionVariable) => values[name] ?? RETENTION_DEFAULT_DAYS[name];
  return {
    unpaidDraftDays: period("BUSINESS_RETENTION_UNPAID_DRAFT_DAYS"),
    pageViewDays: period("BUSINESS_RETENTION_PAGE_VIEW_DAYS"),
    rateLimitDays: period("BUSINESS_RETENTION_RATE_LIMIT_DAYS"),
    outboxDays: period("BUSINESS_RETENTION_OUTBOX_DAYS"),
    smsDays: period("BUSINESS_RETENTION_SMS_DAYS"),
    problemPhotoDays: period("BUSINESS_RETENTION_PROBLEM_PHOTO_DAYS"),
  };
}

// ---------------------------------------------------------------------------------------------
// The largest order a buyer may place to pay by bank transfer (decision 022): an unpaid order is
// credit the shop gives, and its proofing work is done before the money arrives. The operator's
// choice, so a default rather than a sample.

export const BANK_TRANSFER_MAX_DEFAULT_POUNDS = 5_000;

const bankTransferMax = (() => {
  const message = "must be a whole number of pounds from 0 to 1000000 (0: no bank transfers)";
  return z.coerce
    .number(message)
    .int(message)
    .min(0, message)
    .max(1_000_000, message)
    .default(BANK_TRANSFER_MAX_DEFAULT_POUNDS);
})();

/** The BUSINESS_* part of the environment schema (env.server.ts). */
export const businessVariables = {
  BUSINESS_BANK_TRANSFER_MAX_POUNDS: bankTransferMax,
  ...(Object.fromEntries(Object.keys(BUSINESS_SAMPLES).map((name) => [name, variable(name as BusinessVariable)])) as {
    [Name in BusinessVariable]: ReturnType<typeof variable>;
  }),
  ...retentionVariables,
};

type BusinessValues = Record<BusinessVariable, string> &
  Partial<Record<RetentionVariable, number>> & { BUSINESS_BANK_TRANSFER_MAX_POUNDS?: number };

/** The profile from the parsed variables; without the showcase's (business-showcase.ts), none is shown. */
export function businessProfile(values: BusinessValues & Partial<ShowcaseValues>): BusinessProfile {
  return {
    legalName: values.BUSINESS_LEGAL_NAME,
    companyNumber: values.BUSINESS_COMPANY_NUMBER,
    vatNumber: values.BUSINESS_VAT_NUMBER,
    registeredOffice: officeLines(values.BUSINESS_REGISTERED_OFFICE),
    supportEmail: values.BUSINESS_SUPPORT_EMAIL,
    salesEmail: values.BUSINESS_SALES_EMAIL,
    phone: values.BUSINESS_PHONE,
    chatUrl: values.BUSINESS_CHAT_URL,
    bookingUrl: values.BUSINESS_BOOKING_URL,
    charityPledge: values.BUSINESS_CHARITY_PLEDGE,
    lateDeliveryRemedy: values.BUSINESS_LATE_DELIVERY_REMEDY,
    retention: retentionPeriods(values),
    bankTransferMaxPence: (values.BUSINESS_BANK_TRANSFER_MAX_POUNDS ?? BANK_TRANSFER_MAX_DEFAULT_POUNDS) * 100,
    bank: {
      accountName: values.BUSINESS_BANK_ACCOUNT_NAME,
      sortCode: values.BUSINESS_BANK_SORT_CODE,
      accountNumber: values.BUSINESS_BANK_ACCOUNT_NUMBER,
      iban: values.BUSINESS_BANK_IBAN,
    },
    testimonials: values.BUSINESS_TESTIMONIALS ?? [],
    clientLogos: values.BUSINESS_CLIENT_LOGOS ?? [],
  };
}

/** The variables still at their sample value, in the order .env.example lists them. */
export function samplesLeft(values: Record<BusinessVariable, string>): BusinessVariable[] {
  return (Object.keys(BUSINESS_SAMPLES) as BusinessVariable[]).filter(
    (name) => values[name] === BUSINESS_SAMPLES[name],
  );
}
