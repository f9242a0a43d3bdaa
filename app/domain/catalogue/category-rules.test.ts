/** The categories' form, deletion and order rules (docs/decisions/068-categories-are-data.md). */
import { describe, expect, it } from "vitest";
import { SPEC_CATEGORIES } from "~/catalogue/categories";
import {
  CATEGORY_LIMITS,
  CATEGORY_MESSAGES,
  categoryChanges,
  deleteRefusal,
  moveInOrder,
  readCategoryForm,
  slugFromName,
} from "./category-rules";

const create = (fields: Record<string, string>) => readCategoryForm(fields, SPEC_CATEGORIES, { slugFromName: true });
const others = SPEC_CATEGORIES.filter((category) => category.slug !== "hats");
const rename = (fields: Record<string, string>) => readCategoryForm(fields, others, { slugFromName: false });

describe("readCategoryForm", () => {
  it("makes a new category's URL name from its name when none is typed", () => {
    expect(create({ name: "  Water   Bottles & Flasks ", slug: "", menu: "drawer" })).toEqual({
      ok: true,
      value: { name: "Water Bottles & Flasks", slug: "water-bottles-flasks", menu: "drawer" },
    });
    expect(create({ name: "Cafés" })).toEqual({ ok: true, value: { name: "Cafés", slug: "cafes", menu: "none" } });
  });

  it("keeps a renamed category's URL name as typed, and asks for one when it is emptied", () => {
    expect(rename({ name: "Caps & Hats", slug: "hats", menu: "header" })).toEqual({
      ok: true,
      value: { name: "Caps & Hats", slug: "hats", menu: "header" },
    });
    expect(rename({ name: "Caps & Hats", slug: "", menu: "header" })).toMatchObject({
      ok: false,
      fieldErrors: { slug: CATEGORY_MESSAGES.slugEmpty },
    });
  });

  it("refuses an empty or too long name, and one another category has in any case", () => {
    expect(create({ name: " \t " })).toEqual({
      ok: false,
      message: CATEGORY_MESSAGES.fix,
      fieldErrors: { name: CATEGORY_MESSAGES.nameEmpty },
    });
    expect(create({ name: "x".repeat(CATEGORY_LIMITS.name + 1) })).toMatchObject({
      fieldErrors: { name: `Keep the name to ${CATEGORY_LIMITS.name} characters.` },
    });
    expect(create({ name: "hats", slug: "caps" })).toMatchObject({
      fieldErrors: { name: 'There is already a category called "Hats". Choose another name.' },
    });
    // The category being renamed is not among the others: it may keep its own name.
    expect(rename({ name: "Hats", slug: "hats", menu: "none" }).ok).toBe(true);
  });

  it("refuses a URL name that is malformed, too long, reserved or another category's", () => {
    for (const slug of ["caps--hats", "-caps", "caps_hats", "caps/hats", "caps hats"])
      expect(create({ name: "Caps", slug }), slug).toMatchObject({
        fieldErrors: { slug: CATEGORY_MESSAGES.slugFormat },
      });
    expect(create({ name: "Caps", slug: "a".repeat(CATEGORY_LIMITS.slug + 1) })).toMatchObject({
      fieldErrors: { slug: CATEGORY_MESSAGES.slugLong },
    });
    expect(create({ name: "All" })).toMatchObject({
      fieldErrors: { slug: '"all" is kept for the shop\'s own pages. Choose another URL name.' },
    });
    expect(create({ name: "Caps", slug: "hats" })).toMatchObject({
      fieldErrors: { slug: 'Hats already uses the URL name "hats". Choose another.' },
    });
    expect(create({ name: "£££" })).toMatchObject({ fieldErrors: { slug: CATEGORY_MESSAGES.slugFormat } });
  });

  it("reads a NUL or a tab in a name as a space, and refuses a menu the shop does not have", () => {
    expect(create({ name: "Tech\u0000Gifts" })).toMatchObject({ ok: true, value: { name: "Tech Gifts" } });
    expect(create({ name: "Tech", menu: "footer" })).toMatchObject({ fieldErrors: { menu: CATEGORY_MESSAGES.menu } });
  });
});

describe("slugFromName", () => {
  it("writes lower-case words joined by single hyphens, within the limit", () => {
    expect(slugFromName("Office Essentials")).toBe("office-essentials");
    expect(slugFromName("  T-Shirts -- & Tops!! ")).toBe("t-shirts-tops");
    expect(slugFromName("Ünïcödé SStuff")).toBe("unicode-sstuff");
    expect(slugFromName(`${"word ".repeat(30)}`).length).toBeLessThanOrEqual(CATEGORY_LIMITS.slug);
    expect(slugFromName(`${"word ".repeat(30)}`)).not.toMatch(/-$/);
  });
});

describe("deleteRefusal", () => {
  it("refuses while any product of any status holds the category, saying how many and what to do", () => {
    expect(deleteRefusal("Hats", { published: 1, draft: 0, archived: 1 }, 6)).toBe(
      "Hats has 2 products (1 published, 1 archived): move them to another category before deleting it.",
    );
    expect(deleteRefusal("Bags", { published: 0, draft: 1, archived: 0 }, 6)).toBe(
      "Bags has 1 product (1 draft): move it to another category before deleting it.",
    );
  });

  it("lets an empty category go, unless it is the shop's only one", () => {
    expect(deleteRefusal("Bags", { published: 0, draft: 0, archived: 0 }, 6)).toBeNull();
    expect(deleteRefusal("Bags", { published: 0, draft: 0, archived: 0 }, 1)).toBe(CATEGORY_MESSAGES.lastOne);
  });
});

describe("moveInOrder", () => {
  const ids = ["a", "b", "c"];
  it("swaps a category with its neighbour", () => {
    expect(moveInOrder(ids, "b", "up")).toEqual(["b", "a", "c"]);
    expect(moveInOrder(ids, "b", "down")).toEqual(["a", "c", "b"]);
    expect(ids).toEqual(["a", "b", "c"]);
  });

  it("moves nothing past either end, nor a category not in the order", () => {
    expect(moveInOrder(ids, "a", "up")).toBeNull();
    expect(moveInOrder(ids, "c", "down")).toBeNull();
    expect(moveInOrder(ids, "z", "up")).toBeNull();
  });
});

describe("categoryChanges", () => {
  it("records each changed field as the operator would say it", () => {
    const before = { name: "Hats", slug: "hats", menu: "header" as const };
    expect(categoryChanges(before, before)).toEqual([]);
    expect(categoryChanges(before, { name: "Caps", slug: "caps", menu: "none" })).toEqual([
      { field: "Name", oldValue: "Hats", newValue: "Caps" },
      { field: "URL name", oldValue: "hats", newValue: "caps" },
      { field: "Menus", oldValue: "Header and small-screen menu", newValue: "Neither menu" },
    ]);
  });
});
