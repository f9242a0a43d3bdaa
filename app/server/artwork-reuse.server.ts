/**
 * One logo on every line of the cart (docs/decisions/044-raster-and-svg-artwork.md):
 * step 2 offers the buyer's own recent uploads (another line's draft, an earlier one) and "Use this
 * logo" copies one into this draft as an upload would leave it, checked again for this line
 * (copyArtworkIntoDraft). Consent is not carried over: another line may have another method or
 * placement, so its warnings are asked here.
 *
 * Who: only the uploader's own files (artwork_files.user_id), into their own editable draft; any
 * other id is a 404. How often: each copy is a check, so it counts against the hourly checks (033).
 */
import { sql } from "drizzle-orm";
import { isDraftId, isDraftStatus, isEditableStatus, type ArtworkFileEntry } from "~/domain/draft";
import { FAILURES } from "./artwork-upload.server";
import { copyArtworkIntoDraft } from "./artwork-copy.server";
import { queryRows, type Database } from "./db.server";
import { failure, type Failure } from "./http.server";
import { checksLimited } from "./preflight-queue.server";
import { getUploadStorage, type FileStorage } from "./storage.server";

/** How many recent uploads step 2 offers. */
export const RECENT_UPLOADS = 6;

export type RecentUpload = { id: string; name: string; productId: string | null; uploadedAt: string };

/** The buyer's latest uploads of other drafts, one per name (the newest), for "Use this logo". */
export async function recentUploads(db: Database, input: { userId: string; exceptDraftId: string }) {
  return queryRows<RecentUpload>(
    db,
    sql`select distinct on (f.original_name) f.id, f.original_name as name,
               d.data ->> 'product_id' as "productId", f.created_at::text as "uploadedAt"
          from artwork_files f
          left join order_drafts d on d.id = f.draft_id
         where f.user_id = ${input.userId} and f.draft_id is distinct from ${input.exceptDraftId}
         order by f.original_name, f.created_at desc
         limit ${RECENT_UPLOADS * 4}`,
  ).then((rows) => rows.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt)).slice(0, RECENT_UPLOADS));
}

const noFile = () => failure(404, "FILE_NOT_FOUND", "That file isn't among your uploads any more.");

/** 404 for a draft that is not this buyer's, 409 for one paid for or past editing; null otherwise. */
async function draftRefusal(db: Database, input: { userId: string; draftId: string }): Promise<Failure | null> {
  const [draft] = await queryRows<{ status: string; paid: boolean }>(
    db,
    sql`select status, paid_at is not null as paid from order_drafts where id = ${input.draftId} and user_id = ${input.userId}`,
  );
  if (!draft) return FAILURES.noDraft();
  return draft.paid || !isDraftStatus(draft.status) || !isEditableStatus(draft.status) ? FAILURES.locked() : null;
}

/** Copies the buyer's own uploaded file `fileId` into their editable draft `draftId`. */
export async function reuseArtwork(
  db: Database,
  input: { userId: string; draftId: string; fileId: string; storage?: FileStorage },
): Promise<{ ok: true; files: ArtworkFileEntry[]; version: number } | Failure> {
  if (!isDraftId(input.fileId)) return noFile();
  if (!isDraftId(input.draftId)) return FAILURES.noDraft();
  const [source] = await queryRows<{ name: string; storedName: string; contentType: string }>(
    db,
    sql`select original_name as name, stored_name as "storedName", content_type as "contentType"
          from artwork_files where id = ${input.fileId} and user_id = ${input.userId}`,
  );
  if (!source) return noFile();
  // The draft is asked about before any copy or check is spent on it.
  const refused = await draftRefusal(db, input);
  if (refused) return refused;
  const limited = await checksLimited(db, input.userId);
  if (limited) return limited;
  const copied = await copyArtworkIntoDraft(db, {
    userId: input.userId,
    draftId: input.draftId,
    sources: [source],
    storage: input.storage ?? getUploadStorage(),
  });
  if (!copied) return (await draftRefusal(db, input)) ?? FAILURES.tooMany();
  if (copied.missing.length > 0) return failure(410, "FILE_MISSING", "That file is missing: upload it again.");
  const [row] = await queryRows<{ files: ArtworkFileEntry[] }>(
    db,
    sql`select data -> 'artwork' -> 'files' as files from order_drafts where id = ${input.draftId} and user_id = ${input.userId}`,
  );
  return { ok: true, files: row?.files ?? copied.files, version: copied.version };
}
