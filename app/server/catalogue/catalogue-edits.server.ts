/**
 * Staff's changes to the catalogue (docs/decisions/066-catalogue-is-data.md), each in one
 * transaction that checks the version the change was made on, raises the product's and the
 * catalogue's versions (so every process sees it within a second) and records who changed what,
 * from what to what (`product_changes`).
 */
import { eq, sql } from "drizzle-orm";
import { catalogueVersion, productChanges, products } from "#db/schema";
import type { ProductStatus } from "~/catalogue/types";
import { canMoveStatus, STATUS_MESSAGES } from "~/domain/catalogue/product-status";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { forgetCatalogue } from "./catalogue-store.server";

/** Moves a product to `to`: published, back to draft, or archived (product-status.ts says which moves exist). */
export async function changeProductStatus(
  db: Database,
  input: { staffId: string; productId: string; to: ProductStatus; version: number },
): Promise<{ ok: true; version: number } | Failure> {
  const changed = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ status: products.status, version: products.version })
      .from(products)
      .where(eq(products.id, input.productId))
      .for("update");
    if (!product) return failure(404, "PRODUCT_NOT_FOUND", STATUS_MESSAGES.notFound);
    if (product.version !== input.version) return failure(409, "PRODUCT_CHANGED", STATUS_MESSAGES.changed);
    const from = product.status as ProductStatus;
    if (!canMoveStatus(from, input.to)) return failure(409, "STATUS_NOT_ALLOWED", STATUS_MESSAGES.notAllowed);
    const version = product.version + 1;
    await tx
      .update(products)
      .set({ status: input.to, version, updatedAt: sql`now()` })
      .where(eq(products.id, input.productId));
    await tx.insert(productChanges).values({
      productId: input.productId,
      changedBy: input.staffId,
      field: "status",
      oldValue: from,
      newValue: input.to,
    });
    await tx.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
    return { ok: true as const, version };
  });
  // This process reads its own change at once; the others within a second.
  if (changed.ok) forgetCatalogue(db);
  return changed;
}
