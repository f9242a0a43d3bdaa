/**
 * Where an order went, said coarsely enough that it names nobody: a UK
 * region from the postcode's area letters, else the country. A town or street could point at one
 * customer; "the South West" cannot. Pure.
 */
import { DEFAULT_COUNTRY, isCountryCode, type CountryCode } from "./checkout";
import { postcodeArea } from "./vat";

const UK_REGIONS: Readonly<Record<string, readonly string[]>> = {
  London: ["E", "EC", "N", "NW", "SE", "SW", "W", "WC", "BR", "CR", "EN", "HA", "IG", "RM", "SM", "TW", "UB"],
  "the South East": ["BN", "CT", "DA", "GU", "HP", "KT", "ME", "MK", "OX", "PO", "RG", "RH", "SL", "SO", "TN"],
  "the South West": ["BA", "BH", "BS", "DT", "EX", "GL", "PL", "SN", "SP", "TA", "TQ", "TR"],
  "the East of England": ["AL", "CB", "CM", "CO", "IP", "LU", "NR", "PE", "SG", "SS", "WD"],
  "the East Midlands": ["DE", "LE", "LN", "NG", "NN"],
  "the West Midlands": ["B", "CV", "DY", "HR", "ST", "SY", "TF", "WR", "WS", "WV"],
  "Yorkshire and the Humber": ["BD", "DN", "HD", "HG", "HU", "HX", "LS", "S", "WF", "YO"],
  "the North West": ["BB", "BL", "CA", "CH", "CW", "FY", "L", "LA", "M", "OL", "PR", "SK", "WA", "WN"],
  "the North East": ["DH", "DL", "NE", "SR", "TS"],
  Wales: ["CF", "LD", "LL", "NP", "SA"],
  Scotland: ["AB", "DD", "DG", "EH", "FK", "G", "HS", "IV", "KA", "KW", "KY", "ML", "PA", "PH", "TD", "ZE"],
  "Northern Ireland": ["BT"],
};

const REGION_BY_AREA: ReadonlyMap<string, string> = new Map(
  Object.entries(UK_REGIONS).flatMap(([region, areas]) => areas.map((area) => [area, region] as const)),
);

/** How each country reads after "in". */
const COUNTRY_PLACES: Readonly<Record<CountryCode, string>> = {
  GB: "the UK",
  IE: "Ireland",
  US: "the United States",
  DE: "Germany",
  FR: "France",
  ES: "Spain",
  IT: "Italy",
  NL: "the Netherlands",
};

/**
 * The place an order may be said to come from: a UK region for a known UK postcode area, "the UK"
 * for any other UK address, the country elsewhere, null when the country is not one we ship to.
 */
export function coarseRegion(address: { country?: string | null; postcode?: string | null }): string | null {
  const country = address.country || DEFAULT_COUNTRY;
  if (!isCountryCode(country)) return null;
  if (country !== "GB") return COUNTRY_PLACES[country];
  const area = postcodeArea(address.postcode ?? "");
  return (area && REGION_BY_AREA.get(area)) ?? COUNTRY_PLACES.GB;
}
