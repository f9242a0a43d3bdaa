import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { productChanges, products } from "#db/schema";
import { STATUS_MESSAGES } from "~/domain/catalogue/product-status";
import { loader as productLoader } from "~/routes/product";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testServices } from "../../../tests/setup/test-db";
import { siteRequest } from "../../../tests/setup/users";
import { changeProductStatus } from "./catalogue-edits.server";
import { readShelf } from "./catalogue-store.server";

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
      services: testServices(handle),
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
