/**
 * Favourites, the shopping list and the cart as the server checks them: how a line is added or
 * replaced (R-FAV-01, R-SL-02, R-CART-06) and the schemas their actions parse, against the products
 * on sale that the caller read (docs/decisions/066). zod lives here, not in cart-rules.ts, so pages
 * that only show the cart's rules do not load it (decision 008).
 */
import { z } from "zod";
import type { ProductLookup } from "~/catalogue/lookup";
import { canAddToCart, FEEDBACK_MAX, NOTES_MAX } from "./cart-rules";
import { maxQuantity } from "../pricing/pricing";
import { type SizeCount, sizesMismatch, sizesShapeError } from "../pricing/sizes";
import { colourOf } from "~/catalogue/lookup";

/** R-FAV-01: toggling adds the id when absent and removes it when present. */
export function toggleFavourite(ids: readonly string[], productId: string): string[] {
  return ids.includes(productId) ? ids.filter((id) => id !== productId) : [...ids, productId];
}

export type ListItem = { productId: string; quantity: number; notes: string };

/** R-SL-02: an existing product gets the new quantity and notes; a new one is appended. */
export function addToList<T extends ListItem>(list: readonly T[], item: T): T[] {
  return list.some((i) => i.productId === item.productId)
    ? list.map((i) => (i.productId === item.productId ? { ...i, quantity: item.quantity, notes: item.notes } : i))
    : [...list, item];
}

const productIdOn = (products: ProductLookup) =>
  z
    .string()
    .trim()
    .max(100, "We don't sell that product.")
    .refine((id) => products(id) !== undefined, "We don't sell that product.");
const notes = z.string().trim().max(NOTES_MAX, `Notes can be at most ${NOTES_MAX} characters.`).default("");
/** Digits only: Number() would also take "0x32", "1e2" or " " (as 50, 100 and 0). */
const quantityText = z
  .string({ error: "Enter a whole number." })
  .trim()
  .max(9, { message: "Enter a whole number.", abort: true })
  .regex(/^\d{1,9}$/, "Enter a whole number.")
  .transform(Number);

/** Quantities outside [MOQ, max] are refused by the server, never silently changed. */
const quantityInRange =
  (products: ProductLookup) =>
  <T extends { productId: string; quantity: number }>(value: T, ctx: z.RefinementCtx) => {
    const product = products(value.productId);
    if (!product) return;
    const max = maxQuantity(product.tiers);
    if (value.quantity < product.moq || value.quantity > max) {
      ctx.addIssue({
        code: "custom",
        path: ["quantity"],
        message: `Order between ${product.moq} and ${max.toLocaleString("en-GB")} of ${product.title}.`,
      });
    }
  };

const selections = z
  .string()
  .max(2000)
  .default("[]")
  .transform((text, ctx) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((v) => typeof v === "string")) return parsed as string[];
    } catch {
      // fall through to the issue below
    }
    ctx.addIssue({ code: "custom", message: "Customisations must be a list of option names." });
    return z.NEVER;
  });

/** A sized product's split as the product page posts it: JSON of [{ size, count }], [] for none. */
const sizesText = z
  .string()
  .max(2000)
  .default("[]")
  .transform((text, ctx) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (
        Array.isArray(parsed) &&
        parsed.length <= 20 &&
        parsed.every((v) => typeof v?.size === "string" && typeof v?.count === "number")
      ) {
        return (parsed as SizeCount[]).map(({ size, count }) => ({ size, count }));
      }
    } catch {
      // fall through to the issue below
    }
    ctx.addIssue({ code: "custom", message: "Sizes must be a list of sizes and counts." });
    return z.NEVER;
  });

/**
 * Sizes given with a cart line are the product's own and add up to its quantity; a line may come
 * without them (the shopping list, or a buyer who splits at step 2), and payment waits for them.
 */
const sizesFit =
  (products: ProductLookup) =>
  (line: { productId: string; quantity: number; sizes: SizeCount[] }, ctx: z.RefinementCtx) => {
    const product = products(line.productId);
    if (!product || line.sizes.length === 0) return;
    const problem = sizesShapeError(product, line.sizes) ?? sizesMismatch(product, line.sizes, line.quantity);
    if (problem) ctx.addIssue({ code: "custom", path: ["sizes"], message: problem });
  };

const handwrittenNote = z
  .enum(["true", "false"])
  .default("false")
  .transform((v) => v === "true");

type Choices = {
  productId: string;
  selectedColor: string;
  customizationSelections: string[];
  handwrittenNote: boolean;
};

/**
 * The colour, customisations and handwritten note must be the product's own. A cart line must also
 * be complete: a colour and at least one customisation (SPEC.md §5); a shopping-list line may
 * leave them for later, and the list asks for them before it goes to the cart.
 */
function choicesFit(products: ProductLookup, complete: boolean) {
  return (line: Choices, ctx: z.RefinementCtx) => {
    const product = products(line.productId);
    if (!product) return;
    const colourGiven = complete || line.selectedColor !== "";
    if (colourGiven && !colourOf(product, line.selectedColor)) {
      ctx.addIssue({ code: "custom", path: ["selectedColor"], message: "Choose one of this product's colours." });
    }
    const titles = product.customizationOptions.map((o) => o.title);
    if (line.customizationSelections.some((s) => !titles.includes(s))) {
      ctx.addIssue({
        code: "custom",
        path: ["customizationSelections"],
        message: "Choose from this product's customisations.",
      });
    } else if (
      complete &&
      !canAddToCart({
        colour: line.selectedColor,
        selections: line.customizationSelections,
        optionCount: titles.length,
      })
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["customizationSelections"],
        message: "Choose at least one customisation.",
      });
    }
    if (line.handwrittenNote && !product.allowHandwrittenNote) {
      ctx.addIssue({
        code: "custom",
        path: ["handwrittenNote"],
        message: "This product can't carry a handwritten note.",
      });
    }
  };
}

/** A list line's choices, as the product page and the row's editor post them; none chosen is '' and []. */
const listChoices = {
  selectedColor: z.string().trim().max(20).default(""),
  customizationSelections: selections,
  handwrittenNote,
};

/** The feedback box's text and the page it was written on. */
const feedback = z.object({
  intent: z.literal("feedback"),
  text: z
    .string()
    .trim()
    .min(1, "Write something first.")
    .max(FEEDBACK_MAX, `Feedback can be at most ${FEEDBACK_MAX} characters.`),
  page: z.string().max(500).default("/cart"),
});

/** The schemas of the favourites', the list's and the cart's actions, checking lines against `products`. */
function schemasFor(products: ProductLookup) {
  const productId = productIdOn(products);
  const inRange = quantityInRange(products);
  const favourite = z.object({ intent: z.literal("toggle"), productId });
  const list = z.discriminatedUnion("intent", [
    z
      .object({ intent: z.literal("add"), productId, quantity: quantityText, notes, ...listChoices })
      .superRefine(inRange)
      .superRefine(choicesFit(products, false)),
    z
      .object({
        intent: z.literal("update"),
        id: z.uuid("Unknown list item."),
        productId,
        quantity: quantityText,
        notes,
        ...listChoices,
      })
      .superRefine(inRange)
      .superRefine(choicesFit(products, false)),
    z.object({ intent: z.literal("remove"), id: z.uuid("Unknown list item.") }),
    z.object({ intent: z.literal("clear") }),
    // "Add to cart" from one row, and "Add all to cart".
    z.object({ intent: z.literal("to-cart"), id: z.uuid("Unknown list item.") }),
    z.object({ intent: z.literal("all-to-cart") }),
  ]);
  /** Add to Cart, from the product page or the shopping list: the one way a line enters the cart. */
  const cartAdd = z
    .object({
      intent: z.literal("add"),
      productId,
      quantity: quantityText,
      selectedColor: z.string().trim().max(20),
      customizationSelections: selections,
      handwrittenNote,
      notes,
      sizes: sizesText,
    })
    .superRefine(inRange)
    .superRefine(choicesFit(products, true))
    .superRefine(sizesFit(products));
  const cart = z.discriminatedUnion("intent", [
    cartAdd,
    z
      .object({ intent: z.literal("update"), id: z.uuid("Unknown cart line."), productId, quantity: quantityText })
      .superRefine(inRange),
    z.object({ intent: z.literal("remove"), id: z.uuid("Unknown cart line.") }),
    z.object({ intent: z.literal("clear") }),
    // The need-by date to save for checkout, or "" to remove it; need-by.ts judges the date.
    z.object({ intent: z.literal("need-by"), needBy: z.string().max(40, "Enter a real date.") }),
    feedback,
  ]);
  return { favourite, list, cart, cartAdd };
}

export type ShoppingSchemas = ReturnType<typeof schemasFor>;

const built = new WeakMap<ProductLookup, ShoppingSchemas>();

/**
 * The action schemas for the products on sale `products` (readShelf's lookup): built once per
 * catalogue version, as the lookup is.
 */
export function shoppingSchemas(products: ProductLookup): ShoppingSchemas {
  const held = built.get(products);
  if (held) return held;
  const made = schemasFor(products);
  built.set(products, made);
  return made;
}

export type CartAction = z.infer<ShoppingSchemas["cart"]>;
export type ListAction = z.infer<ShoppingSchemas["list"]>;
export type CartLineInput = z.infer<ShoppingSchemas["cartAdd"]>;

/** A shopping-list row as it is kept, with the choices made on the product page. */
export type ListLine = ListItem & {
  selectedColor: string;
  customizationSelections: string[];
  handwrittenNote: boolean;
};

/**
 * A list row as the product page's Add to Cart posts it, checked by the cart's own schema: the one
 * way a line enters the cart, so the MOQ, price and choice rules are the same.
 */
export function listLineToCart(line: ListLine, products: ProductLookup) {
  return shoppingSchemas(products).cartAdd.safeParse({
    intent: "add",
    productId: line.productId,
    quantity: String(line.quantity),
    selectedColor: line.selectedColor,
    customizationSelections: JSON.stringify(line.customizationSelections),
    handwrittenNote: String(line.handwrittenNote),
    notes: line.notes,
  });
}
