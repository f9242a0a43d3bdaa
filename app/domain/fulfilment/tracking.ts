/**
 * The carrier's tracking page for a shipped order (decision 024, REQUIREMENTS B-8 and B-9:
 * "shipped with tracking"). Staff type the carrier's name when they mark an order shipped; the
 * carriers below have a public page that takes the tracking number in its address, so the buyer's
 * e-mail and order page can link straight to it. Any other carrier gets no link, and the buyer is
 * told to use the number on the carrier's website. Pure: no I/O.
 */

/** Carrier names as staff may type them, and each one's tracking page for a number. */
const CARRIERS: ReadonlyArray<{ name: string; aliases: readonly string[]; page: (number: string) => string }> = [
  {
    name: "Royal Mail",
    aliases: ["royalmail", "royal mail tracked"],
    page: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
  {
    name: "Parcelforce",
    aliases: ["parcelforce worldwide"],
    page: (n) => `https://www.parcelforce.com/track-trace?trackNumber=${n}`,
  },
  { name: "DPD", aliases: ["dpd uk", "dpd local"], page: (n) => `https://www.dpd.co.uk/apps/tracking/?reference=${n}` },
  {
    name: "DHL",
    aliases: ["dhl express", "dhl parcel"],
    page: (n) => `https://www.dhl.com/gb-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  },
  { name: "UPS", aliases: [], page: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { name: "FedEx", aliases: ["fedex express", "fed ex"], page: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { name: "Evri", aliases: ["hermes"], page: (n) => `https://www.evri.com/track/parcel/${n}` },
];

/** The carriers with a tracking link, as the staff form suggests them. */
export const KNOWN_CARRIERS: readonly string[] = CARRIERS.map((carrier) => carrier.name);

const simplified = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * The tracking page's address for `trackingNumber` with `carrier`, or null when the carrier is not
 * one we know or the number is not a plain tracking reference (letters, digits, spaces, dashes):
 * a number is never a way to point the buyer's link somewhere else.
 */
export function trackingLink(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const number = trackingNumber.replace(/[\s-]+/g, "").toUpperCase();
  if (!/^[A-Z0-9]{4,40}$/.test(number)) return null;
  const name = simplified(carrier);
  const known = CARRIERS.find(
    (each) => simplified(each.name) === name || each.aliases.some((alias) => simplified(alias) === name),
  );
  return known ? known.page(encodeURIComponent(number)) : null;
}
