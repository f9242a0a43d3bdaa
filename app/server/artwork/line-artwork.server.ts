/**
 * One logo on every line of the cart (docs/decisions/044-raster-and-svg-artwork.md): step 2's "Use this logo" under "Logos on
 * your other lines" copies a file the buyer already uploaded to another line of theirs into this
 * line's draft, as a brand kit's logo is copied (artwork-copy.server.ts). The copy is checked again
 * for this line's method and placement; a "Use it anyway" given on the other line is not carried,
 * since this product may meet other warnings.
 */
import { and, eq } from "drizzle-orm";
import { artworkFiles } from "#db/schema";
import { isDraftId } from "~/domain/core/draft-base";
import type { ArtworkFileEntry } from "~/domain/checkout/draft-schemas";
import { FAILURES } from "./artwork-upload.server";
import { copyArtworkIntoDraft, notCopied } from "./artwork-copy.server";
import type { Database } from "../platform/db.server";
import { type Failure, failure } from "../platform/http.server";
import { checksLimited } from "./preflight-queue.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import type { FileStorage } from "../providers/storage.server";

/** Copies one buyer may make in an hour; each is also a check counted by checksLimited. */
export const LINE_ARTWORK_COPIES = { hits: 60, windowSeconds: 3_600 } as const;

export async function takeLineArtwork(
  db: Database,
  input: { userId: string; draftId: string; fromDraftId: string; fileId: string; storage: FileStorage },
): Promise<{ ok: true; files: ArtworkFileEntry[]; version: number } | Failure> {
  const { userId, draftId } = input;
  if (!isDraftId(draftId) || !isDraftId(input.fromDraftId)) return FAILURES.noDraft();
  if (!isDraftId(input.fileId) || input.fromDraftId === draftId) return FAILURES.noFile();
  // Only a file of this buyer's own other draft: anyone else's is "not found", never "forbidden".
  const [source] = await db
    .select({
      name: artworkFiles.originalName,
      storedName: artworkFiles.storedName,
      contentType: artworkFiles.contentType,
    })
    .from(artworkFiles)
    .where(
      and(
        eq(artworkFiles.id, input.fileId),
        eq(artworkFiles.draftId, input.fromDraftId),
        eq(artworkFiles.userId, userId),
      ),
    )
    .limit(1);
  if (!source) return FAILURES.noFile();
  const hit = await hitRateLimit(db, {
    key: `line-artwork:${userId}`,
    limit: LINE_ARTWORK_COPIES.hits,
    windowSeconds: LINE_ARTWORK_COPIES.windowSeconds,
  });
  if (!hit.allowed)
    return failure(429, "RATE_LIMITED", "You've copied a lot of logos in the last hour. Please try again later.", {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
  const refused = await checksLimited(db, userId);
  if (refused) return refused;
  const copied = await copyArtworkIntoDraft(db, {
    userId,
    draftId,
    sources: [source],
    storage: input.storage,
  });
  if (!copied) return notCopied(db, input);
  if (copied.missing.length > 0) return failure(410, "FILE_MISSING", "That file is missing: upload it again.");
  return { ok: true, files: copied.files, version: copied.version };
}
