/**
 * Copy of "Request this product": what an empty category page says we can source,
 * and the form an empty category or an empty search offers instead of a dead end.
 */
import type { ProductRequestField } from "~/domain/people/product-request";
import { POLICY_NUMBERS } from "~/domain/core/policy-numbers";

/**
 * What we make to order in each of the spec's categories, by slug, whether or not the catalogue lists
 * any of it yet. A category the operator added has none (docs/decisions/068-categories-are-data.md).
 */
export const SOURCING_EXAMPLES: Readonly<Partial<Record<string, readonly string[]>>> = {
  drinkware: [
    "Ceramic and enamel mugs",
    "Insulated bottles and travel cups",
    "Reusable coffee cups",
    "Tumblers and glassware",
  ],
  "office-essentials": [
    "Notebooks and diaries",
    "Pens and desk sets",
    "Lanyards and badge holders",
    "Tech accessories",
  ],
  other: ["Yoga mats and fitness kit", "Umbrellas", "Stickers and pin badges", "Gift boxes"],
  apparel: ["T-shirts and hoodies", "Sweatshirts and fleeces", "Sports kit", "Aprons and workwear"],
  bags: [
    "Cotton and recycled tote bags",
    "Backpacks and laptop bags",
    "Drawstring and gym bags",
    "Pouches and wash bags",
  ],
  hats: ["Caps and snapbacks", "Beanies", "Bucket hats", "Visors"],
};

const replyWithin = `within ${POLICY_NUMBERS.customQuoteWorkingDays} working days`;

export const PRODUCT_REQUEST_COPY = {
  heading: "Request this product",
  categoryHeading: (category: string) => `We source ${category.toLowerCase()} to order`,
  categoryIntro:
    "Nothing here is listed yet, but our factories make it: tell us what you need and we'll come back with options, prices and lead times.",
  examplesHeading: "What we can source",
  searchHeading: "Can't find it? We can source it.",
  searchIntro: `Tell us what you're after and we'll reply ${replyWithin} with options and a quote.`,
  requiredNote: "Fields marked * are required.",
  submit: "Request this product",
  sending: "Sending…",
  /** While the form's code arrives after a search that found nothing. */
  loading: "Loading the request form…",
  errorSummary: "Please fix the following:",
  /** With the business's sales address (its profile). */
  rateLimited: (salesEmail: string) =>
    `You've sent several requests in a short time. Please wait a while, or e-mail ${salesEmail}.`,
  failed: (salesEmail: string) => `Sorry, your request couldn't be sent. Please e-mail ${salesEmail}.`,
  honeypotLabel: "Leave this field empty",
  thanksTitle: "Thanks, we've got your request",
  thanks: (request: { quantity: number; product: string; email: string }) =>
    `We'll reply to ${request.email} ${replyWithin} with options and a quote for ${request.quantity.toLocaleString("en-GB")} × ${request.product}.`,
  another: "Request another product",
} as const;

/** Labels and hints of the form's fields; '*' marks the required ones on screen. */
export const PRODUCT_REQUEST_FIELD_COPY: Readonly<
  Record<ProductRequestField, { label: string; autoComplete: string; required: boolean; hint?: string }>
> = {
  product: {
    label: "Product",
    autoComplete: "off",
    required: true,
    hint: "For example: insulated bottles with our logo",
  },
  quantity: { label: "Quantity", autoComplete: "off", required: true, hint: "Most products start at 50 units" },
  needed_by: { label: "Needed by", autoComplete: "off", required: false, hint: "Optional" },
  notes: {
    label: "Notes",
    autoComplete: "off",
    required: false,
    hint: "Optional: colours, branding, budget, where it's going",
  },
  name: { label: "Your name", autoComplete: "name", required: true },
  email: { label: "Work email", autoComplete: "email", required: true },
  company: { label: "Company", autoComplete: "organization", required: false, hint: "Optional" },
};
