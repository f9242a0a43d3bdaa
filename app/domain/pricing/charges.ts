/**
 * Set-up fees and surcharges (decision 088): what the operator adds to a product's price for how it
 * is made. A charge is so much per unit or once per line, on every line of the product or only when a
 * branding method or a customisation is chosen ("Embroidery digitising £20.00 per order", "Back print
 * +£0.30 each"). The spec's four products have none, so their prices never change. Pure: the pages,
 * the checkout, the payment and the documents all price charges here.
 */
import { formatPence, poundsToPence } from "../core/money";
import { BRANDING_METHODS, type BrandingMethod, isBrandingMethod } from "./checkout";

export const CHARGE_BASES = ["unit", "order"] as const;
export type ChargeBasis = (typeof CHARGE_BASES)[number];

/** A set-up fee or surcharge on a product, as the operator sets it. */
export type ProductCharge = {
  name: string;
  /** Pence ex VAT: per unit, or once per line. */
  pence: number;
  per: ChargeBasis;
  /** When it applies: "" on every line, a branding method's id, or a customisation's title. */
  when: string;
};

/** A line's choices that decide which charges apply: the method (else the product's default) and customisations. */
export type ChargeChoice = { method?: BrandingMethod; selections?: readonly string[] };

type Charged = { charges?: readonly ProductCharge[]; branding: { default: BrandingMethod } };

/** The charges a line of `product` with these choices carries, in the product's order. */
export function appliedCharges(product: Charged, choice: ChargeChoice): ProductCharge[] {
  const method = choice.method ?? product.branding.default;
  const selections = new Set(choice.selections ?? []);
  return (product.charges ?? []).filter(
    (charge) => charge.when === "" || charge.when === method || selections.has(charge.when),
  );
}

/** What one charge costs a line of `quantity`, in pence. */
export const chargeTotalPence = (charge: Pick<ProductCharge, "pence" | "per">, quantity: number): number =>
  charge.per === "unit" ? charge.pence * quantity : charge.pence;

/** What the charges cost a line of `quantity` together, in pence. */
export function chargesPence(charges: readonly Pick<ProductCharge, "pence" | "per">[], quantity: number): number {
  return charges.reduce((sum, charge) => sum + chargeTotalPence(charge, quantity), 0);
}

/** When a charge applies, in words: "with Embroidery", "with Back print", or "" on every line. */
export function chargeCondition(charge: Pick<ProductCharge, "when">): string {
  if (charge.when === "") return "";
  return `with ${isBrandingMethod(charge.when) ? BRANDING_METHODS[charge.when] : charge.when}`;
}

/** "per unit" or "per order". */
export const chargeBasisText = (charge: Pick<ProductCharge, "per">): string => `per ${charge.per}`;

/** "Set-up fee: £25.00 per order", "Back print: +£0.30 per unit": how the pages and documents name a charge. */
export function chargeText(charge: Pick<ProductCharge, "name" | "pence" | "per">): string {
  return charge.per === "unit"
    ? `${charge.name}: +${formatPence(charge.pence)} per unit`
    : `${charge.name}: ${formatPence(charge.pence)} per order`;
}

// ---------------------------------------------------------------------------------------------
// The editor: one charge a line, "Name | 25.00 | per order | Embroidery"

export const CHARGE_LIMITS = { count: 10, name: 60, pounds: 10_000 } as const;

const BASIS_WORDS: Record<string, ChargeBasis> = { "per unit": "unit", "per order": "order" };

/** A charge as the editor's text area shows it. */
export function chargeLine(charge: ProductCharge): string {
  const when =
    charge.when === "" ? "" : ` | ${isBrandingMethod(charge.when) ? BRANDING_METHODS[charge.when] : charge.when}`;
  return `${charge.name} | ${(charge.pence / 100).toFixed(2)} | per ${charge.per}${when}`;
}

/**
 * The editor's text area as charges: `Name | price | per unit or per order | applies to`, the last
 * blank for every line, else one of the product's branding methods (by its name) or customisations.
 * The first line that cannot be read is named, and nothing is kept.
 */
export function readChargeLines(
  text: string,
  offered: { methods: readonly BrandingMethod[]; options: readonly string[] },
): { ok: true; charges: ProductCharge[] } | { ok: false; message: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > CHARGE_LIMITS.count) {
    return { ok: false, message: `Enter at most ${CHARGE_LIMITS.count} charges.` };
  }
  const charges: ProductCharge[] = [];
  for (const [index, line] of lines.entries()) {
    const refuse = (why: string) => ({ ok: false as const, message: `Charge ${index + 1}: ${why}` });
    const [name = "", price = "", basis = "", when = "", ...rest] = line.split("|").map((part) => part.trim());
    if (rest.length > 0 || !name || !price || !basis) {
      return refuse("write it as Name | price | per unit or per order | what it applies to (optional).");
    }
    if (name.length > CHARGE_LIMITS.name) return refuse(`keep its name under ${CHARGE_LIMITS.name} characters.`);
    const pounds = /^\d{1,5}(\.\d{1,2})?$/.test(price) ? Number(price) : Number.NaN;
    if (!(pounds > 0 && pounds <= CHARGE_LIMITS.pounds)) {
      return refuse(
        `enter a price above £0 and up to £${CHARGE_LIMITS.pounds.toLocaleString("en-GB")}, such as 25.00.`,
      );
    }
    const per = BASIS_WORDS[basis.toLowerCase()];
    if (!per) return refuse('say "per unit" or "per order".');
    const method = offered.methods.find((id) => BRANDING_METHODS[id].toLowerCase() === when.toLowerCase());
    const option = offered.options.find((title) => title.toLowerCase() === when.toLowerCase());
    if (when && !method && !option) {
      return refuse(`"${when}" is not a branding method or customisation of this product.`);
    }
    charges.push({ name, pence: poundsToPence(pounds), per, when: method ?? option ?? "" });
  }
  return { ok: true, charges };
}
