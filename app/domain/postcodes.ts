/**
 * Postcode rules of the Details and Shipping steps (issue 16 item 9). A GB postcode is checked by
 * its format, so "XYZ" never reaches a courier label; other countries keep the plain "required"
 * rule, since their formats are theirs to define. Pure: the steps' pages, the autosave's status
 * rule and the payment's readiness check all call these.
 */

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
 * The message for a postcode that is filled in and wrong for its country; undefined otherwise. A
 * blank one gets no message (the "required" check names it), as with the phone (R-DET-10).
 */
export function postcodeError(country: string, postcode: string): string | undefined {
  if (country !== "GB" || postcode.trim() === "") return undefined;
  return normaliseUkPostcode(postcode) === null ? postcodeErrorMessage : undefined;
}

/** The postcode as it is kept: a valid GB one in Royal Mail's form, anything else as typed. */
export function tidyPostcode(country: string, postcode: string): string {
  return (country === "GB" && normaliseUkPostcode(postcode)) || postcode;
}
