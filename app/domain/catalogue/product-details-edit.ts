/**
 * A product's lists and tables as staff edit them (docs/decisions/066-catalogue-is-data.md): how it
 * can be branded, the customisations a buyer can tick, its features, what it is good for, its
 * specifications, its sizes and its shipping text. Each list is typed one item a line, as an
 * operator would paste it from a supplier's sheet, and read here by the page as they type and by the
 * server before it saves.
 */
import { CUSTOMIZATION_THEMES, type CatalogueEntry, type CustomizationTheme, type SizingRow } from "~/catalogue/types";
import { formatPence, poundsToPence } from "../core/money";
import { BRANDING_METHOD_IDS, BRANDING_METHODS, type BrandingMethod } from "../pricing/checkout";
import { chargeLine, readChargeLines } from "../pricing/charges";

/** The `details` a product keeps besides its fields: what the product page lists and the checkout offers. */
export type ProductDetails = Pick<
  CatalogueEntry,
  | "branding"
  | "customizationTheme"
  | "allowHandwrittenNote"
  | "customizationOptions"
  | "features"
  | "goodFor"
  | "specifications"
  | "shippingInfo"
  | "shippingPerUnitPence"
  | "sizingTable"
  | "charges"
>;

export const DETAILS_LIMITS = {
  /** Items in one list: features, good for, specifications, customisations, sizes. */
  items: 20,
  item: 200,
  optionTitle: 60,
  optionSubtitle: 120,
  specLabel: 40,
  sizeCell: 20,
  shippingInfo: 500,
  sizingNote: 300,
  /** The dearest courier cost per unit, in pounds. */
  shippingPounds: 100,
} as const;

/** The columns of a sizing table, as the product page heads them. */
export const SIZING_HEADERS = ["Size", "Height (cm)", "Weight (kg)", "Waist (cm)", "Length (cm)"];

/** The form's fields for the details; a branding method's checkbox is `branding-<id>`. */
export const DETAIL_FIELDS = {
  brandingDefault: "brandingDefault",
  theme: "theme",
  handwrittenNote: "handwrittenNote",
  options: "options",
  features: "features",
  goodFor: "goodFor",
  specifications: "specifications",
  shippingInfo: "shippingInfo",
  shippingPerUnit: "shippingPerUnit",
  sizes: "sizes",
  sizingNote: "sizingNote",
  charges: "charges",
} as const;
export const brandingField = (method: BrandingMethod) => `branding-${method}`;

/** What a new product starts with: screen print, no customisations, the shop's shipping text. */
export const NEW_PRODUCT_DETAILS: ProductDetails = {
  branding: { methods: ["screen_print"], default: "screen_print" },
  customizationTheme: "blue",
  allowHandwrittenNote: false,
  customizationOptions: [],
  features: [],
  goodFor: [],
  specifications: [],
  shippingInfo:
    "Sent by air courier once production is finished. Shipping is calculated at checkout (Standard £18, Express £35).",
  shippingPerUnitPence: 0,
};

/** The non-empty lines of a text area, trimmed. */
const linesOf = (text: string | undefined) =>
  (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** Splits "a | b | c" into its trimmed parts. */
const cells = (line: string) => line.split("|").map((cell) => cell.trim());

type Errors = Record<string, string>;

/** A list of one line per item: at most 20 items of at most 200 characters. */
function itemsOf(fields: Record<string, string>, name: string, label: string, errors: Errors): string[] {
  const items = linesOf(fields[name]);
  if (items.length > DETAILS_LIMITS.items) errors[name] = `List at most ${DETAILS_LIMITS.items} ${label}, one a line.`;
  const long = items.findIndex((item) => item.length > DETAILS_LIMITS.item);
  if (long !== -1) errors[name] ??= `Line ${long + 1}: keep each line to ${DETAILS_LIMITS.item} characters.`;
  return items;
}

function brandingOf(fields: Record<string, string>, errors: Errors): ProductDetails["branding"] {
  const methods = BRANDING_METHOD_IDS.filter((method) => fields[brandingField(method)] === "on");
  const chosen = fields[DETAIL_FIELDS.brandingDefault] ?? "";
  if (methods.length === 0) errors.branding = "Tick at least one way the product can be branded.";
  const preselected = methods.find((method) => method === chosen);
  if (methods.length > 0 && !preselected) {
    errors[DETAIL_FIELDS.brandingDefault] = "Choose which ticked method the checkout starts with.";
  }
  return { methods, default: preselected ?? methods[0] ?? "none" };
}

function optionsOf(fields: Record<string, string>, errors: Errors): ProductDetails["customizationOptions"] {
  const name = DETAIL_FIELDS.options;
  const options = itemsOf(fields, name, "customisations", errors).map((line) => {
    const [title = "", ...rest] = cells(line);
    const subtitle = rest.join(" | ").trim();
    return subtitle ? { title, subtitle } : { title };
  });
  const seen = new Set<string>();
  options.forEach((option, index) => {
    const n = index + 1;
    if (!option.title) errors[name] ??= `Line ${n}: start with the customisation's name, before the |.`;
    else if (option.title.length > DETAILS_LIMITS.optionTitle)
      errors[name] ??= `Line ${n}: keep the name to ${DETAILS_LIMITS.optionTitle} characters.`;
    else if ((option.subtitle?.length ?? 0) > DETAILS_LIMITS.optionSubtitle)
      errors[name] ??= `Line ${n}: keep what follows the | to ${DETAILS_LIMITS.optionSubtitle} characters.`;
    else if (seen.has(option.title.toLowerCase())) errors[name] ??= `Line ${n}: "${option.title}" is listed twice.`;
    seen.add(option.title.toLowerCase());
  });
  return options;
}

function specificationsOf(fields: Record<string, string>, errors: Errors): ProductDetails["specifications"] {
  const name = DETAIL_FIELDS.specifications;
  return itemsOf(fields, name, "specifications", errors).map((line, index) => {
    const colon = line.indexOf(":");
    const label = colon === -1 ? "" : line.slice(0, colon).trim();
    const value = colon === -1 ? "" : line.slice(colon + 1).trim();
    if (!label || !value)
      errors[name] ??= `Line ${index + 1}: write it as "Label: value", such as "Fabric: 100% cotton".`;
    else if (label.length > DETAILS_LIMITS.specLabel)
      errors[name] ??= `Line ${index + 1}: keep the label before the colon to ${DETAILS_LIMITS.specLabel} characters.`;
    return { label, value };
  });
}

function sizingOf(fields: Record<string, string>, errors: Errors): ProductDetails["sizingTable"] {
  const name = DETAIL_FIELDS.sizes;
  const lines = itemsOf(fields, name, "sizes", errors);
  const note = (fields[DETAIL_FIELDS.sizingNote] ?? "").trim();
  if (note.length > DETAILS_LIMITS.sizingNote)
    errors[DETAIL_FIELDS.sizingNote] = `Keep the sizing note to ${DETAILS_LIMITS.sizingNote} characters.`;
  if (lines.length === 0) return undefined;
  const seen = new Set<string>();
  const rows = lines.map((line, index): SizingRow => {
    const parts = cells(line);
    const [size = "", height = "", weight = "", waist = "", length = ""] = parts;
    const n = index + 1;
    if (parts.length !== 5 || parts.some((cell) => cell === ""))
      errors[name] ??=
        `Line ${n}: write size | height | weight | waist | length, such as "M | 168-176 | 62-72 | 76-82 | 35".`;
    else if (parts.some((cell) => cell.length > DETAILS_LIMITS.sizeCell))
      errors[name] ??= `Line ${n}: keep each measure to ${DETAILS_LIMITS.sizeCell} characters.`;
    else if (seen.has(size.toLowerCase())) errors[name] ??= `Line ${n}: size ${size} is listed twice.`;
    seen.add(size.toLowerCase());
    return { size, height, weight, waist, length };
  });
  return { headers: [...SIZING_HEADERS], rows, note };
}

const POUNDS = /^\d{1,3}(\.\d{1,2})?$/;

/** The details the form holds, or what is wrong with them, keyed by the form's field names. */
export function readDetailsEdit(fields: Record<string, string>): { details: ProductDetails; errors: Errors } {
  const errors: Errors = {};
  const theme = fields[DETAIL_FIELDS.theme] ?? "";
  if (!(CUSTOMIZATION_THEMES as readonly string[]).includes(theme))
    errors[DETAIL_FIELDS.theme] = "Choose the colour of the customisation panel.";
  const shippingInfo = (fields[DETAIL_FIELDS.shippingInfo] ?? "").trim();
  if (!shippingInfo) errors[DETAIL_FIELDS.shippingInfo] = "Enter what buyers are told about shipping.";
  else if (shippingInfo.length > DETAILS_LIMITS.shippingInfo)
    errors[DETAIL_FIELDS.shippingInfo] = `Keep the shipping text to ${DETAILS_LIMITS.shippingInfo} characters.`;
  const shipping = (fields[DETAIL_FIELDS.shippingPerUnit] ?? "").trim().replace(/^£/, "");
  const shippingPence = POUNDS.test(shipping) ? poundsToPence(Number(shipping)) : Number.NaN;
  if (Number.isNaN(shippingPence) || shippingPence > DETAILS_LIMITS.shippingPounds * 100) {
    errors[DETAIL_FIELDS.shippingPerUnit] =
      `Enter the courier cost per unit in pounds, such as 1.95 (0 if none), up to £${DETAILS_LIMITS.shippingPounds}.`;
  }
  const sizingTable = sizingOf(fields, errors);
  const branding = brandingOf(fields, errors);
  const customizationOptions = optionsOf(fields, errors);
  // Decision 088: each charge names one of the methods or customisations ticked and listed above.
  const read = readChargeLines(fields[DETAIL_FIELDS.charges] ?? "", {
    methods: branding.methods,
    options: customizationOptions.map((option) => option.title),
  });
  if (!read.ok) errors[DETAIL_FIELDS.charges] = read.message;
  const charges = read.ok ? read.charges : [];
  const details: ProductDetails = {
    branding,
    customizationTheme: theme as CustomizationTheme,
    allowHandwrittenNote: fields[DETAIL_FIELDS.handwrittenNote] === "on",
    customizationOptions,
    features: itemsOf(fields, DETAIL_FIELDS.features, "features", errors),
    goodFor: itemsOf(fields, DETAIL_FIELDS.goodFor, "uses", errors),
    specifications: specificationsOf(fields, errors),
    shippingInfo,
    shippingPerUnitPence: Number.isNaN(shippingPence) ? 0 : shippingPence,
    ...(sizingTable ? { sizingTable } : {}),
    ...(charges.length > 0 ? { charges } : {}),
  };
  return { details, errors };
}

/** The form's fields for saved details: what the editor starts with. */
export function detailsFields(details: ProductDetails): Record<string, string> {
  const fields: Record<string, string> = {
    [DETAIL_FIELDS.brandingDefault]: details.branding.default,
    [DETAIL_FIELDS.theme]: details.customizationTheme,
    [DETAIL_FIELDS.options]: details.customizationOptions
      .map((option) => (option.subtitle ? `${option.title} | ${option.subtitle}` : option.title))
      .join("\n"),
    [DETAIL_FIELDS.features]: details.features.join("\n"),
    [DETAIL_FIELDS.goodFor]: details.goodFor.join("\n"),
    [DETAIL_FIELDS.specifications]: details.specifications.map((spec) => `${spec.label}: ${spec.value}`).join("\n"),
    [DETAIL_FIELDS.shippingInfo]: details.shippingInfo,
    [DETAIL_FIELDS.shippingPerUnit]: (details.shippingPerUnitPence / 100).toFixed(2),
    [DETAIL_FIELDS.sizes]: (details.sizingTable?.rows ?? [])
      .map((row) => [row.size, row.height, row.weight, row.waist, row.length].join(" | "))
      .join("\n"),
    [DETAIL_FIELDS.sizingNote]: details.sizingTable?.note ?? "",
    [DETAIL_FIELDS.charges]: (details.charges ?? []).map(chargeLine).join("\n"),
  };
  for (const method of details.branding.methods) fields[brandingField(method)] = "on";
  if (details.allowHandwrittenNote) fields[DETAIL_FIELDS.handwrittenNote] = "on";
  return fields;
}

/** The history's names for the details, in the editor's order, with each one's value as one line. */
export const DETAIL_HISTORY: ReadonlyArray<readonly [string, (details: ProductDetails) => string | null]> = [
  [
    "Branding",
    ({ branding }) =>
      // In the shop's order of methods, as the editor ticks them: a save that only reorders changes nothing.
      `${BRANDING_METHOD_IDS.filter((method) => branding.methods.includes(method))
        .map((method) => BRANDING_METHODS[method])
        .join(", ")} (starts on ${BRANDING_METHODS[branding.default]})`,
  ],
  [
    "Customisations",
    (d) => d.customizationOptions.map((o) => (o.subtitle ? `${o.title} | ${o.subtitle}` : o.title)).join("; ") || null,
  ],
  ["Panel colour", (d) => d.customizationTheme],
  ["Handwritten note", (d) => (d.allowHandwrittenNote ? "offered" : "not offered")],
  ["Features", (d) => d.features.join("; ") || null],
  ["Good for", (d) => d.goodFor.join("; ") || null],
  ["Specifications", (d) => d.specifications.map((s) => `${s.label}: ${s.value}`).join("; ") || null],
  [
    "Sizes",
    (d) =>
      d.sizingTable?.rows.map((r) => [r.size, r.height, r.weight, r.waist, r.length].join(" | ")).join("; ") || null,
  ],
  ["Sizing note", (d) => d.sizingTable?.note || null],
  ["Shipping text", (d) => d.shippingInfo],
  ["Courier cost per unit", (d) => formatPence(d.shippingPerUnitPence)],
  ["Set-up fees and surcharges", (d) => (d.charges ?? []).map(chargeLine).join("; ") || null],
];
