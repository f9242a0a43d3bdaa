import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { catalogueVersion, products } from "#db/schema";
import { PRODUCTS } from "~/catalogue/catalogue";
import { maxQuantity, unitPricePence } from "~/domain/pricing/pricing";
import { countStatements, testFileDatabase } from "../../../tests/setup/test-db";
import { CATALOGUE_CHECK_MS, loadCatalogue, readCatalogue, readShelf, shopCategories } from "./catalogue-store.server";

const handle = testFileDatabase({ reset: false });

afterEach(() => vi.restoreAllMocks());

describe("the catalogue every shop starts with (migration 0033)", () => {
  it("holds the four products of the spec, published, in catalogue order", async () => {
    const { products: stored } = await loadCatalogue(handle.db);
    expect(stored.map((p) => [p.id, p.slug, p.status, p.version, p.sku])).toEqual([
      ["8", "custom-embroidered-cap", "published", 1, null],
      ["15", "custom-running-shorts", "published", 1, null],
      ["16", "branded-a5-diary", "published", 1, null],
      ["17", "custom-yoga-mat", "published", 1, null],
    ]);
  });

  it.each(PRODUCTS.map((product) => [product.id, product] as const))(
    "product %s reads back with every text, colour, picture and figure it had in code",
    async (id, product) => {
      const stored = (await loadCatalogue(handle.db)).products.find((p) => p.id === id);
      const { slug: _slug, sku: _sku, status: _status, version: _version, demo, tiers, ...rest } = stored!;
      expect(demo).toBe(false);
      const { tiers: codeTiers, ...code } = product;
      expect(rest).toEqual(code);
      // The bands as the buyer reads them, and the price of every quantity a buyer may order.
      expect(tiers.map(({ label, min, unitPence }) => ({ label, min, unitPence }))).toEqual(
        codeTiers.map(({ label, min, unitPence }) => ({ label, min, unitPence })),
      );
      expect(maxQuantity(tiers)).toBe(maxQuantity(codeTiers));
      for (let quantity = product.moq; quantity <= maxQuantity(codeTiers); quantity += 1) {
        expect(unitPricePence(tiers, quantity), `${id} × ${quantity}`).toBe(unitPricePence(codeTiers, quantity));
      }
    },
  );
});

describe("readCatalogue: one copy per process, checked at most once a second", () => {
  const rename = async (title: string, raise: boolean) => {
    await handle.db.transaction(async (tx) => {
      await tx.update(products).set({ title }).where(eq(products.id, "8"));
      if (raise) await tx.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
    });
  };
  const titleOf8 = async (now: number) =>
    (await readCatalogue(handle.db, now)).products.find((p) => p.id === "8")?.title;

  it("serves its copy without a query for a second, then sees a change saved with a raised version", async () => {
    const start = 1_000_000;
    const first = await readCatalogue(handle.db, start);
    const statements = countStatements(handle);
    expect(await readCatalogue(handle.db, start + CATALOGUE_CHECK_MS - 1)).toBe(first);
    expect(statements()).toBe(0);

    await rename("Custom Embroidered Cap, renamed", true);
    try {
      expect(await titleOf8(start + CATALOGUE_CHECK_MS - 1)).toBe("Custom Embroidered Cap");
      expect(await titleOf8(start + CATALOGUE_CHECK_MS)).toBe("Custom Embroidered Cap, renamed");
    } finally {
      await rename("Custom Embroidered Cap", true);
    }
    expect(await titleOf8(start + 2 * CATALOGUE_CHECK_MS)).toBe("Custom Embroidered Cap");
  });

  it("asks only for the version while it has not moved, and keeps its copy", async () => {
    const start = 2_000_000;
    const held = await readCatalogue(handle.db, start);
    const statements = countStatements(handle);
    expect(await readCatalogue(handle.db, start + CATALOGUE_CHECK_MS)).toBe(held);
    expect(await readCatalogue(handle.db, start + 2 * CATALOGUE_CHECK_MS)).toBe(held);
    expect(statements()).toBe(2);
  });
});

describe("a product the shop cannot show", () => {
  it("stops the read, naming the product, rather than showing half of it", async () => {
    await handle.db.update(products).set({ details: sql`details - 'shippingInfo'` }).where(eq(products.id, "16"));
    try {
      await expect(loadCatalogue(handle.db)).rejects.toThrow(/^Product 16 cannot be read/);
    } finally {
      const shippingInfo = PRODUCTS.find((p) => p.id === "16")!.shippingInfo;
      await handle.db
        .update(products)
        .set({ details: sql`details || jsonb_build_object('shippingInfo', ${shippingInfo}::text)` })
        .where(eq(products.id, "16"));
    }
    expect((await loadCatalogue(handle.db)).products).toHaveLength(4);
  });
});

describe("the shelf: what is on sale, worked out once per copy of the catalogue", () => {
  it("counts the products on sale in each category and promotes the visible categories that have any", async () => {
    const shelf = await readShelf(handle.db);
    expect(Object.fromEntries(shelf.onSaleIn)).toEqual({ Hats: 1, Apparel: 1, "Office Essentials": 1, Other: 1 });
    // The operator's order (decision 068); Drinkware and Bags have nothing on sale.
    expect(shelf.promoted.map((category) => category.name)).toEqual(["Office Essentials", "Other", "Apparel", "Hats"]);
    expect(await shopCategories(handle.db)).toBe(shelf.promoted);
    expect(shelf.find("8")?.title).toBe("Custom Embroidered Cap");
    expect(await readShelf(handle.db)).toBe(shelf);
  });
});
