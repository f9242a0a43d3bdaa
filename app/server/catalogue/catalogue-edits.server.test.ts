import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { productChanges, products } from "#db/schema";
import { DEMO_SEED, EDIT_MESSAGES, type ProductEdit } from "~/domain/catalogue/product-edit";
import { STATUS_MESSAGES } from "~/domain/catalogue/product-status";
import { loader as productLoader } from "~/routes/product";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { NEW_PRODUCT_DETAILS } from "~/domain/catalogue/product-details-edit";
import {
  changeProductStatus,
  createProduct,
  duplicateProduct,
  productForEditing,
  saveProduct,
} from "./catalogue-edits.server";
import { readCatalogue, readShelf } from "./catalogue-store.server";

const handle = testFileDatabase({ reset: false });

const versionOf = async (id: string) =>
  (await handle.db.select({ version: products.version }).from(products).where(eq(products.id, id)))[0]?.version ?? 0;
const move = async (id: string, to: "draft" | "published" | "archived", version?: number) =>
  changeProductStatus(handle.db, { staffId: "staff-1", productId: id, to, version: version ?? (await versionOf(id)) });

afterEach(async () => {
  // Back on sale for the next test, however it ended.
  const [cap] = await handle.db.select({ status: products.status }).from(products).where(eq(products.id, "8"));
  if (cap?.status === "archived") await move("8", "draft");
  if (
    (await handle.db.select({ status: products.status }).from(products).where(eq(products.id, "8")))[0]?.status !==
    "published"
  )
    await move("8", "published");
});

describe("staff move a product between draft, published and archived", () => {
  it("archives a product: gone from the shelf at once in this process, its page 410, the change recorded", async () => {
    const before = await versionOf("8");
    const archived = await move("8", "archived");
    expect(archived).toEqual({ ok: true, version: before + 1 });
    expect((await readShelf(handle.db)).find("8")).toBeUndefined();
    const page = await answerOf(productLoader, {
      request: siteRequest("/product/8"),
      params: { id: "8" },
      ctx: testContext(handle),
    });
    expect(page.status).toBe(410);
    const history = await handle.db
      .select({
        by: productChanges.changedBy,
        field: productChanges.field,
        old: productChanges.oldValue,
        now: productChanges.newValue,
      })
      .from(productChanges)
      .where(eq(productChanges.productId, "8"))
      .orderBy(asc(productChanges.changedAt));
    expect(history.at(-1)).toEqual({ by: "staff-1", field: "status", old: "published", now: "archived" });
  });

  it("refuses a change made on an older version, leaving the product as it is", async () => {
    const stale = (await versionOf("8")) - 1;
    expect(await move("8", "archived", stale)).toMatchObject({
      ok: false,
      status: 409,
      message: STATUS_MESSAGES.changed,
    });
    expect((await readShelf(handle.db)).find("8")).toBeDefined();
  });

  it("refuses a move the status does not allow, and a product that does not exist", async () => {
    expect(await move("8", "published")).toMatchObject({ ok: false, status: 409, message: STATUS_MESSAGES.notAllowed });
    await move("8", "archived");
    expect(await move("8", "published")).toMatchObject({ ok: false, status: 409 });
    expect(await move("999", "archived", 1)).toMatchObject({
      ok: false,
      status: 404,
      message: STATUS_MESSAGES.notFound,
    });
  });
});

describe("staff add a product by copying one, and edit it", () => {
  const copyOf = async (id: string, staffId = "staff-1") => {
    const copied = await duplicateProduct(handle.db, { staffId, productId: id });
    if (!copied.ok) throw new Error(copied.message);
    return copied.id;
  };
  const editOf = async (id: string) => {
    const product = await productForEditing(handle.db, id);
    if (!product) throw new Error(`no product ${id}`);
    return product;
  };
  const save = async (id: string, change: Partial<ProductEdit>, version?: number) => {
    const product = await editOf(id);
    return saveProduct(handle.db, {
      staffId: "staff-1",
      productId: id,
      version: version ?? product.version,
      edit: { ...product.edit, ...change },
    });
  };

  it("copies a product as a draft under the next number and a free URL name, with its bands, colours and pictures", async () => {
    const { version: before } = await readCatalogue(handle.db);
    const id = await copyOf("8");
    const again = await copyOf("8");
    expect(Number(again)).toBe(Number(id) + 1);
    const catalogue = await readCatalogue(handle.db);
    expect(catalogue.version).toBe(before + 2);
    const cap = catalogue.products.find((p) => p.id === "8")!;
    const copy = catalogue.products.find((p) => p.id === id)!;
    expect(copy).toMatchObject({
      title: "Custom Embroidered Cap (copy)",
      slug: "custom-embroidered-cap-copy",
      status: "draft",
      version: 1,
      tiers: cap.tiers,
      colours: cap.colours,
      images: cap.images,
      customizationOptions: cap.customizationOptions,
    });
    expect(catalogue.products.find((p) => p.id === again)?.slug).toBe("custom-embroidered-cap-copy-2");
    expect(catalogue.products.at(-1)?.id).toBe(again);
    // A draft: not on sale.
    expect((await readShelf(handle.db)).find(id)).toBeUndefined();
    expect((await editOf(id)).history).toEqual([
      expect.objectContaining({
        field: "Created",
        oldValue: null,
        newValue: "A copy of Custom Embroidered Cap (product 8)",
      }),
    ]);
    expect(await duplicateProduct(handle.db, { staffId: "staff-1", productId: "999" })).toMatchObject({
      ok: false,
      status: 404,
      message: EDIT_MESSAGES.notFound,
    });
  });

  it("makes a new product as a draft under the next number, with its bands, colours and details, its history starting with who made it", async () => {
    const bottle: ProductEdit = {
      title: "Insulated Steel Bottle",
      slug: "insulated-steel-bottle",
      sku: "BTL-500",
      description: "A double-walled 500 ml bottle, laser engraved with your logo.",
      category: "Drinkware",
      moq: 25,
      leadTime: "2 weeks",
      deliveryTime: "3-5 days",
      tags: ["New"],
      tiers: [
        { from: 25, to: 99, unitPence: 1150 },
        { from: 100, to: 249, unitPence: 990 },
        { from: 250, to: null, unitPence: 875 },
      ],
      colours: [
        { name: "Steel", hex: "#c0c4c8" },
        { name: "Matte Black", hex: "#1b1b1b" },
      ],
      details: {
        ...NEW_PRODUCT_DETAILS,
        branding: { methods: ["laser", "none"], default: "laser" },
        features: ["Keeps drinks cold for 24 hours"],
        specifications: [{ label: "Capacity", value: "500 ml" }],
      },
    };
    const { version: before } = await readCatalogue(handle.db);
    const made = await createProduct(handle.db, { staffId: "staff-1", edit: bottle });
    if (!made.ok) throw new Error(made.message);
    const catalogue = await readCatalogue(handle.db);
    expect(catalogue.version).toBe(before + 1);
    expect(Number(made.id)).toBeGreaterThan(17);
    const product = catalogue.products.find((p) => p.id === made.id)!;
    expect(product).toMatchObject({
      title: "Insulated Steel Bottle",
      slug: "insulated-steel-bottle",
      sku: "BTL-500",
      status: "draft",
      version: 1,
      moq: 25,
      unitPrice: [8.75, 11.5],
      colours: bottle.colours,
      images: [],
      branding: { methods: ["laser", "none"], default: "laser" },
      features: ["Keeps drinks cold for 24 hours"],
      specifications: [{ label: "Capacity", value: "500 ml" }],
    });
    expect(product).not.toHaveProperty("sizingTable");
    expect(catalogue.products.at(-1)?.id).toBe(made.id);
    expect((await readShelf(handle.db)).find(made.id)).toBeUndefined();
    const opened = await editOf(made.id);
    expect(opened.edit).toEqual(bottle);
    expect(opened.history).toEqual([
      expect.objectContaining({ field: "Created", oldValue: null, newValue: "Insulated Steel Bottle, as a draft" }),
    ]);
    // The same URL name again is refused, and nothing is made.
    const count = catalogue.products.length;
    expect(await createProduct(handle.db, { staffId: "staff-1", edit: bottle })).toMatchObject({
      ok: false,
      status: 409,
      code: "SLUG_TAKEN",
      fieldErrors: { slug: EDIT_MESSAGES.slugTaken("insulated-steel-bottle") },
    });
    expect((await readCatalogue(handle.db)).products).toHaveLength(count);
    // A category deleted while the form was open: refused with the reason on the field, nothing made.
    expect(
      await createProduct(handle.db, {
        staffId: "staff-1",
        edit: { ...bottle, slug: "other-bottle", category: "Gone" },
      }),
    ).toMatchObject({
      ok: false,
      status: 409,
      code: "CATEGORY_GONE",
      fieldErrors: { category: EDIT_MESSAGES.categoryGone("Gone") },
    });
    expect((await readCatalogue(handle.db)).products).toHaveLength(count);
  });

  it("saves a product's details and sizes, each change recorded as the operator would say it", async () => {
    const id = await copyOf("15");
    const { edit } = await editOf(id);
    const saved = await save(id, {
      details: {
        ...edit.details,
        branding: { methods: ["screen_print"], default: "screen_print" },
        sizingTable: { ...edit.details.sizingTable!, rows: edit.details.sizingTable!.rows.slice(0, 2) },
        allowHandwrittenNote: true,
      },
    });
    expect(saved).toMatchObject({ ok: true, changed: 3 });
    const product = (await readCatalogue(handle.db)).products.find((p) => p.id === id)!;
    expect(product.sizingTable?.rows.map((row) => row.size)).toEqual(["XS", "S"]);
    expect(product.allowHandwrittenNote).toBe(true);
    const fields = (await editOf(id)).history.slice(0, 3).map((entry) => [entry.field, entry.newValue]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ["Branding", "Screen print (starts on Screen print)"],
        ["Handwritten note", "offered"],
        ["Sizes", "XS | 155-165 | 45-55 | 64-70 | 33; S | 160-170 | 55-62 | 70-76 | 34"],
      ]),
    );
  });

  it("saves the texts and bands together, records each change with who made it, and is what the next read sees", async () => {
    const staff = await createSignedInUser(handle, "olive@swagstudio.example");
    const id = await copyOf("8", staff.userId);
    const saved = await saveProduct(handle.db, {
      staffId: staff.userId,
      productId: id,
      version: 1,
      edit: {
        ...(await editOf(id)).edit,
        title: "Steel Water Bottle",
        slug: "steel-water-bottle",
        category: "Drinkware",
        tiers: [
          { from: 50, to: 99, unitPence: 900 },
          { from: 100, to: null, unitPence: 750 },
        ],
      },
    });
    expect(saved).toEqual({ ok: true, version: 2, changed: 4 });
    const product = (await readCatalogue(handle.db)).products.find((p) => p.id === id)!;
    expect(product).toMatchObject({ title: "Steel Water Bottle", slug: "steel-water-bottle", category: "Drinkware" });
    expect(product.tiers.map((t) => [t.label, t.unitPence])).toEqual([
      ["50–99", 900],
      ["100+", 750],
    ]);
    const { history, version } = await editOf(id);
    expect(version).toBe(2);
    expect(history.slice(0, 4).map(({ by, field, oldValue, newValue }) => ({ by, field, oldValue, newValue }))).toEqual(
      expect.arrayContaining([
        { by: "Test Buyer", field: "Title", oldValue: "Custom Embroidered Cap (copy)", newValue: "Steel Water Bottle" },
        {
          by: "Test Buyer",
          field: "URL name",
          oldValue: "custom-embroidered-cap-copy-3",
          newValue: "steel-water-bottle",
        },
        { by: "Test Buyer", field: "Category", oldValue: "Hats", newValue: "Drinkware" },
        {
          by: "Test Buyer",
          field: "Price bands",
          oldValue: "50–399 £5.50; 400+ £3.88",
          newValue: "50–99 £9.00; 100+ £7.50",
        },
      ]),
    );
  });

  it("saves the colours in their new order, and a picture of a colour no longer made names none", async () => {
    const id = await copyOf("8");
    const { edit, version } = await editOf(id);
    expect(
      await saveProduct(handle.db, {
        staffId: "staff-1",
        productId: id,
        version,
        edit: { ...edit, colours: [{ name: "Steel", hex: "#a8a9ad" }, edit.colours[0]!] },
      }),
    ).toMatchObject({ ok: true, changed: 1 });
    const product = (await readCatalogue(handle.db)).products.find((p) => p.id === id)!;
    expect(product.colours).toEqual([
      { name: "Steel", hex: "#a8a9ad" },
      { name: "Black", hex: "#111111" },
    ]);
    // The cap's first picture showed it in Navy, which it is no longer made in.
    expect(product.images.map((image) => image.colour ?? null)).toEqual([null, null, null]);
    const { history } = await editOf(id);
    expect(history[0]).toMatchObject({ field: "Colours", newValue: "Steel #a8a9ad; Black #111111" });
  });

  it("saves nothing when nothing changed, and names who is gone from the staff as such", async () => {
    const id = await copyOf("16");
    const { version } = await readCatalogue(handle.db);
    expect(await save(id, {})).toEqual({ ok: true, version: 1, changed: 0 });
    expect((await readCatalogue(handle.db)).version).toBe(version);
    expect((await editOf(id)).history[0]?.by).toBe("Someone no longer on the staff");
    // What the demo seed made says so.
    const seeded = await duplicateProduct(handle.db, { staffId: DEMO_SEED.id, productId: "16" });
    if (!seeded.ok) throw new Error(seeded.message);
    expect((await editOf(seeded.id)).history[0]?.by).toBe("The demo seed (npm run seed:demo)");
  });

  it("refuses a save on an older version, a URL name another product has, a category deleted meanwhile and a product that does not exist, changing nothing", async () => {
    const id = await copyOf("17");
    expect(await save(id, { title: "First" })).toMatchObject({ ok: true, version: 2 });
    expect(await save(id, { title: "Second" }, 1)).toMatchObject({
      ok: false,
      status: 409,
      message: EDIT_MESSAGES.changed,
    });
    expect(await save(id, { slug: "custom-embroidered-cap" })).toMatchObject({
      ok: false,
      status: 409,
      code: "SLUG_TAKEN",
      fieldErrors: { slug: EDIT_MESSAGES.slugTaken("custom-embroidered-cap") },
    });
    expect(await save(id, { category: "Gone", title: "Moved" })).toMatchObject({
      ok: false,
      status: 409,
      code: "CATEGORY_GONE",
      fieldErrors: { category: EDIT_MESSAGES.categoryGone("Gone") },
    });
    expect((await editOf(id)).edit).toMatchObject({ title: "First", slug: "custom-yoga-mat-copy" });
    expect(
      await saveProduct(handle.db, {
        staffId: "staff-1",
        productId: "999",
        version: 1,
        edit: (await editOf(id)).edit,
      }),
    ).toMatchObject({ ok: false, status: 404 });
  });
});
