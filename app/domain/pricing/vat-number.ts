/**
 * VAT numbers typed on the Details step (decision 018; A-5: checked, then printed on the invoice
 * only). A UK number is checked by its format and HMRC's check digits; an EU member state's by that
 * state's format and check digits (jsvat, one module per state, so only these reach the browser).
 * Pure: the page, the draft's Next rule, the payment's readiness check and the online check
 * (app/server/providers/vat-check.server.ts) all call these.
 *
 * Normalising: spaces, dots, dashes and slashes go, letters are upper-cased ("gb 980 7806.84" →
 * "GB980780684"). A number without a country prefix that fits a UK format (9 or 12 digits, GD or HA
 * and 3 digits) is taken as UK, since this is a UK shop and UK buyers often leave GB off. Greece's
 * ISO code GR becomes EL, the prefix VIES and Greek invoices use. XI (Northern Ireland) follows the
 * UK rules.
 */
import {
  austria,
  belgium,
  bulgaria,
  type Country,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
} from "jsvat";
import { DRAFT_LIMITS } from "../core/draft-base";

export const VAT_NUMBER_EXAMPLE = "GB123456789";
/** Decision 018's wording, exactly. */
export const VAT_NUMBER_MESSAGE = `Enter a valid VAT number, e.g. ${VAT_NUMBER_EXAMPLE}`;

/**
 * What the Details step says when the registry could not be asked (decision 018): the order goes
 * on, since an outage at HMRC or VIES is not the buyer's error.
 */
export function vatCheckUnavailableMessage(number: Pick<VatNumber, "uk">): string {
  const registry = number.uk ? "HMRC" : "the EU's VIES service";
  return `We couldn't reach ${registry} to confirm your VAT number just now. You can carry on: its format and check digits are fine.`;
}

/** The 27 member states by the prefix their VAT numbers carry (Greece: EL). */
const EU_STATES: Readonly<Record<string, Country>> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  HR: croatia,
  CY: cyprus,
  CZ: czechRepublic,
  DK: denmark,
  EE: estonia,
  FI: finland,
  FR: france,
  DE: germany,
  EL: greece,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LV: latvia,
  LT: lithuania,
  LU: luxembourg,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SK: slovakiaRepublic,
  SI: slovenia,
  ES: spain,
  SE: sweden,
};

const UK_PREFIXES = ["GB", "XI"] as const;
export type UkPrefix = (typeof UK_PREFIXES)[number];

/** A VAT number that passed the offline rules: its prefix, the rest, and both together. */
export type VatNumber = { prefix: string; national: string; canonical: string; uk: boolean };

/** 9 digits, 12 (a branch of a VAT group), or a government department (GD) or health authority (HA). */
const UK_FORMAT = /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;

/** Upper case, without the separators people type (spaces, dots, dashes, slashes). */
export function compactVatNumber(text: string): string {
  return text.replace(/[\s./-]+/g, "").toUpperCase();
}

/**
 * HMRC's check for a 9-digit number (the first 9 of a 12-digit one): digits 1–7 weighted 8 down to
 * 2, plus digits 8–9 read as a number, is a multiple of 97 (numbers issued before 2010) or is
 * 42 short of one (the "9755" scheme since, which adds 55 before dividing by 97). All zeros is
 * never issued. As python-stdnum's gb.vat, no issuing ranges are checked on top.
 */
export function ukCheckDigitsValid(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits) || /^0+$/.test(nineDigits)) return false;
  const weights = [8, 7, 6, 5, 4, 3, 2];
  const weighted = weights.reduce((sum, weight, i) => sum + weight * Number(nineDigits[i]), 0);
  const remainder = (weighted + Number(nineDigits.slice(7))) % 97;
  return remainder === 0 || remainder === 42;
}

function ukValid(national: string): boolean {
  if (!UK_FORMAT.test(national)) return false;
  // GD000–GD499 are government departments, HA500–HA999 health authorities.
  if (national.startsWith("GD")) return Number(national.slice(2)) < 500;
  if (national.startsWith("HA")) return Number(national.slice(2)) >= 500;
  return ukCheckDigitsValid(national.slice(0, 9));
}

/** The number as it is written on an invoice, or null when it is not a valid UK or EU VAT number. */
export function parseVatNumber(text: string): VatNumber | null {
  // The draft's limit: far more than the longest VAT number (NL's 14 characters), spaces and all.
  if (text.length > DRAFT_LIMITS.vatNumber) return null;
  let compact = compactVatNumber(text);
  if (UK_FORMAT.test(compact)) compact = `GB${compact}`;
  if (compact.startsWith("GR")) compact = `EL${compact.slice(2)}`;
  const prefix = compact.slice(0, 2);
  const national = compact.slice(2);
  if ((UK_PREFIXES as readonly string[]).includes(prefix)) {
    return ukValid(national) ? { prefix, national, canonical: compact, uk: true } : null;
  }
  const state = EU_STATES[prefix];
  if (!state || !/^[A-Z0-9+*]+$/.test(national)) return null;
  return checkVAT(compact, [state]).isValid ? { prefix, national, canonical: compact, uk: false } : null;
}

/**
 * The message for a VAT number that is filled in and not valid; undefined otherwise. The number is
 * optional: a blank one is fine.
 */
export function vatNumberError(text: string): string | undefined {
  if (text.trim() === "") return undefined;
  return parseVatNumber(text) ? undefined : VAT_NUMBER_MESSAGE;
}

/** The number as it is kept: a valid one in its invoice form, anything else as typed. */
export function tidyVatNumber(text: string): string {
  return parseVatNumber(text)?.canonical ?? text;
}
