/**
 * Staff add and remove a product's pictures (docs/decisions/066-catalogue-is-data.md), and the
 * pages fetch them. An upload is judged and rendered first (product-pictures.server.ts), its files
 * stored, and then, in one transaction, the picture goes last in the product's gallery, the change
 * is recorded and both versions go up. Its files are named by their bytes (contentName), so the
 * pages cache them for a year. A removed picture's files are deleted an hour later by a job queued
 * with the removal, unless a product still shows them (a copy of the product, or the same picture
 * uploaded again, holds the same files).
 */
import { and, count, eq, gt, max, sql } from "drizzle-orm";
import { z } from "zod";
import { productChanges, productColours, productImages, products } from "#db/schema";
import { EDIT_MESSAGES } from "~/domain/catalogue/product-edit";
import { MAX_PICTURES, PICTURE_MESSAGES } from "~/domain/catalogue/picture-rules";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { contentName, type FileStorage, isStoredName } from "../providers/file-storage.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { defineJob, enqueue } from "../messages/jobs.server";
import type { AppContext } from "../providers/app-context.server";
import { putBytes } from "../providers/storage.server";
import { forgetCatalogue, readCatalogue } from "./catalogue-store.server";
import { actorOf, raiseCatalogueVersion } from "./catalogue-edits.server";
import { servedPictureNames, storedPictureOf, storedPictureSource } from "./picture-files.server";
import { type PictureRefusal, preparePicture } from "./product-pictures.server";
import { recordAudit } from "../platform/audit-log.server";

const REFUSAL_STATUS: Record<PictureRefusal["code"], number> = {
  too_large: 413,
  not_a_picture: 415,
  type_mismatch: 415,
  too_many_pixels: 400,
  too_small: 400,
  unreadable: 400,
};

/** A change to the gallery, in its transaction: the product's next version, the history, the catalogue's version. */
async function recordGalleryChange(
  tx: Database,
  change: {
    productId: string;
    staffId: string;
    address?: string;
    version: number;
    oldValue: string | null;
    newValue: string;
  },
) {
  await tx
    .update(products)
    .set({ version: change.version + 1, updatedAt: sql`now()` })
    .where(eq(products.id, change.productId));
  await tx.insert(productChanges).values({
    productId: change.productId,
    changedBy: change.staffId,
    field: "Pictures",
    oldValue: change.oldValue,
    newValue: change.newValue,
  });
  await recordAudit(tx, actorOf(change), {
    action: "product.pictures",
    subject: { kind: "product", id: change.productId },
    summary: `Product ${change.productId}: pictures changed`,
    before: { pictures: change.oldValue },
    after: { pictures: change.newValue },
  });
  await raiseCatalogueVersion(tx);
}

/** Adds an uploaded picture at the end of the product's gallery, with its alt text and the colour it shows. */
export async function addProductPicture(
  db: Database,
  input: {
    storage: FileStorage;
    staffId: string;
    address?: string;
    productId: string;
    bytes: Uint8Array;
    type: string;
    alt: string;
    colour: string | null;
  },
): Promise<{ ok: true } | Failure> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, input.productId));
  if (!product) return failure(404, "PRODUCT_NOT_FOUND", EDIT_MESSAGES.notFound);
  if (input.colour !== null) {
    const colours = await db
      .select({ name: productColours.name })
      .from(productColours)
      .where(eq(productColours.productId, input.productId));
    if (!colours.some((c) => c.name === input.colour)) return failure(400, "UNKNOWN_COLOUR", PICTURE_MESSAGES.colour);
  }
  const prepared = await preparePicture(input.bytes, input.type);
  if ("code" in prepared) return failure(REFUSAL_STATUS[prepared.code], prepared.code.toUpperCase(), prepared.message);
  const [original, w320, w400, w1200] = await Promise.all(
    [prepared.original, ...prepared.renders].map(
      async (file) => (await putBytes(input.storage, file.bytes, { name: contentName(file.bytes) })).storedName,
    ),
  );
  const names = { original: original!, w320: w320!, w400: w400!, w1200: w1200! };
  const added = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .select({ version: products.version })
        .from(products)
        .where(eq(products.id, input.productId))
        .for("update");
      if (!row) return failure(404, "PRODUCT_NOT_FOUND", EDIT_MESSAGES.notFound);
      const [gallery] = await tx
        .select({ last: max(productImages.position), pictures: count() })
        .from(productImages)
        .where(eq(productImages.productId, input.productId));
      if ((gallery?.pictures ?? 0) >= MAX_PICTURES) return failure(409, "TOO_MANY_PICTURES", PICTURE_MESSAGES.full);
      const position = (gallery?.last ?? 0) + 1;
      await tx.insert(productImages).values({
        productId: input.productId,
        position,
        source: storedPictureSource(names),
        alt: input.alt,
        colour: input.colour,
      });
      await recordGalleryChange(tx, {
        ...input,
        version: row.version,
        oldValue: null,
        newValue: `Added "${input.alt}"${input.colour ? ` (${input.colour})` : ""}`,
      });
      return { ok: true as const };
    })
    .catch(async (error: unknown) => {
      await deleteUnshown({ db, storage: input.storage }, Object.values(names));
      throw error;
    });
  if (!added.ok) await deleteUnshown({ db, storage: input.storage }, Object.values(names));
  else forgetCatalogue(db);
  return added;
}

/** `now` is when the change is made (the route's clock): a removed picture's files go an hour later. */
type GalleryInput = {
  staffId: string;
  address?: string;
  productId: string;
  position: number;
  version: number;
  now?: Date;
};

/**
 * A change to a product's gallery made on the version the editor showed: the product is locked,
 * its version checked (409 when older), `change` makes the change and says what to record, and the
 * record and both versions follow in the same transaction.
 */
async function changeGallery(
  db: Database,
  input: GalleryInput,
  change: (tx: Database) => Promise<{ oldValue: string; newValue: string } | Failure>,
): Promise<{ ok: true } | Failure> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ version: products.version })
      .from(products)
      .where(eq(products.id, input.productId))
      .for("update");
    if (!row) return failure(404, "PRODUCT_NOT_FOUND", EDIT_MESSAGES.notFound);
    if (row.version !== input.version) return failure(409, "PRODUCT_CHANGED", EDIT_MESSAGES.changed);
    const made = await change(tx);
    if ("ok" in made) return made;
    await recordGalleryChange(tx, { ...input, ...made });
    return { ok: true as const };
  });
  if (changed.ok) forgetCatalogue(db);
  return changed;
}

/**
 * How long a removed picture's files are kept: long enough that a copy of the product being made as
 * it was removed has committed (and then holds the files), short enough that storage does not fill
 * with pictures nobody shows.
 */
export const PICTURE_RELEASE_DELAY_MS = 60 * 60_000;

/** Deletes a removed picture's files once no product shows it (queued by removeProductPicture). */
export const PICTURE_RELEASE_JOB = defineJob("picture-release", z.object({ source: z.string().max(500) }), {
  maxAttempts: 5,
});

/**
 * Deletes each of `names` that no product's gallery holds. Names are made from the files' bytes, so
 * a picture uploaded twice (to two products, or again to one) is one set of files that both hold.
 * Answers how many were deleted.
 */
async function deleteUnshown(ctx: Pick<AppContext, "db" | "storage">, names: readonly string[]): Promise<number> {
  let deleted = 0;
  for (const name of names) {
    const [shown] = await ctx.db
      .select({ productId: productImages.productId })
      .from(productImages)
      .where(sql`strpos(${productImages.source}, ${name}) > 0`)
      .limit(1);
    if (shown) continue;
    await ctx.storage.delete(name);
    deleted += 1;
  }
  return deleted;
}

/** The job's work: the stored files of `source` that no product's gallery still holds, deleted. */
export async function releasePictureFiles(
  ctx: Pick<AppContext, "db" | "storage">,
  { source }: { source: string },
): Promise<number> {
  const names = storedPictureOf(source);
  return names ? deleteUnshown(ctx, Object.values(names)) : 0;
}

/** Takes the picture at `position` out of the product's gallery; the ones after it move up. */
export function removeProductPicture(db: Database, input: GalleryInput): Promise<{ ok: true } | Failure> {
  return changeGallery(db, input, async (tx) => {
    const [picture] = await tx
      .delete(productImages)
      .where(and(eq(productImages.productId, input.productId), eq(productImages.position, input.position)))
      .returning({ alt: productImages.alt, source: productImages.source });
    if (!picture) return failure(404, "PICTURE_NOT_FOUND", PICTURE_MESSAGES.noSuchPicture);
    if (storedPictureOf(picture.source)) {
      const runAt = new Date((input.now ?? new Date()).getTime() + PICTURE_RELEASE_DELAY_MS);
      await enqueue(tx, { job: PICTURE_RELEASE_JOB, payload: { source: picture.source }, runAt });
    }
    // In two steps, so no two rows share a position on the way (the key is the product and position).
    const after = and(eq(productImages.productId, input.productId), gt(productImages.position, input.position));
    await tx
      .update(productImages)
      .set({ position: sql`-${productImages.position}` })
      .where(after);
    await tx
      .update(productImages)
      .set({ position: sql`-${productImages.position} - 1` })
      .where(and(eq(productImages.productId, input.productId), sql`${productImages.position} < 0`));
    return { oldValue: `"${picture.alt}"`, newValue: "Removed" };
  });
}

/**
 * Moves the picture at `position` one place earlier in the gallery, swapping it with the one before
 * (the first is the card's picture, so this is how a new photo replaces the old on the card).
 */
export function movePictureEarlier(db: Database, input: GalleryInput): Promise<{ ok: true } | Failure> {
  return changeGallery(db, input, async (tx) => {
    const gallery = await tx
      .select({ position: productImages.position, alt: productImages.alt })
      .from(productImages)
      .where(eq(productImages.productId, input.productId))
      .orderBy(productImages.position);
    const index = gallery.findIndex((picture) => picture.position === input.position);
    if (index < 0) return failure(404, "PICTURE_NOT_FOUND", PICTURE_MESSAGES.noSuchPicture);
    const picture = gallery[index]!;
    const before = gallery[index - 1];
    if (!before) return failure(409, "PICTURE_FIRST", PICTURE_MESSAGES.alreadyFirst);
    // Through a free position, so no two rows share one on the way.
    const at = (position: number) =>
      and(eq(productImages.productId, input.productId), eq(productImages.position, position));
    await tx.update(productImages).set({ position: -1 }).where(at(picture.position));
    await tx.update(productImages).set({ position: picture.position }).where(at(before.position));
    await tx.update(productImages).set({ position: before.position }).where(at(-1));
    return { oldValue: `"${picture.alt}" at ${index + 1}`, newValue: `"${picture.alt}" at ${index}` };
  });
}

/**
 * How often one client address may fetch pictures: a listing of 24 products shows up to 48, and a
 * browser keeps each for a year, so this is many listings' worth a minute, not a way to make the
 * server read its storage without end.
 */
export const PICTURE_FETCH_LIMIT = { hits: 600, windowSeconds: 60 } as const;

export const PICTURE_FETCH_MESSAGES = {
  notFound: "Not found",
  rateLimited: "Too many pictures at once. Please wait a moment and reload.",
} as const;

/**
 * A render a product of the catalogue shows, to serve, counted against its client address; 404 for
 * any other name, 429 once the address has fetched its share.
 */
export async function openProductPicture(
  db: Database,
  input: { storage: FileStorage; name: string; ip: string },
): Promise<{ ok: true; stream: ReadableStream<Uint8Array> } | Failure> {
  const limit = await hitRateLimit(db, {
    key: `product-picture:${input.ip}`,
    limit: PICTURE_FETCH_LIMIT.hits,
    windowSeconds: PICTURE_FETCH_LIMIT.windowSeconds,
  });
  if (!limit.allowed) {
    return failure(429, "RATE_LIMITED", PICTURE_FETCH_MESSAGES.rateLimited, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const shown = isStoredName(input.name) && servedPictureNames((await readCatalogue(db)).products).has(input.name);
  const stream = shown ? await input.storage.get(input.name) : null;
  return stream ? { ok: true, stream } : failure(404, "NOT_FOUND", PICTURE_FETCH_MESSAGES.notFound);
}
