/**
 * A product's fields as staff edit them in the back office (docs/decisions/066-catalogue-is-data.md):
 * read from the editor's form and checked in one place, by the page as the operator types and by
 * the server before it saves, and compared with what was saved so each change is recorded as the
 * operator would say it ("Price bands: 50–99 £5.50; 100+ £5.00 → …").
 */
import { z } from "zod";
import { type ColourOption, PRODUCT_TAGS, type ProductTag, type StoredProduct } from "~/catalogue/types";
import { formatPence, poundsToPence } from "../core/money";
import { checkTierTable, type TierRow, tierRowLabel, tierRowsOf } from "../pricing/tier-table";
import {
  DETAIL_HISTORY,
  detailsFields,
  NEW_PRODUCT_DETAILS,
  type ProductDetails,
  readDetailsEdit,
} from "./product-details-edit";

/** What each field may hold: enough for a supplier's longest title, not for a pasted catalogue. */
export const PRODUCT_LIMITS = {
  title: 120,
  slug: 80,
  sku: 64,
  description: 4000,
  leadTime: 60,
  deliveryTime: 60,
  moq: 100_000,
  /** The largest quantity a band may name. */
  quantity: 1_000_000,
  /** The dearest unit price, in pounds: a typo of £55,000 a cap is refused, not sold. */
  unitPounds: 10_000,
  colourName: 40,
  colours: 30,
} as const;

/** Everything the editor changes, as it is saved. */
export type ProductEdit = {
  title: string;
  slug: string;
  sku: string | null;
  description: string;
  /** The name of one of the shop's categories (docs/decisions/068-categories-are-data.md). */
  category: string;
  moq: number;
  leadTime: string;
  deliveryTime: string;
  tags: ProductTag[];
  tiers: TierRow[];
  /** The colours it is made in, in the order the swatches show them. */
  colours: ColourOption[];
  /** Its lists and tables: branding, customisations, features, specifications, sizes, shipping. */
  details: ProductDetails;
};

export const EDIT_MESSAGES = {
  notFound: "That product doesn't exist.",
  changed:
    "Someone saved this product since you opened it. Your changes are still in the form: reload the page in another tab to see theirs, then save again.",
  slugTaken: (slug: string) => `Another product already uses the URL name "${slug}". Choose another.`,
  categoryGone: (name: string) => `The category "${name}" was deleted while you were editing. Choose another.`,
  fix: "Check the highlighted fields.",
} as const;

/** Who the history says made a change no member of staff made: the demo seed (`npm run seed:demo`). */
export const DEMO_SEED = { id: "seed:demo", name: "The demo seed (npm run seed:demo)" } as const;

/** Product ids are the spec's numbers and the ones after them: anything else in an address is no product. */
export const isProductId = (id: string): boolean => /^[\w-]{1,64}$/.test(id);

/** A band's fields in the form: `tier-0-from`, `tier-0-to`, `tier-0-price`. */
export const tierField = (index: number, field: "from" | "to" | "price") => `tier-${index}-${field}`;
/** A colour's fields in the form: `colour-0-name`, `colour-0-hex`. */
export const colourField = (index: number, field: "name" | "hex") => `colour-${index}-${field}`;
/** A tag's checkbox in the form. */
export const tagField = (tag: ProductTag) => `tag-${tag}`;

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `Keep the ${label} to ${max.toLocaleString("en-GB")} characters.`);

const CHOOSE_CATEGORY = "Choose a category from the list.";

const fieldsSchema = z.object({
  title: text("title", PRODUCT_LIMITS.title),
  slug: z
    .string({ error: "Enter a URL name." })
    .trim()
    .toLowerCase()
    .min(1, "Enter a URL name.")
    .max(PRODUCT_LIMITS.slug, `Keep the URL name to ${PRODUCT_LIMITS.slug} characters.`)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens, such as steel-bottle.")
    // A product's number also opens its page, so a URL name of digits alone could point at another product.
    .regex(/[a-z]/, "A URL name needs a letter, so it can't be mistaken for a product number."),
  sku: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.sku, `Keep the supplier reference to ${PRODUCT_LIMITS.sku} characters.`)
    .default("")
    .transform((sku) => sku || null),
  description: text("description", PRODUCT_LIMITS.description),
  category: z.string({ error: CHOOSE_CATEGORY }).trim().min(1, CHOOSE_CATEGORY),
  moq: z
    .string({ error: "Enter the minimum order." })
    .trim()
    .regex(/^\d{1,6}$/, "Enter the minimum order as a whole number of units.")
    .transform(Number)
    .refine((moq) => moq >= 1 && moq <= PRODUCT_LIMITS.moq, {
      message: `Enter a minimum order from 1 to ${PRODUCT_LIMITS.moq.toLocaleString("en-GB")}.`,
    }),
  leadTime: text("lead time", PRODUCT_LIMITS.leadTime),
  deliveryTime: text("delivery time", PRODUCT_LIMITS.deliveryTime),
});

type RawBand = { index: number; from: string; to: string; price: string };

/** The bands the form holds, in its order; rows left wholly empty are not bands. */
function bandsOf(fields: Record<string, string>): RawBand[] {
  const indexes = new Set<number>();
  for (const name of Object.keys(fields)) {
    const match = /^tier-(\d{1,3})-(from|to|price)$/.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => ({
      index,
      from: (fields[tierField(index, "from")] ?? "").trim(),
      to: (fields[tierField(index, "to")] ?? "").trim(),
      price: (fields[tierField(index, "price")] ?? "").trim().replace(/^£/, ""),
    }))
    .filter((band) => band.from !== "" || band.to !== "" || band.price !== "");
}

const WHOLE = /^\d{1,7}$/;
const POUNDS = /^\d{1,5}(\.\d{1,2})?$/;

/** A band as typed, or what is wrong with its fields; `n` is its place among the bands. */
function bandOf(band: RawBand, n: number): { row: TierRow } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const wholeOrNaN = (value: string) =>
    WHOLE.test(value) && Number(value) <= PRODUCT_LIMITS.quantity ? Number(value) : Number.NaN;
  const from = wholeOrNaN(band.from);
  if (Number.isNaN(from)) {
    errors[tierField(band.index, "from")] =
      `Band ${n}: "from" must be a whole number of units, up to ${PRODUCT_LIMITS.quantity.toLocaleString("en-GB")}.`;
  }
  const to = band.to === "" ? null : wholeOrNaN(band.to);
  if (to !== null && Number.isNaN(to)) {
    errors[tierField(band.index, "to")] = `Band ${n}: "to" must be a whole number of units, or empty for an open band.`;
  }
  const pence = POUNDS.test(band.price) ? poundsToPence(Number(band.price)) : Number.NaN;
  if (Number.isNaN(pence) || pence > PRODUCT_LIMITS.unitPounds * 100) {
    errors[tierField(band.index, "price")] =
      `Band ${n}: enter the unit price in pounds, such as 5.50, up to £${PRODUCT_LIMITS.unitPounds.toLocaleString("en-GB")}.`;
  }
  return Object.keys(errors).length > 0 ? { errors } : { row: { from, to, unitPence: pence } };
}

/**
 * The colours the form holds, in its order (rows with no name are not colours), or what is wrong:
 * a name each, unique, of up to 40 characters, a colour as #rrggbb, at least one and at most 30.
 */
function coloursOf(fields: Record<string, string>): { colours: ColourOption[]; errors: Record<string, string> } {
  const indexes = new Set<number>();
  for (const name of Object.keys(fields)) {
    const match = /^colour-(\d{1,3})-(name|hex)$/.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  const errors: Record<string, string> = {};
  const colours: ColourOption[] = [];
  const seen = new Set<string>();
  for (const index of [...indexes].sort((a, b) => a - b)) {
    const name = (fields[colourField(index, "name")] ?? "").trim();
    if (name === "") continue;
    const hex = (fields[colourField(index, "hex")] ?? "").trim().toLowerCase();
    const n = colours.length + 1;
    if (name.length > PRODUCT_LIMITS.colourName) {
      errors[colourField(index, "name")] = `Colour ${n}: keep its name to ${PRODUCT_LIMITS.colourName} characters.`;
    } else if (seen.has(name.toLowerCase())) {
      errors[colourField(index, "name")] = `Colour ${n}: "${name}" is already a colour of this product.`;
    }
    if (!/^#[0-9a-f]{6}$/.test(hex))
      errors[colourField(index, "hex")] = `Colour ${n}: choose its colour, such as #1f2a56.`;
    seen.add(name.toLowerCase());
    colours.push({ name, hex });
  }
  if (colours.length === 0) errors.colours = "Add at least one colour.";
  else if (colours.length > PRODUCT_LIMITS.colours) {
    errors.colours = `A product can have at most ${PRODUCT_LIMITS.colours} colours.`;
  }
  return { colours, errors };
}

export type EditCheck =
  | { ok: true; edit: ProductEdit; warnings: string[] }
  | { ok: false; message: string; fieldErrors: Record<string, string>; warnings: string[] };

/**
 * The editor's form read and checked: each field on its own, then the bands as a table against the
 * minimum order (checkTierTable). Field errors are keyed by the form's field names (`tiers` for the
 * table as a whole); warnings do not stop a save. `categories` are the names of the shop's
 * categories, hidden ones too: the category must be one of them (decision 068).
 */
export function readProductEdit(fields: Record<string, string>, categories: readonly string[]): EditCheck {
  const parsed = fieldsSchema.safeParse(fields);
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "form");
      fieldErrors[name] ??= issue.message;
    }
  }
  if (!categories.includes((fields.category ?? "").trim())) fieldErrors.category ??= CHOOSE_CATEGORY;
  const bands = bandsOf(fields);
  const rows: TierRow[] = [];
  bands.forEach((band, position) => {
    const read = bandOf(band, position + 1);
    if ("errors" in read) Object.assign(fieldErrors, read.errors);
    else rows.push(read.row);
  });
  let warnings: string[] = [];
  // The table is judged once every band reads, against the minimum order when that reads too.
  if (rows.length === bands.length && parsed.success) {
    const table = checkTierTable(rows, parsed.data.moq);
    warnings = table.warnings;
    for (const problem of table.problems) {
      const band = problem.row === null ? undefined : bands[problem.row - 1];
      const name =
        band && problem.field
          ? tierField(band.index, problem.field === "unitPence" ? "price" : problem.field)
          : "tiers";
      fieldErrors[name] ??= problem.message;
    }
  } else if (bands.length === 0) {
    fieldErrors.tiers = "Add at least one price band.";
  }
  const { colours, errors: colourErrors } = coloursOf(fields);
  Object.assign(fieldErrors, colourErrors);
  const { details, errors: detailErrors } = readDetailsEdit(fields);
  Object.assign(fieldErrors, detailErrors);
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    return { ok: false, message: EDIT_MESSAGES.fix, fieldErrors, warnings };
  }
  const tags = PRODUCT_TAGS.filter((tag) => fields[tagField(tag)] === "on");
  return { ok: true, edit: { ...parsed.data, tags, tiers: rows, colours, details }, warnings };
}

/** The bands as one line: "50–99 £5.50; 100–399 £5.20; 400+ £4.80". */
export function tiersText(rows: readonly TierRow[]): string {
  return rows.map((row) => `${tierRowLabel(row)} ${formatPence(row.unitPence)}`).join("; ");
}

const FIELD_NAMES: Record<Exclude<keyof ProductEdit, "details">, string> = {
  title: "Title",
  slug: "URL name",
  sku: "Supplier reference",
  description: "Description",
  category: "Category",
  moq: "Minimum order",
  leadTime: "Lead time",
  deliveryTime: "Delivery time",
  tags: "Tags",
  tiers: "Price bands",
  colours: "Colours",
};

/** How a field's value is written in the history: text as it is, numbers in digits, lists joined. */
function valueText(field: Exclude<keyof ProductEdit, "details">, edit: ProductEdit): string | null {
  if (field === "tiers") return tiersText(edit.tiers);
  // In the shop's order of tags, as the editor ticks them: a save that only reorders changes nothing.
  if (field === "tags") return PRODUCT_TAGS.filter((tag) => edit.tags.includes(tag)).join(", ") || null;
  if (field === "colours") return edit.colours.map((colour) => `${colour.name} ${colour.hex}`).join("; ") || null;
  const value = edit[field];
  return value === null ? null : String(value);
}

export type FieldChange = { field: string; oldValue: string | null; newValue: string | null };

/** What an edit changes, field by field in the editor's order, as the history records it. */
export function changesBetween(before: ProductEdit, after: ProductEdit): FieldChange[] {
  const fields = (Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]).map(
    (field) => [FIELD_NAMES[field], (edit: ProductEdit) => valueText(field, edit)] as const,
  );
  const details = DETAIL_HISTORY.map(([name, text]) => [name, (edit: ProductEdit) => text(edit.details)] as const);
  return [...fields, ...details].flatMap(([field, text]) => {
    const oldValue = text(before);
    const newValue = text(after);
    return oldValue === newValue ? [] : [{ field, oldValue, newValue }];
  });
}

/** The editor's fields for a product as saved: what its form starts with. */
export function editFields(edit: ProductEdit): Record<string, string> {
  const fields: Record<string, string> = {
    ...detailsFields(edit.details),
    title: edit.title,
    slug: edit.slug,
    sku: edit.sku ?? "",
    description: edit.description,
    category: edit.category,
    moq: String(edit.moq),
    leadTime: edit.leadTime,
    deliveryTime: edit.deliveryTime,
  };
  for (const tag of edit.tags) fields[tagField(tag)] = "on";
  edit.colours.forEach((colour, index) => {
    fields[colourField(index, "name")] = colour.name;
    fields[colourField(index, "hex")] = colour.hex;
  });
  edit.tiers.forEach((row, index) => {
    fields[tierField(index, "from")] = String(row.from);
    fields[tierField(index, "to")] = row.to === null ? "" : String(row.to);
    fields[tierField(index, "price")] = (row.unitPence / 100).toFixed(2);
  });
  return fields;
}

/**
 * The form a new product starts with: no texts, bands or colours yet, the shop's usual details,
 * and the category it was started from when that is one of `categories` (the shop's names), else
 * Other while the shop has it, else none, so the operator picks one.
 */
export function newProductFields(category: string | null, categories: readonly string[]): Record<string, string> {
  const chosen = categories.find((name) => name === category) ?? categories.find((name) => name === "Other") ?? "";
  return { ...detailsFields(NEW_PRODUCT_DETAILS), category: chosen };
}

/** A product of the catalogue as the editor would save it: what an import compares a row with. */
export function editOf(product: StoredProduct): ProductEdit {
  return {
    title: product.title,
    slug: product.slug,
    sku: product.sku,
    description: product.description,
    category: product.category,
    moq: product.moq,
    leadTime: product.leadTime,
    deliveryTime: product.deliveryTime,
    tags: product.tags,
    tiers: tierRowsOf(product.tiers),
    colours: product.colours.map(({ name, hex }) => ({ name, hex })),
    details: {
      branding: product.branding,
      customizationTheme: product.customizationTheme,
      allowHandwrittenNote: product.allowHandwrittenNote,
      customizationOptions: product.customizationOptions,
      features: product.features,
      goodFor: product.goodFor,
      specifications: product.specifications,
      shippingInfo: product.shippingInfo,
      shippingPerUnitPence: product.shippingPerUnitPence,
      ...(product.sizingTable ? { sizingTable: product.sizingTable } : {}),
    },
  };
}
