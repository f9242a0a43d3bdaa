/**
 * The categories as staff run them (docs/decisions/068-categories-are-data.md): a name and a URL
 * name read from the back office's form and checked in one place, the refusal of a deletion while
 * products hold the category, and a move up or down the operator's order.
 */
import { CATEGORY_MENUS, type Category, type CategoryMenu } from "~/catalogue/types";
import { oneOf } from "../core/one-of";

/** What a category's fields may hold: a name fits a menu and a home card, a URL name an address. */
export const CATEGORY_LIMITS = { name: 40, slug: 60, categories: 60 } as const;

/**
 * URL names kept for what /products/<slug> could otherwise mean: "all" reads as All Products, the
 * others as pages the shop may grow. A product's number never collides: it lives under /product/.
 */
export const RESERVED_CATEGORY_SLUGS = ["all", "new", "search", "sale", "product", "products", "category"] as const;

/** Where the menus link a category, as the form offers it. */
export const MENU_LABELS: Record<CategoryMenu, string> = {
  header: "Header and small-screen menu",
  drawer: "Small-screen menu only",
  none: "Neither menu",
};

const countText = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export const CATEGORY_MESSAGES = {
  fix: "Check the highlighted fields.",
  nameEmpty: "Enter the category's name.",
  nameLong: `Keep the name to ${CATEGORY_LIMITS.name} characters.`,
  nameTaken: (name: string) => `There is already a category called "${name}". Choose another name.`,
  slugEmpty: "Enter a URL name.",
  slugLong: `Keep the URL name to ${CATEGORY_LIMITS.slug} characters.`,
  slugFormat: "Use lower-case letters, digits and single hyphens, such as water-bottles.",
  slugReserved: (slug: string) => `"${slug}" is kept for the shop's own pages. Choose another URL name.`,
  slugTaken: (slug: string, name: string) => `${name} already uses the URL name "${slug}". Choose another.`,
  menu: "Choose where the menus link it.",
  notFound: "That category doesn't exist.",
  tooMany: `A shop can have at most ${CATEGORY_LIMITS.categories} categories.`,
  lastOne: "The shop needs at least one category, so its only one cannot be deleted.",
  first: (name: string) => `${name} is already first.`,
  last: (name: string) => `${name} is already last.`,
  /** "Hats has 2 products (1 published, 1 archived): move them to another category before deleting it." */
  hasProducts: (name: string, counts: ProductCounts) => {
    const total = counts.published + counts.draft + counts.archived;
    const parts = (["published", "draft", "archived"] as const)
      .filter((status) => counts[status] > 0)
      .map((status) => `${counts[status]} ${status === "draft" ? "draft" : status}`);
    const them = total === 1 ? "it" : "them";
    return `${name} has ${countText(total, "product")} (${parts.join(", ")}): move ${them} to another category before deleting it.`;
  },
} as const;

/** How many products a category holds, of each status. */
export type ProductCounts = { published: number; draft: number; archived: number };

/** A category's fields as the form gives them, checked. */
export type CategoryInput = { name: string; slug: string; menu: CategoryMenu };

export type CategoryCheck =
  | { ok: true; value: CategoryInput }
  | { ok: false; message: string; fieldErrors: Partial<Record<keyof CategoryInput, string>> };

/** A name's URL name: "Water Bottles & Flasks" → "water-bottles-flasks"; accents are dropped, not lost. */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .slice(0, CATEGORY_LIMITS.slug)
    .trim()
    .replace(/ /g, "-");
}

const isMenu = oneOf(CATEGORY_MENUS);
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const isReserved = oneOf(RESERVED_CATEGORY_SLUGS);

/**
 * The form's `name`, `slug` and `menu` read and checked against the shop's `others` (every
 * category but the one being changed): a name of 1–40 characters no other category has, in any
 * case; a URL name of lower-case letters, digits and single hyphens, not reserved and no other's.
 * A new category's empty URL name is made from its name; a renamed one keeps the one typed, so
 * its address changes only when the operator changes it.
 */
export function readCategoryForm(
  fields: Readonly<Record<string, string | undefined>>,
  others: readonly Pick<Category, "name" | "slug">[],
  options: { slugFromName: boolean },
): CategoryCheck {
  const fieldErrors: Partial<Record<keyof CategoryInput, string>> = {};
  // Control characters (a pasted tab, a NUL) are spaces; runs of spaces one.
  const name = (fields.name ?? "")
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (name === "") fieldErrors.name = CATEGORY_MESSAGES.nameEmpty;
  else if (name.length > CATEGORY_LIMITS.name) fieldErrors.name = CATEGORY_MESSAGES.nameLong;
  else {
    const clash = others.find((other) => other.name.toLowerCase() === name.toLowerCase());
    if (clash) fieldErrors.name = CATEGORY_MESSAGES.nameTaken(clash.name);
  }
  const typed = (fields.slug ?? "").trim().toLowerCase();
  const slug = typed === "" && options.slugFromName ? slugFromName(name) : typed;
  if (slug === "") {
    // A new category's name says what is wrong when it is empty; a name of no letters or digits makes no URL name.
    if (!options.slugFromName) fieldErrors.slug = CATEGORY_MESSAGES.slugEmpty;
    else if (name !== "") fieldErrors.slug = CATEGORY_MESSAGES.slugFormat;
  } else if (slug.length > CATEGORY_LIMITS.slug) fieldErrors.slug = CATEGORY_MESSAGES.slugLong;
  else if (!SLUG.test(slug)) fieldErrors.slug = CATEGORY_MESSAGES.slugFormat;
  else if (isReserved(slug)) fieldErrors.slug = CATEGORY_MESSAGES.slugReserved(slug);
  else {
    const owner = others.find((other) => other.slug === slug);
    if (owner) fieldErrors.slug = CATEGORY_MESSAGES.slugTaken(slug, owner.name);
  }
  const menu = fields.menu ?? "none";
  if (!isMenu(menu)) fieldErrors.menu = CATEGORY_MESSAGES.menu;
  if (Object.keys(fieldErrors).length > 0 || !isMenu(menu)) {
    return { ok: false, message: CATEGORY_MESSAGES.fix, fieldErrors };
  }
  return { ok: true, value: { name, slug, menu } };
}

/** Why a category cannot be deleted, or null when it can: no product, of any status, holds it. */
export function deleteRefusal(name: string, counts: ProductCounts, categories: number): string | null {
  if (counts.published + counts.draft + counts.archived > 0) return CATEGORY_MESSAGES.hasProducts(name, counts);
  return categories <= 1 ? CATEGORY_MESSAGES.lastOne : null;
}

export type MoveDirection = "up" | "down";
export const isMoveDirection = oneOf<MoveDirection>(["up", "down"]);

/**
 * The operator's order with `id` one place up (earlier) or down (later), or null when it is
 * already first or last, or not in the order.
 */
export function moveInOrder(ids: readonly string[], id: string, direction: MoveDirection): string[] | null {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  order[from] = ids[to]!;
  order[to] = id;
  return order;
}

/** A category's fields as the history records them, field by field, when they change. */
export function categoryChanges(
  before: CategoryInput,
  after: CategoryInput,
): { field: string; oldValue: string; newValue: string }[] {
  const fields = [
    ["Name", before.name, after.name],
    ["URL name", before.slug, after.slug],
    ["Menus", MENU_LABELS[before.menu], MENU_LABELS[after.menu]],
  ] as const;
  return fields.flatMap(([field, oldValue, newValue]) =>
    oldValue === newValue ? [] : [{ field, oldValue, newValue }],
  );
}
