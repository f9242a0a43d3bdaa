/**
 * A draft's or an order line's artwork files judged where they will print (decision 027): the line's
 * branding method and the placement its chosen options give (app/domain/artwork/preflight.ts). Step 2,
 * its Next, payment, the order page and the back office all ask here.
 */
import type { Product } from "~/catalogue/types";
import type { BrandingMethod } from "../pricing/checkout";
import type { ArtworkFileEntry } from "./draft-schemas";
import { type Finding, judgePreflight, type Placement, placementFor, unconsentedWarnings } from "../artwork/preflight";

/**
 * Where a line's artwork goes: its method, and the placement its chosen options give on its
 * product (none when the product is not known: the method alone judges the file).
 */
export type ArtworkChoice = {
  product: Pick<Product, "customizationOptions"> | undefined;
  method: BrandingMethod;
  selections: readonly string[];
};

export function placementOf(choice: Pick<ArtworkChoice, "product" | "selections">): Placement | null {
  return choice.product ? placementFor(choice.product.customizationOptions, choice.selections) : null;
}

/** A file's findings for `choice`; none for a file uploaded before preflight existed. */
export function fileFindings(file: Pick<ArtworkFileEntry, "preflight">, choice: ArtworkChoice): Finding[] {
  if (!file.preflight) return [];
  return judgePreflight(file.preflight, { method: choice.method, placement: placementOf(choice) });
}

/** The files whose warnings for `choice` the buyer has not yet said "Use it anyway" to. */
export function filesAwaitingConsent(
  files: readonly Pick<ArtworkFileEntry, "id" | "preflight" | "use_anyway">[],
  choice: ArtworkChoice,
): string[] {
  return files
    .filter((file) => unconsentedWarnings(fileFindings(file, choice), file.use_anyway).length > 0)
    .map((file) => file.id);
}
