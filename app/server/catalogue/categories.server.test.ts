/**
 * Staff's changes to the categories and what buyers see of them (docs/decisions/068-categories-are-data.md),
 * on the test database: the seed is the spec's six, a rename carries the products, an old address
 * redirects, a hidden category's page is not found, a category with products is not deleted.
 */
import { eq, notInArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { catalogueVersion, categories, categoryChanges, categorySlugRedirects, products } from "#db/schema";
import { SPEC_CATEGORIES } from "~/catalogue/categories";
import { CATEGORY_MESSAGES } from "~/domain/catalogue/category-rules";
import { parseShelfQuery } from "~/domain/catalogue/shelf-query";
import { loader as rootLoader } from "~/root";
import { loader as productsLoader } from "~/routes/products";
import { answerOf } from "../../../tests/setup/route-answer";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { siteRequest } from "../../../tests/setup/users";
import { searchShelf } from "./catalogue-search.server";
import { forgetCatalogue, readCatalogue } from "./catalogue-store.server";
import {
  categoriesForAdmin,
  createCategory,
  deleteCategory,
  moveCategory,
  setCategoryHidden,
  updateCategory,
} from "./categories.server";

const handle = testFileDatabase({ reset: false });
const staffId = "staff-1";

/** The seed's ids, by slug. */
let ids: Record<string, string> = {};
const id = (slug: string) => ids[slug] ?? "";

beforeAll(async () => {
  const rows = await handle.db.select({ id: categories.id, slug: categories.slug }).from(categories);
  ids = Object.fromEntries(rows.map((row) => [row.slug, row.id]));
});

/** The shop's categories put back as the spec has them, after each test. */
afterEach(async () => {
  await handle.db.transaction(async (tx) => {
    await tx.delete(categories).where(notInArray(categories.id, Object.values(ids)));
    for (const [index, category] of SPEC_CATEGORIES.entries())
      await tx
        .update(categories)
        .set({ name: category.name, slug: category.slug, menu: category.menu, hidden: false, position: index + 1 })
        .where(eq(categories.id, id(category.slug)));
    await tx.delete(categorySlugRedirects);
    await tx.delete(categoryChanges);
    await tx.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
  });
  forgetCatalogue(handle.db);
});

const page = (path: string, params: Record<string, string> = {}) =>
  answerOf(productsLoader, { request: siteRequest(path), params, ctx: testContext(handle) });
const promoted = async () =>
  (
    (await answerOf(rootLoader, { request: siteRequest("/"), ctx: testContext(handle) })).body as {
      shopCategories: { slug: string }[];
    }
  ).shopCategories.map((category) => category.slug);

describe("the categories a shop starts with", () => {
  it("are the spec's six in its order (R-CAT-05), linked where SPEC.md §2 links them", async () => {
    const { categories: read } = await readCatalogue(handle.db);
    expect(read.map(({ id: _id, ...category }) => category)).toEqual(SPEC_CATEGORIES);
    expect(await promoted()).toEqual(["office-essentials", "other", "apparel", "hats"]);
  });
});

describe("staff add, rename, move, hide and delete a category", () => {
  it("adds one last in the order, recorded, whose page answers while buyers' menus wait for its products", async () => {
    const before = (await readCatalogue(handle.db)).version;
    const made = await createCategory(handle.db, {
      staffId,
      category: { name: "Tech Gifts", slug: "tech-gifts", menu: "header" },
    });
    expect(made.ok).toBe(true);
    const catalogue = await readCatalogue(handle.db);
    expect(catalogue.version).toBe(before + 1);
    expect(catalogue.categories.at(-1)).toMatchObject({ name: "Tech Gifts", slug: "tech-gifts", hidden: false });
    expect((await page("/products/tech-gifts", { category: "tech-gifts" })).status).toBe(200);
    expect(await promoted()).not.toContain("tech-gifts");
    const { history } = await categoriesForAdmin(handle.db);
    expect(history[0]).toMatchObject({
      category: "Tech Gifts",
      field: "Created",
      newValue: "Tech Gifts (/products/tech-gifts)",
    });
  });

  it("refuses a name or URL name another category has, saying which", async () => {
    expect(
      await createCategory(handle.db, { staffId, category: { name: "hats", slug: "caps", menu: "none" } }),
    ).toMatchObject({ ok: false, status: 409, fieldErrors: { name: CATEGORY_MESSAGES.nameTaken("Hats") } });
    expect(
      await updateCategory(handle.db, {
        staffId,
        categoryId: id("bags"),
        category: { name: "Bags", slug: "hats", menu: "none" },
      }),
    ).toMatchObject({ ok: false, fieldErrors: { slug: CATEGORY_MESSAGES.slugTaken("hats", "Hats") } });
  });

  it("renames one: its products follow at once, in the catalogue and its search, and its address stays", async () => {
    const renamed = await updateCategory(handle.db, {
      staffId,
      categoryId: id("hats"),
      category: { name: "Caps & Beanies", slug: "hats", menu: "header" },
    });
    expect(renamed).toEqual({ ok: true, changed: 1 });
    const catalogue = await readCatalogue(handle.db);
    expect(catalogue.products.find((product) => product.id === "8")?.category).toBe("Caps & Beanies");
    const [cap] = await handle.db.select({ category: products.category }).from(products).where(eq(products.id, "8"));
    expect(cap?.category).toBe("Caps & Beanies");
    const query = parseShelfQuery(new URLSearchParams("search=beanies"));
    expect((await searchShelf(handle.db, { query, category: null, version: catalogue.version })).ids).toEqual(["8"]);
    const shown = await page("/products/hats", { category: "hats" });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ category: { name: "Caps & Beanies" }, total: 1 });
  });

  it("changes its address: the old one answers 301 with the new, with the buyer's query, and a rename back undoes it", async () => {
    await updateCategory(handle.db, {
      staffId,
      categoryId: id("hats"),
      category: { name: "Hats", slug: "caps", menu: "header" },
    });
    const old = await page("/products/hats?sort=moq", { category: "hats" });
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/products/caps?sort=moq");
    expect((await page("/products/caps", { category: "caps" })).status).toBe(200);
    await updateCategory(handle.db, {
      staffId,
      categoryId: id("hats"),
      category: { name: "Hats", slug: "hats", menu: "header" },
    });
    expect((await page("/products/hats", { category: "hats" })).status).toBe(200);
    expect((await page("/products/caps", { category: "caps" })).headers.get("Location")).toBe("/products/hats");
    // A new category may take a former address: the redirect gives way.
    await createCategory(handle.db, { staffId, category: { name: "Caps", slug: "caps", menu: "none" } });
    expect((await page("/products/caps", { category: "caps" })).status).toBe(200);
  });

  it("hides one: its page is not found and the menus leave it out, its products stay in All products; shown, it is back", async () => {
    expect(await setCategoryHidden(handle.db, { staffId, categoryId: id("hats"), hidden: true })).toEqual({ ok: true });
    expect((await page("/products/hats", { category: "hats" })).status).toBe(404);
    expect(await promoted()).toEqual(["office-essentials", "other", "apparel"]);
    const all = (await page("/products")).body as { products: { id: string }[]; categories: { slug: string }[] };
    expect(all.products.map((product) => product.id)).toContain("8");
    expect(all.categories.map((category) => category.slug)).not.toContain("hats");
    const { categories: listed } = await categoriesForAdmin(handle.db);
    expect(listed.find((category) => category.slug === "hats")).toMatchObject({ hidden: true });
    await setCategoryHidden(handle.db, { staffId, categoryId: id("hats"), hidden: false });
    expect((await page("/products/hats", { category: "hats" })).status).toBe(200);
    expect(await promoted()).toContain("hats");
  });

  it("moves one up or down the order the home grid, the menus and the listing follow, and says so at either end", async () => {
    expect(await moveCategory(handle.db, { staffId, categoryId: id("hats"), direction: "up" })).toEqual({
      ok: true,
      position: 5,
      of: 6,
    });
    // Past Bags, then past Apparel.
    expect(await moveCategory(handle.db, { staffId, categoryId: id("hats"), direction: "up" })).toMatchObject({
      position: 4,
    });
    expect(await promoted()).toEqual(["office-essentials", "other", "hats", "apparel"]);
    expect(await moveCategory(handle.db, { staffId, categoryId: id("drinkware"), direction: "up" })).toMatchObject({
      ok: false,
      status: 409,
      message: "Drinkware is already first.",
    });
    const { history } = await categoriesForAdmin(handle.db);
    expect(history[0]).toMatchObject({ category: "Hats", field: "Place", oldValue: "5 of 6", newValue: "4 of 6" });
  });

  it("refuses to delete a category with products, saying how many and what to do; deletes an empty one, recorded", async () => {
    await handle.db.update(products).set({ status: "archived" }).where(eq(products.id, "17"));
    try {
      expect(await deleteCategory(handle.db, { staffId, categoryId: id("other") })).toMatchObject({
        ok: false,
        status: 409,
        message: "Other has 1 product (1 archived): move it to another category before deleting it.",
      });
    } finally {
      await handle.db.update(products).set({ status: "published" }).where(eq(products.id, "17"));
    }
    const made = await createCategory(handle.db, { staffId, category: { name: "Gone", slug: "gone", menu: "none" } });
    if (!made.ok) throw new Error(made.message);
    expect(await deleteCategory(handle.db, { staffId, categoryId: made.id })).toEqual({ ok: true, name: "Gone" });
    expect((await page("/products/gone", { category: "gone" })).status).toBe(404);
    const { history, categories: left } = await categoriesForAdmin(handle.db);
    expect(left.map((category) => category.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(history[0]).toMatchObject({ category: "Gone", field: "Deleted", newValue: null });
    expect(await deleteCategory(handle.db, { staffId, categoryId: made.id })).toMatchObject({ status: 404 });
  });

  it("counts each category's products by status for the back office", async () => {
    const { categories: listed } = await categoriesForAdmin(handle.db);
    expect(listed.map((category) => [category.name, category.counts.published])).toEqual([
      ["Drinkware", 0],
      ["Office Essentials", 1],
      ["Other", 1],
      ["Apparel", 1],
      ["Bags", 0],
      ["Hats", 1],
    ]);
  });
});
