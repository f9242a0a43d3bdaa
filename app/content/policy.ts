/**
 * The business facts of SPEC.md §9 "Policies and FAQ facts" (R-POL-01..15), each written once as
 * the sentence every page uses: the FAQs, the Terms, the Guarantee and the Privacy Policy quote
 * these, so the same rule never reads two ways.
 *
 * Where the spec contradicts itself (REQUIREMENTS.md) the wording settles it:
 * - quality disputes (the goods don't match the approved proof or order) within 14 days of delivery,
 *   hidden manufacturing defects within 30 days: two kinds of problem, not two windows for one;
 * - "all sales final" means no change-of-mind cancellation; it never removes a remedy for faulty,
 *   damaged or late goods;
 * - UK deliveries arrive duty paid, so the UK duty, import VAT and clearance figures explain what
 *   the checkout total already covers instead of adding to it.
 *
 * Every sentence here is a commitment the owner signs off (A-23, B-23). Change the business rule
 * here and every page follows.
 */
import { FIRST_ORDER_DISCOUNT_PERCENT, SHIPPING_METHODS } from "~/domain/pricing/checkout";
import { formatPence } from "~/domain/core/money";
import { QUOTE_VALIDITY } from "./quote-validity";

export { POLICY_NUMBERS } from "~/domain/core/policy-numbers";

export const POLICY = {
  quoteValidity: QUOTE_VALIDITY,
  production:
    "Production takes 10–15 business days, counted from the day you approve your proof and your payment clears.",
  leadTimeStart: "Lead time starts after payment and proof approval.",
  customQuote: "A custom quote, for a product that isn't in our catalogue, takes 2 working days.",
  instantQuote:
    "Catalogue products show instant tiered prices as you change the quantity, and a full quote with branding and shipping takes about 10 minutes.",
  qualityDisputes:
    "Quality disputes, where the goods don't match your approved proof or your order (wrong colour, placement or quantity), must be raised within 14 days of delivery.",
  defects:
    "Manufacturing defects that only show in use, such as a failed seam or a stitching fault, must be reported within 30 days of delivery.",
  transitDamage:
    "Damage in transit must be reported within 14 days of delivery, with photos of the goods and the packaging.",
  remedies: "For a fault we accept, we repair, replace or refund the affected items, at our cost.",
  salesFinal:
    "All sales are final: because every order is made to your design, orders cannot be cancelled after confirmation (when you've approved the proof and paid).",
  remediesUnaffected:
    "This does not affect your remedies for goods that are defective, damaged in transit or late under our On-Time Delivery Guarantee.",
  lateDelivery:
    "If your order arrives 5 or more days after the delivery date we promised when you approved your proof, you can claim our late-delivery remedy within 7 days of receiving it.",
  retention: "Order, invoice and payment records are retained for 7 years, as UK tax law requires.",
  minimumAge: "Our services are for businesses, and users under 18 are excluded.",
  shippingEstimates:
    "Shipping estimates from the factory: ocean freight about 36 days, basic air about 15 days and speedy air about 12 days.",
  catalogueShipping:
    "Our catalogue products travel by air courier; each product page shows its production and delivery time and an estimated delivery date.",
  ukImportCharges:
    "Goods imported into the UK attract customs duty of 0–12% on orders above £135, import VAT of 20%, and a courier clearance fee of about £8–£20.",
  ukDutyPaid:
    "For UK deliveries we import the goods ourselves and deliver duty paid, so those charges are already covered: the total you pay at checkout is final, and the 20% VAT on your invoice is the only VAT you pay.",
  nonUkImport:
    "Deliveries outside the UK are zero-rated for UK VAT; import duties and taxes may be charged by your local customs.",
  notSupplied: "We can't supply branded goods (products carrying another company's brand), food, drink or cosmetics.",
  paymentMethods:
    "You can pay by major credit and debit cards, Apple Pay or Google Pay, and by bank transfer for custom orders.",
  noBlankSamples:
    "Blank samples are not available. If you'd like to see your design on the real product first, ask us to quote a branded sample order.",
  shippingRates: `Shipping is a flat rate per order at checkout: ${SHIPPING_METHODS.standard.label} ${formatPence(
    SHIPPING_METHODS.standard.pence,
  )} or ${SHIPPING_METHODS.express.label} ${formatPence(SHIPPING_METHODS.express.pence)}.`,
  vat: 'Prices are shown without VAT unless you choose "inc VAT" at the top of the page, and each price says which it is. UK VAT at 20% is added at checkout on goods and shipping for deliveries in the UK.',
  firstOrder: `The first paid order on your account gets ${FIRST_ORDER_DISCOUNT_PERCENT}% off the goods (not shipping), applied automatically at checkout.`,
} as const;
