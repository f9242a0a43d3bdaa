/**
 * The custom quote form's starting point for a signed-in buyer (app/domain/checkout/custom-quote-prefill.ts):
 * their cart's lines, and the company of the account they act for: the organisation's name, else
 * the company of their own latest order. Read only; nothing is saved until they send the request.
 */
import { eq } from "drizzle-orm";
import { authOrganization } from "#db/schema";
import { customQuotePrefill } from "~/domain/checkout/custom-quote-prefill";
import { latestOrderData } from "./checkout-prefill.server";
import type { Database } from "../platform/db.server";
import { listCart } from "./shopping.server";
import { readShelf } from "../catalogue/catalogue-store.server";
import { colourOf } from "~/catalogue/lookup";

export async function customQuotePrefillFor(db: Database, input: { userId: string; accountId: string }) {
  const cart = await listCart(db, { userId: input.userId });
  const { findAnyStatus } = await readShelf(db);
  const lines = cart.flatMap((line) => {
    const product = findAnyStatus(line.productId);
    if (!product) return [];
    return [
      { title: product.title, quantity: line.quantity, colour: colourOf(product, line.selectedColor)?.name ?? "" },
    ];
  });
  return customQuotePrefill(lines, await companyOf(db, input));
}

async function companyOf(db: Database, { userId, accountId }: { userId: string; accountId: string }) {
  if (accountId && accountId !== userId) {
    const [organisation] = await db
      .select({ name: authOrganization.name })
      .from(authOrganization)
      .where(eq(authOrganization.id, accountId))
      .limit(1);
    if (organisation) return organisation.name;
  }
  return (await latestOrderData(db, userId))?.details.company.trim() ?? "";
}
