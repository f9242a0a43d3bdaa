/**
 * Which VAT an order pays, from where it goes (decision 052: one function for every screen and the
 * server). The UK's standard rate inside the UK's VAT area; goods sent outside it are exports and
 * zero-rated (R-CALC-14/15). The Channel Islands have UK postcodes but are outside the UK's VAT area;
 * the Isle of Man has its own postcodes and is inside it.
 */

/** UK standard VAT rate in percent (R-CONST-11). */
export const VAT_RATE_GB = 20;

/** Where VAT is decided: the ship-to country (the billing one as an estimate) and its postcode. */
export type VatPlace = { country: string | null | undefined; postcode?: string | null };

/** A UK postcode's area, the letters before its first digit ('sw1a 1aa' → 'SW'); null if it has none. */
export function postcodeArea(postcode: string): string | null {
  // Three characters hold any area and its first digit; nothing longer reaches the pattern.
  const match = /^([A-Z]{1,2})\d/.exec(postcode.trim().slice(0, 3).toUpperCase());
  return match?.[1] ?? null;
}

/** Postcode areas of the Channel Islands (Guernsey's takes in Alderney and Sark). */
const CHANNEL_ISLANDS: Readonly<Record<string, string>> = { JE: "Jersey", GY: "Guernsey" };

/**
 * The VAT rate in percent for a place, and a sentence saying why when the address could mislead:
 * a Channel Islands postcode pays none, an Isle of Man one pays UK VAT.
 */
export function vatFor(place: VatPlace): { rate: number; note: string | null } {
  if (place.country?.trim().toUpperCase() !== "GB") return { rate: 0, note: null };
  const area = postcodeArea(place.postcode ?? "");
  const island = area ? CHANNEL_ISLANDS[area] : undefined;
  if (island) {
    return {
      rate: 0,
      note: `${island} is outside the UK for VAT: goods sent there are exports, so no UK VAT is charged. ${island} may charge its own import taxes.`,
    };
  }
  if (area === "IM") {
    return {
      rate: VAT_RATE_GB,
      note: `The Isle of Man is in the UK for VAT, so UK VAT at ${VAT_RATE_GB}% is charged.`,
    };
  }
  return { rate: VAT_RATE_GB, note: null };
}
