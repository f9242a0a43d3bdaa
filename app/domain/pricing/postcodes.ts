/**
 * Postcode rules of the Details and Shipping steps (R-DET-04, R-SHIP-01). Every country the shop ships
 * to has its postcode checked by that country's format, so "XYZ" never reaches a courier label,
 * and a UK address cannot be given another country to be charged 0 % VAT (the billing country
 * decides the VAT). Pure: the steps' pages, the autosave's status rule and the payment's
 * readiness check all call these.
 */
import { COUNTRY_NAMES, type CountryCode, isCountryCode } from "./checkout";

export const POSTCODE_EXAMPLE = "SW1A 1AA";
/** In the style of the phone rule's message (R-DET-10). */
export const postcodeErrorMessage = `Enter a valid UK postcode, e.g. ${POSTCODE_EXAMPLE}`;

/**
 * The outward code (area letters, district digits, an optional sub-district letter) and the inward
 * code (a digit and two letters) of the Royal Mail's format, with the letters each position never
 * takes left out; and the one historic exception, GIR 0AA.
 */
const UK_POSTCODE =
  /^(?:GIR 0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]) \d[ABD-HJLNP-UW-Z]{2})$/;
/** "SW1A1AA" is the longest: anything longer is wrong before the pattern runs. */
const UK_POSTCODE_MAX_CHARACTERS = 7;

/**
 * A UK postcode as Royal Mail writes it ("sw1a1aa" → "SW1A 1AA", " m1  1ae " → "M1 1AE"), or null
 * when the text is not a UK postcode.
 */
export function normaliseUkPostcode(text: string): string | null {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (compact.length < 5 || compact.length > UK_POSTCODE_MAX_CHARACTERS) return null;
  const spaced = `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  return UK_POSTCODE.test(spaced) ? spaced : null;
}

/**
 * Each other country's format, its example (a well-known public address's) and how it is written
 * once valid. Every pattern is anchored and has one way to match, on text already cut to its
 * longest valid length.
 */
type PostcodeFormat = { pattern: RegExp; example: string; maxCharacters: number; tidy?: (compact: string) => string };
const FIVE_DIGITS = /^\d{5}$/;
const OTHER_FORMATS: Readonly<Record<Exclude<CountryCode, "GB">, PostcodeFormat>> = {
  // An Eircode: a routing key (a letter and two digits, or D6W) and four of the letters and digits An Post uses.
  IE: {
    pattern: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[\dAC-FHKNPRTV-Y]{4}$/,
    example: "D02 X285",
    maxCharacters: 7,
    tidy: (compact) => `${compact.slice(0, 3)} ${compact.slice(3)}`,
  },
  // A ZIP code, or ZIP+4.
  US: { pattern: /^\d{5}(?:-\d{4})?$/, example: "10001", maxCharacters: 10 },
  DE: { pattern: FIVE_DIGITS, example: "10115", maxCharacters: 5 },
  FR: { pattern: FIVE_DIGITS, example: "75008", maxCharacters: 5 },
  // Five digits, the first two a province, 01 to 52.
  ES: { pattern: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: "28013", maxCharacters: 5 },
  IT: { pattern: FIVE_DIGITS, example: "00184", maxCharacters: 5 },
  // Four digits, the first not 0, and two letters other than SA, SD and SS.
  NL: {
    pattern: /^[1-9]\d{3}(?!SA|SD|SS)[A-Z]{2}$/,
    example: "1012 AB",
    maxCharacters: 6,
    tidy: (compact) => `${compact.slice(0, 4)} ${compact.slice(4)}`,
  },
};

/** A postcode as the format reads it: spaces dropped (none of these formats has one inside), capitals. */
const compacted = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** The postcode written as its country writes it, or null when it is not one of that country's. */
function normaliseForeignPostcode(country: Exclude<CountryCode, "GB">, text: string): string | null {
  const format = OTHER_FORMATS[country];
  const compact = compacted(text);
  if (compact.length > format.maxCharacters || !format.pattern.test(compact)) return null;
  return format.tidy ? format.tidy(compact) : compact;
}

/** For a country the shop ships to, other than the UK: what to write when its postcode is wrong. */
export function foreignPostcodeErrorMessage(country: Exclude<CountryCode, "GB">): string {
  return `Enter a valid postcode for ${COUNTRY_NAMES[country]}, e.g. ${OTHER_FORMATS[country].example}`;
}

/** A UK postcode given with another country: the country is what is wrong, so the message says so. */
export const ukPostcodeAbroadMessage =
  "This is a UK postcode: choose United Kingdom as the country, or enter the postcode of the address abroad";

/**
 * The message for a postcode that is filled in and wrong for its country; undefined otherwise. A
 * blank one gets no message (the "required" check names it), as with the phone (R-DET-10); nor
 * does a country the shop does not ship to, which the country check refuses.
 */
export function postcodeError(country: string, postcode: string): string | undefined {
  if (postcode.trim() === "" || !isCountryCode(country)) return undefined;
  if (country === "GB") return normaliseUkPostcode(postcode) === null ? postcodeErrorMessage : undefined;
  if (normaliseForeignPostcode(country, postcode) !== null) return undefined;
  return normaliseUkPostcode(postcode) !== null ? ukPostcodeAbroadMessage : foreignPostcodeErrorMessage(country);
}

/** The postcode as it is kept: a valid one as its country writes it ("1012ab" → "1012 AB"), anything else as typed. */
export function tidyPostcode(country: string, postcode: string): string {
  if (!isCountryCode(country)) return postcode;
  if (country === "GB") return normaliseUkPostcode(postcode) || postcode;
  return normaliseForeignPostcode(country, postcode) || postcode;
}
