import { initialDraft } from "./spec-catalogue";
import { customisationPart } from "~/domain/checkout/draft";
import type { Database } from "~/server/platform/db.server";
import { createDraft } from "~/server/checkout/drafts.server";

/** A draft of 50 black caps with the front embroidery, of `userId`'s personal account, at its customisation step. */
export async function newCapDraft(db: Database, userId: string) {
  const data = initialDraft({
    productId: "8",
    quantity: 50,
    selectedColor: "#111111",
    customizationSelections: ["Front embroidery"],
    handwrittenNote: false,
  });
  const result = await createDraft(db, { accountId: userId, userId, productId: "8", data: customisationPart(data) });
  if (!result.ok) throw new Error(result.message);
  return result.draft;
}
