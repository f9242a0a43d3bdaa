/**
 * The wire formats of the order draft (SPEC.md §3 "Draft data"; R-DRAFT-08/09): the schema of
 * `order_drafts.data`, one patch schema per checkout step, and what builds a draft from defaults.
 * The server validates with these; the pages only need draft.ts's rules and these types.
 */
import { z } from "zod";
import type { Product } from "~/catalogue/types";
import {
  BRANDING_METHOD_IDS,
  COUNTRIES,
  DEFAULT_BRANDING_METHOD,
  DEFAULT_COUNTRY,
  DEFAULT_PROOF_PREFERENCE,
  PROOF_PREFERENCE_IDS,
  SHIPPING_METHOD_IDS,
} from "../pricing/checkout";
import { DRAFT_LIMITS, DRAFT_STATUSES, type DraftCartLine } from "../core/draft-base";
import { preflightReportSchema } from "../artwork/preflight-schema";
import { agreedMinimum, clampQuantity, maxQuantity } from "../pricing/pricing";

const text = (max: number) => z.string().max(max, `Keep this under ${max} characters`);
const countryOrBlank = z.union([z.enum(COUNTRIES), z.literal("")], { error: "Choose a country from the list" });
const colourHex = z
  .string()
  .max(7, { message: "Choose a colour", abort: true })
  .regex(/^(#[0-9a-fA-F]{6})?$/, "Choose a colour");
const quantity = z
  .number({ error: "Enter a whole number" })
  .int("Enter a whole number")
  .min(1, "Enter a quantity")
  .max(DRAFT_LIMITS.quantity, "That quantity is too large");
const selections = z
  .array(text(DRAFT_LIMITS.selectionTitle))
  .max(DRAFT_LIMITS.selections, `Choose at most ${DRAFT_LIMITS.selections} options`);
/** A size breakdown; app/domain/pricing/sizes.ts checks it against the product. */
const sizes = z
  .array(
    z.strictObject({
      size: text(DRAFT_LIMITS.sizeName).min(1, "Choose a size"),
      count: z
        .number({ error: "Enter a whole number" })
        .int("Enter a whole number")
        .min(0, "Enter 0 or more")
        .max(DRAFT_LIMITS.quantity, "That quantity is too large"),
    }),
  )
  .max(DRAFT_LIMITS.sizes, `Choose at most ${DRAFT_LIMITS.sizes} sizes`);
const isoDate = z
  .string()
  .max(10, { message: "Not an ISO date", abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Not an ISO date");
const pence = z.number().int().min(0);

const brandingFields = {
  method: z.enum(BRANDING_METHOD_IDS, { error: "Choose a branding method" }),
  placement: text(DRAFT_LIMITS.reference),
  placement_details: text(DRAFT_LIMITS.placementDetails),
};
const proofFields = {
  preference: z.enum(PROOF_PREFERENCE_IDS, { error: "Choose a design preview option" }),
  previous_order_ref: text(DRAFT_LIMITS.reference),
};
const confirmFields = { rights_confirmed: z.boolean(), lead_time_acknowledged: z.boolean() };
const billingFields = {
  company: text(DRAFT_LIMITS.shortText),
  name: text(DRAFT_LIMITS.shortText),
  line1: text(DRAFT_LIMITS.shortText),
  line2: text(DRAFT_LIMITS.shortText),
  city: text(DRAFT_LIMITS.shortText),
  postcode: text(DRAFT_LIMITS.postcode),
  country: countryOrBlank,
};
const detailsFields = {
  contact_name: text(DRAFT_LIMITS.shortText),
  email: text(DRAFT_LIMITS.email),
  company: text(DRAFT_LIMITS.shortText),
  phone: text(DRAFT_LIMITS.phone),
  vat_number: text(DRAFT_LIMITS.vatNumber),
  po_ref: text(DRAFT_LIMITS.reference),
  tos_accepted: z.boolean(),
  use_billing_as_shipping: z.boolean(),
};
/** The buyer types everything but `name`, which the server derives (R-SHIP-10). */
export const addressFields = {
  company: text(DRAFT_LIMITS.shortText),
  firstName: text(DRAFT_LIMITS.shortText),
  lastName: text(DRAFT_LIMITS.shortText),
  line1: text(DRAFT_LIMITS.shortText),
  line2: text(DRAFT_LIMITS.shortText),
  city: text(DRAFT_LIMITS.shortText),
  postcode: text(DRAFT_LIMITS.postcode),
  country: countryOrBlank,
  phone: text(DRAFT_LIMITS.phone),
};
/** no method until the buyer picks one, so nobody pays for express by accident. */
const shippingMethod = z.enum(SHIPPING_METHOD_IDS, { error: "Choose a shipping method" }).nullable();

/** One uploaded artwork file as the buyer sees it (B-6); the path on disk never leaves the server. */
export const artworkFileSchema = z.object({
  id: z.uuid(),
  name: text(DRAFT_LIMITS.fileName).min(1),
  size: z.number().int().positive(),
  uploaded_at: z.iso.datetime(),
  /** What the server read in the file at upload (decision 027); absent for files from before preflight. */
  preflight: preflightReportSchema.optional(),
  /** The codes of the warnings the buyer said "Use it anyway" to (decision 027). */
  use_anyway: z.array(text(40)).max(20).default([]),
});
export type ArtworkFileEntry = z.output<typeof artworkFileSchema>;

/** Stored totals, all integer pence (R-CALC-18); written only by the server (decision 052). */
export const draftTotalsSchema = z.object({
  subtotal: pence,
  discount: pence,
  shipping: pence,
  vat: pence,
  total: pence,
});
export type DraftTotals = z.output<typeof draftTotalsSchema>;

// ---------------------------------------------------------------------------------------------
// The whole draft (R-DRAFT-08/09)

/**
 * `order_drafts.data`. Every field but product_id and quantity has a default, so a draft saved by
 * an earlier step (or an older release) still reads as a complete object. Unknown keys are
 * dropped. Defaults per R-DRAFT-09 and R-CUST-02: branding none/none, proof ai_mockup, artwork
 * email_later true, billing country GB, billing-as-shipping on (R-DET-05).
 */
export const draftDataSchema = z.object({
  product_id: z.string().min(1).max(32),
  variant: z.object({ color_hex: colourHex.default("") }).prefault({}),
  quantity,
  branding: z
    .object({
      method: brandingFields.method.default(DEFAULT_BRANDING_METHOD),
      placement: brandingFields.placement.default("none"),
      placement_details: brandingFields.placement_details.default(""),
    })
    .prefault({}),
  proof: z
    .object({
      preference: proofFields.preference.default(DEFAULT_PROOF_PREFERENCE),
      previous_order_ref: proofFields.previous_order_ref.default(""),
    })
    .prefault({}),
  artwork: z
    .object({
      email_later: z.boolean().default(true),
      files: z.array(artworkFileSchema).max(DRAFT_LIMITS.files).default([]),
    })
    .prefault({}),
  confirm: z
    .object({
      rights_confirmed: z.boolean().default(false),
      lead_time_acknowledged: z.boolean().default(false),
    })
    .prefault({}),
  notes: text(DRAFT_LIMITS.notes).default(""),
  handwritten_note: z.boolean().default(false),
  customization_selections: selections.default([]),
  /** Empty for a product without a sizing table, and in drafts saved before sizes existed. */
  sizes: sizes.default([]),
  details: z
    .object({
      contact_name: detailsFields.contact_name.default(""),
      email: detailsFields.email.default(""),
      company: detailsFields.company.default(""),
      phone: detailsFields.phone.default(""),
      vat_number: detailsFields.vat_number.default(""),
      po_ref: detailsFields.po_ref.default(""),
      billing: z
        .object({
          company: billingFields.company.default(""),
          name: billingFields.name.default(""),
          line1: billingFields.line1.default(""),
          line2: billingFields.line2.default(""),
          city: billingFields.city.default(""),
          postcode: billingFields.postcode.default(""),
          country: billingFields.country.default(DEFAULT_COUNTRY),
        })
        .prefault({}),
      tos_accepted: z.boolean().default(false),
      use_billing_as_shipping: z.boolean().default(true),
    })
    .prefault({}),
  shipping: z
    .object({
      address: z
        .object({
          company: addressFields.company.default(""),
          firstName: addressFields.firstName.default(""),
          lastName: addressFields.lastName.default(""),
          name: text(2 * DRAFT_LIMITS.shortText + 1).default(""),
          line1: addressFields.line1.default(""),
          line2: addressFields.line2.default(""),
          city: addressFields.city.default(""),
          postcode: addressFields.postcode.default(""),
          country: addressFields.country.default(""),
          phone: addressFields.phone.default(""),
        })
        .prefault({}),
      method: shippingMethod.default(null),
      notes: text(DRAFT_LIMITS.notes).default(""),
      /** The buyer's in-hands date ("Need it by"), carried onto the order at payment. */
      need_by: isoDate.nullable().default(null),
    })
    .prefault({}),
  /** Null until a shipping method is chosen (R-SHIP-04). */
  totals: draftTotalsSchema.nullable().default(null),
  /** Estimated delivery window, ISO dates; null until a shipping method is chosen. */
  eta: z.object({ start: isoDate, end: isoDate }).nullable().default(null),
  /** Mirrors the row's status column, which is the source of truth (B-4). */
  status: z.enum(DRAFT_STATUSES).default("customisation_draft"),
  /** Step 5 is complete once the buyer has read the proof summary and continued (R-PROOF-03). */
  proof_acknowledged: z.boolean().default(false),
});
export type DraftData = z.output<typeof draftDataSchema>;
export type DraftDataInput = z.input<typeof draftDataSchema>;
export type DraftDetails = DraftData["details"];
export type BillingAddress = DraftDetails["billing"];
export type DraftShipping = DraftData["shipping"];
export type ShippingAddress = DraftShipping["address"];
export type DraftEta = NonNullable<DraftData["eta"]>;

/** A complete draft of defaults for a product and quantity. */
export function defaultDraftData(productId: string, qty: number): DraftData {
  return draftDataSchema.parse({ product_id: productId, quantity: qty });
}

// ---------------------------------------------------------------------------------------------
// Per-step patches (decision 054: each step writes only its own part)

/**
 * Step 2. Every key is optional and objects merge key by key, so a patch may carry one changed
 * field or the whole step. Unknown keys are refused (400) rather than dropped: totals, status,
 * details and shipping can never arrive through this door. artwork takes only email_later; the
 * files list is written by the upload endpoint alone.
 */
export const customisationPatchSchema = z.strictObject({
  variant: z.strictObject({ color_hex: colourHex }).partial().optional(),
  quantity: quantity.optional(),
  branding: z.strictObject(brandingFields).partial().optional(),
  proof: z.strictObject(proofFields).partial().optional(),
  artwork: z.strictObject({ email_later: z.boolean() }).partial().optional(),
  confirm: z.strictObject(confirmFields).partial().optional(),
  notes: text(DRAFT_LIMITS.notes).optional(),
  handwritten_note: z.boolean().optional(),
  customization_selections: selections.optional(),
  sizes: sizes.optional(),
});
export type CustomisationPatch = z.output<typeof customisationPatchSchema>;

/** Step 3: a partial of data.details (field paths such as 'email', 'billing.city'). */
export const detailsPatchSchema = z
  .strictObject({ ...detailsFields, billing: z.strictObject(billingFields).partial() })
  .partial();
export type DetailsPatch = z.output<typeof detailsPatchSchema>;

/** Step 4: a partial of data.shipping; address.name, totals and eta are the server's (R-SHIP-10, B-2). */
export const shippingPatchSchema = z
  .strictObject({
    address: z.strictObject(addressFields).partial(),
    method: shippingMethod,
    notes: text(DRAFT_LIMITS.notes),
    need_by: isoDate.nullable(),
  })
  .partial();
export type ShippingPatch = z.output<typeof shippingPatchSchema>;

/** Step 5: the buyer has read the proof summary (R-PROOF-03). */
export const proofingPatchSchema = z.strictObject({ proof_acknowledged: z.boolean() });
export type ProofingPatch = z.output<typeof proofingPatchSchema>;

export const STEP_PATCH_SCHEMAS = {
  customisation: customisationPatchSchema,
  details: detailsPatchSchema,
  shipping: shippingPatchSchema,
  proofing: proofingPatchSchema,
} as const;

/**
 * The draft step 2 starts from (R-CUST-02). Quantity, colour, selections and the handwritten
 * note always come from the cart line (the cart is where they are edited; quantity clamped to
 * [MOQ, max], decision 051, or the line's own below the MOQ, which only a quote's agreed price
 * puts in the cart, decision 087). An existing draft for the same product is kept and only those
 * fields change, so returning to step 2 loses no details, shipping or totals. A branding
 * method the product does not offer (a new draft's 'none', or a draft saved before products
 * declared their methods) becomes the product's default, preselected.
 */
export function buildInitialDraft(
  line: DraftCartLine,
  product: Pick<Product, "moq" | "tiers" | "branding"> | undefined,
  existing?: DraftData | null,
): DraftData {
  const qty = product
    ? clampQuantity(line.quantity, agreedMinimum(product, line.quantity), maxQuantity(product.tiers))
    : line.quantity;
  const base =
    existing && existing.product_id === line.productId
      ? existing
      : draftDataSchema.parse({ product_id: line.productId, quantity: qty, notes: line.notes ?? "" });
  const method = base.branding.method;
  const branding =
    product && !product.branding.methods.includes(method)
      ? { ...base.branding, method: product.branding.default }
      : base.branding;
  return {
    ...base,
    product_id: line.productId,
    quantity: qty,
    branding,
    variant: { ...base.variant, color_hex: line.selectedColor },
    customization_selections: [...line.customizationSelections],
    handwritten_note: line.handwrittenNote,
    sizes: line.sizes?.length ? line.sizes.map((entry) => ({ ...entry })) : base.sizes,
  };
}

/**
 * The stored JSON as a DraftData, or the schema's refusal. The row's product and status columns
 * win over the copies in data (B-4: the column is the source of truth). Every reader of a draft
 * row goes through this.
 */
export function parseDraftRow(row: { data: unknown; productId: string; status: string }) {
  const base = row.data !== null && typeof row.data === "object" && !Array.isArray(row.data) ? row.data : {};
  return draftDataSchema.safeParse({ ...base, product_id: row.productId, status: row.status });
}

/** A draft's data for the payment path: data outside the schema is refused, not thrown. */
export function readDraftData(row: { data: unknown; productId: string; status: string }): DraftData | null {
  const parsed = parseDraftRow(row);
  return parsed.success ? parsed.data : null;
}
