/**
 * The categories' page called as the server calls it (docs/decisions/068-categories-are-data.md):
 * staff only, every refusal with its reason and what was typed, and the staff budgets' 429.
 */
import { notInArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { catalogueVersion, categories } from "#db/schema";
import { SPEC_CATEGORIES } from "~/catalogue/categories";
import { requireStaffBudget, STAFF_PAGE_LIMIT } from "~/server/accounts/admin-access.server";
import { forgetCatalogue } from "~/server/catalogue/catalogue-store.server";
import { answerOf } from "../../tests/setup/route-answer";
import { testContext, testFileDatabase } from "../../tests/setup/test-db";
import { createSignedInStaff, createSignedInUser, siteRequest } from "../../tests/setup/users";
import { action, loader } from "./admin.categories";

const handle = testFileDatabase();

afterEach(async () => {
  await handle.db.delete(categories).where(
    notInArray(
      categories.slug,
      SPEC_CATEGORIES.map((category) => category.slug),
    ),
  );
  await handle.db.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
  forgetCatalogue(handle.db);
});

const get = (cookie?: string) =>
  answerOf(loader, { request: siteRequest("/admin/categories", { cookie }), ctx: testContext(handle) });
const post = (form: Record<string, string>, cookie?: string) =>
  answerOf(action, { request: siteRequest("/admin/categories", { cookie, form }), ctx: testContext(handle) });

type Listed = { categories: { id: string; name: string; counts: { published: number } }[] };

describe("/admin/categories", () => {
  it("lists the categories in the shop's order with their products, for staff only", async () => {
    const staff = await createSignedInStaff(handle, "categories@swag.example");
    const page = await get(staff.cookie);
    expect(page.status).toBe(200);
    expect((page.body as Listed).categories.map((category) => [category.name, category.counts.published])).toEqual([
      ["Drinkware", 0],
      ["Office Essentials", 1],
      ["Other", 1],
      ["Apparel", 1],
      ["Bags", 0],
      ["Hats", 1],
    ]);
    const buyer = await createSignedInUser(handle, "buyer@example.com");
    expect((await get(buyer.cookie)).status).toBe(404);
    expect((await get()).status).toBe(404);
    expect((await post({ intent: "create", name: "Sneaky" }, buyer.cookie)).status).toBe(404);
  });

  it("adds a category, and refuses a taken name with the reason and what was typed", async () => {
    const staff = await createSignedInStaff(handle, "categories-add@swag.example");
    expect(await post({ intent: "create", name: "Tech Gifts", slug: "", menu: "drawer" }, staff.cookie)).toMatchObject({
      status: 200,
      body: { ok: true, intent: "create", message: expect.stringContaining("Tech Gifts is added") },
    });
    const typed = { intent: "create", name: "HATS", slug: "Bad Slug!", menu: "header" };
    expect(await post(typed, staff.cookie)).toMatchObject({
      status: 400,
      body: {
        fields: typed,
        error: {
          fieldErrors: {
            name: 'There is already a category called "Hats". Choose another name.',
            slug: "Use lower-case letters, digits and single hyphens, such as water-bottles.",
          },
        },
      },
    });
  });

  it("refuses to delete a category with products, saying why, and answers 404 for a category it does not have", async () => {
    const staff = await createSignedInStaff(handle, "categories-delete@swag.example");
    const { categories: listed } = (await get(staff.cookie)).body as Listed;
    const hats = listed.find((category) => category.name === "Hats")!;
    expect(await post({ intent: "delete", categoryId: hats.id }, staff.cookie)).toMatchObject({
      status: 409,
      body: {
        categoryId: hats.id,
        error: { message: "Hats has 1 product (1 published): move it to another category before deleting it." },
      },
    });
    for (const categoryId of ["", "../hats", "00000000-0000-4000-8000-000000000000"])
      expect((await post({ intent: "hide", categoryId }, staff.cookie)).status, categoryId).toBe(404);
    expect((await post({ intent: "move", categoryId: hats.id, direction: "sideways" }, staff.cookie)).status).toBe(400);
    expect((await post({ intent: "explode", categoryId: hats.id }, staff.cookie)).status).toBe(400);
  });

  it("answers 429 once the page or its changes have spent the staff member's budget", async () => {
    for (const [index, bucket] of (["categories", "categories-edit"] as const).entries()) {
      const staff = await createSignedInStaff(handle, `categories-budget-${index}@swag.example`);
      for (let i = 0; i < STAFF_PAGE_LIMIT.hits; i++)
        await requireStaffBudget(handle.db, { staffId: staff.userId, bucket, limit: STAFF_PAGE_LIMIT });
      const answer = bucket === "categories" ? await get(staff.cookie) : await post({ intent: "create" }, staff.cookie);
      expect(answer.status, bucket).toBe(429);
      expect(Number(answer.headers.get("Retry-After")), bucket).toBeGreaterThan(0);
    }
  });
});
