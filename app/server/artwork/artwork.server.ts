/**
 * Artwork uploads for a draft (R-CUST-05/06, A-17, B-6).
 *
 * Upload contract (the route that calls saveArtwork, e.g. POST /api/drafts/:draftId/artwork):
 *   - the request body is the file's raw bytes, not multipart: `fetch(url, { method: "POST",
 *     body: file, headers: { "X-File-Name": encodeURIComponent(file.name) } })`;
 *   - `X-File-Name` (ARTWORK_NAME_HEADER) is required, URI-encoded UTF-8; only its last path
 *     segment is kept, and it is only ever shown, never used on disk;
 *   - `Content-Type` is ignored: the server reads the first bytes instead;
 *   - `Content-Length`, when sent, lets a too-large file be refused before any byte is read;
 *     without it the body is counted as it streams and reading stops past the limit.
 *   Answers: ok → the new file entry, the draft's files as they now are and the draft's new
 *   version (the page's next save must send it); 400 FILE_NAME_MISSING / FILE_EMPTY, 404 DRAFT_NOT_FOUND, 409 DRAFT_LOCKED /
 *   TOO_MANY_FILES, 413 FILE_TOO_LARGE, 415 UNSUPPORTED_FILE_TYPE, 429 UPLOAD_QUOTA, each with the
 *   buyer-facing message from app/domain/artwork/artwork-rules.ts; from the check (decision 033), 422
 *   ARTWORK_UNREADABLE, 429 TOO_MANY_CHECKS (30 an hour, with when to try again) and 503
 *   PREFLIGHT_BUSY (the check did not come round within a minute). (The route answers 401 and 403
 *   for a visitor without a session or a confirmed e-mail address before any of this.)
 *
 * A file with the name of one already on the draft replaces it, in its place in the list, record
 * and bytes (a re-uploaded logo used to be listed twice); so a replacement is never
 * refused as one file too many.
 *
 * The body streams through a byte counter and a content check into storage, so memory use does
 * not grow with the file and nothing past the limit is read. Each upload first reserves its bytes
 * of the user's daily allowance (upload-quota.server.ts).
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { artworkFiles } from "#db/schema";
import { ARTWORK_CONTENT_TYPES, ARTWORK_MAX_BYTES, ARTWORK_MAX_FILES } from "~/domain/artwork/artwork-rules";
import {
  EDITABLE_STATUSES,
  isDraftId,
  isDraftStatus,
  isEditableStatus,
  type ArtworkFileEntry,
} from "~/domain/checkout/draft";
import { queryRows, sqlList, type Database } from "../platform/db.server";
import { type Failure, failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { FAILURES, readUploadHeaders, storeUpload } from "./artwork-upload.server";
import { deleteStored, type FileStorage } from "../providers/storage.server";
import { DRAFT_FILES, withDraftFiles } from "./draft-artwork-sql.server";
import { preflightStored } from "./artwork-preflight.server";
import { checksLimited } from "./preflight-queue.server";

const editableList = sqlList(EDITABLE_STATUSES);
/** How many of the draft's files an upload named `name` keeps: all but those it replaces. */
const keptCount = (name: string | null) =>
  sql`(select count(*) from jsonb_array_elements(${DRAFT_FILES}) as e(value) where e.value ->> 'name' is distinct from ${name})::int`;
/**
 * The draft's files with `entry` in: in place of the first file of the same name (and of any
 * later ones, which older drafts list twice), else at the end.
 */
const withUpload = (entry: ArtworkFileEntry) => sql`(
  select jsonb_agg(f.value order by f.position) from (
    select e.value, e.position from jsonb_array_elements(${DRAFT_FILES}) with ordinality as e(value, position)
     where e.value ->> 'name' is distinct from ${entry.name}
    union all
    select ${JSON.stringify(entry)}::jsonb, coalesce(
      (select min(e.position) from jsonb_array_elements(${DRAFT_FILES}) with ordinality as e(value, position)
        where e.value ->> 'name' = ${entry.name}),
      jsonb_array_length(${DRAFT_FILES}) + 1)
  ) as f(value, position))`;

/** The draft's status, and how many of its files stay beside an upload named `name` (all, for null). */
type DraftState = { status: string; kept: number };

async function draftState(
  db: Database,
  userId: string,
  draftId: string,
  name: string | null = null,
): Promise<DraftState | null> {
  const [row] = await queryRows<DraftState>(
    db,
    sql`select status, ${keptCount(name)} as kept from order_drafts where id = ${draftId} and user_id = ${userId}`,
  );
  return row ?? null;
}

function stateFailure(state: DraftState | null): Failure | null {
  if (!state) return FAILURES.noDraft();
  if (!isDraftStatus(state.status) || !isEditableStatus(state.status)) return FAILURES.locked();
  return null;
}

/**
 * Stores one uploaded artwork file for a draft of this user's and lists it in
 * data.artwork.files with email_later false (B-6), replacing a file of the same name. See the
 * contract at the top of this module.
 * `maxBytes` and `storage` are for tests; the app uses 50 MB and `${DATA_DIR}/uploads`.
 */
export async function saveArtwork(
  db: Database,
  input: {
    userId: string;
    draftId: string;
    request: Request;
    maxBytes?: number;
    storage: FileStorage;
  },
): Promise<{ ok: true; file: ArtworkFileEntry; files: ArtworkFileEntry[]; version: number } | Failure> {
  const { userId, draftId, request } = input;
  const maxBytes = input.maxBytes ?? ARTWORK_MAX_BYTES;
  const storage = input.storage;

  const headers = readUploadHeaders(request, maxBytes);
  if (!headers.ok) return headers;
  const { name, kind, length, maxBytes: limit, check } = headers;
  if (!userId || !isDraftId(draftId)) return FAILURES.noDraft();
  const state = await draftState(db, userId, draftId, name);
  const refused = stateFailure(state);
  if (refused) return refused;
  if (state && state.kept >= ARTWORK_MAX_FILES) return FAILURES.tooMany();
  if (!request.body) return FAILURES.empty();
  // Past the hourly checks the 429 comes before a byte of the body is read (decision 033).
  const limited = await checksLimited(db, userId);
  if (limited) return limited;

  const stored = await storeUpload(db, {
    userId,
    check,
    length,
    maxBytes: limit,
    body: request.body,
    storage,
  });
  if (!stored.ok) return stored;
  const checked = await preflightStored(db, { userId, storage, stored, kind, signal: request.signal });
  if (!checked.ok) return checked;
  const ours = [stored.storedName, checked.previewStoredName];

  const file: ArtworkFileEntry = {
    id: randomUUID(),
    name,
    size: stored.size,
    uploaded_at: new Date().toISOString(),
    preflight: checked.report,
    use_anyway: [],
  };
  try {
    const saved = await db.transaction(async (tx) => {
      const result = (await tx.execute(
        sql`update order_drafts
               set data = ${withDraftFiles(withUpload(file))},
                   version = version + 1,
                   updated_at = now()
             where id = ${draftId} and user_id = ${userId} and status in (${editableList})
               and ${keptCount(name)} < ${ARTWORK_MAX_FILES}
            returning version, data -> 'artwork' -> 'files' as files`,
      )) as unknown as { rows: { version: number; files: ArtworkFileEntry[] }[] };
      const row = result.rows[0];
      if (!row) return null;
      const replaced = await tx
        .delete(artworkFiles)
        .where(
          and(eq(artworkFiles.draftId, draftId), eq(artworkFiles.userId, userId), eq(artworkFiles.originalName, name)),
        )
        .returning({ storedName: artworkFiles.storedName, previewStoredName: artworkFiles.previewStoredName });
      await tx.insert(artworkFiles).values({
        id: file.id,
        draftId,
        userId,
        originalName: name,
        storedName: stored.storedName,
        previewStoredName: checked.previewStoredName,
        sizeBytes: stored.size,
        contentType: ARTWORK_CONTENT_TYPES[kind],
      });
      return { version: row.version, files: row.files, replaced };
    });
    if (saved === null) {
      // The draft changed while the bytes were arriving (deleted, paid for, or filled up).
      await deleteStored(storage, ours);
      const now = await draftState(db, userId, draftId, name);
      return stateFailure(now) ?? FAILURES.tooMany();
    }
    for (const old of saved.replaced) await deleteStored(storage, [old.storedName, old.previewStoredName]);
    return { ok: true, file, files: saved.files, version: saved.version };
  } catch (error) {
    await deleteStored(storage, ours);
    throw error;
  }
}

/** Removes one artwork file from a draft of this user's, record and bytes. Returns the draft's new version. */
export async function removeArtwork(
  db: Database,
  input: {
    userId: string;
    draftId: string;
    fileId: string;
    storage: FileStorage;
  },
): Promise<{ ok: true; version: number } | Failure> {
  const { userId, draftId, fileId } = input;
  if (!userId || !isDraftId(draftId)) return FAILURES.noDraft();
  if (!isDraftId(fileId)) return FAILURES.noFile();
  const [found] = await queryRows<{ status: string; stored_name: string | null; preview_stored_name: string | null }>(
    db,
    sql`select d.status, f.stored_name, f.preview_stored_name
          from order_drafts d
          left join artwork_files f on f.draft_id = d.id and f.id = ${fileId} and f.user_id = ${userId}
         where d.id = ${draftId} and d.user_id = ${userId}`,
  );
  const refused = stateFailure(found ? { status: found.status, kept: 0 } : null);
  if (refused) return refused;
  const storedName = found?.stored_name;
  if (!storedName) return FAILURES.noFile();

  const version = await db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`update order_drafts
             set data = jsonb_set(data, '{artwork,files}', coalesce(
                   (select jsonb_agg(f.value order by f.position)
                      from jsonb_array_elements(${DRAFT_FILES}) with ordinality as f(value, position)
                     where f.value ->> 'id' <> ${fileId}),
                   '[]'::jsonb)),
                 version = version + 1,
                 updated_at = now()
           where id = ${draftId} and user_id = ${userId} and status in (${editableList})
          returning version`,
    )) as unknown as { rows: { version: number }[] };
    const row = result.rows[0];
    if (!row) return null;
    await tx.execute(sql`delete from artwork_files where id = ${fileId} and user_id = ${userId}`);
    return row.version;
  });
  if (version === null) return stateFailure(await draftState(db, userId, draftId)) ?? FAILURES.noFile();
  await deleteStored(input.storage, [storedName, found?.preview_stored_name ?? null]);
  return { ok: true, version };
}

/**
 * How often one person may ask for pictures of page one (each opens a stored file) and answer
 * warnings (each writes a draft): far above a buyer's or staff member's real use, far below a flood.
 */
export const PREFLIGHT_LIMITS = {
  previews: { hits: 600, windowSeconds: 3600 },
  answers: { hits: 120, windowSeconds: 3600 },
} as const;

/** A 429 with its reason when `who` is past `limit`; null while allowed. */
export async function preflightLimited(
  db: Database,
  { limit, who }: { limit: keyof typeof PREFLIGHT_LIMITS; who: string },
): Promise<Failure | null> {
  const { hits, windowSeconds } = PREFLIGHT_LIMITS[limit];
  const hit = await hitRateLimit(db, { key: `artwork-${limit}:${who}`, limit: hits, windowSeconds });
  if (hit.allowed) return null;
  return failure(
    429,
    "RATE_LIMITED",
    "Too many requests for artwork checks. Please wait a few minutes and try again.",
    {
      retryAfterSeconds: hit.retryAfterSeconds,
    },
  );
}

/**
 * Records the buyer's "Use it anyway" on one file of a draft of theirs (decision 027): `codes`
 * are the warnings they accepted, kept on the file's entry so the order carries them. Answers the
 * draft's files and new version, as an upload does.
 */
export async function acceptArtworkWarnings(
  db: Database,
  input: { userId: string; draftId: string; fileId: string; codes: readonly string[] },
): Promise<{ ok: true; files: ArtworkFileEntry[]; version: number } | Failure> {
  const { userId, draftId, fileId } = input;
  if (!userId || !isDraftId(draftId)) return FAILURES.noDraft();
  if (!isDraftId(fileId)) return FAILURES.noFile();
  const [row] = await queryRows<{ version: number; files: ArtworkFileEntry[] }>(
    db,
    sql`update order_drafts
           set data = jsonb_set(data, '{artwork,files}', (
                 select jsonb_agg(case when f.value ->> 'id' = ${fileId}
                                       then f.value || jsonb_build_object('use_anyway', ${JSON.stringify(input.codes)}::jsonb)
                                       else f.value end order by f.position)
                   from jsonb_array_elements(${DRAFT_FILES}) with ordinality as f(value, position))),
               version = version + 1,
               updated_at = now()
         where id = ${draftId} and user_id = ${userId} and status in (${editableList})
           and exists (select 1 from jsonb_array_elements(${DRAFT_FILES}) as f(value) where f.value ->> 'id' = ${fileId})
        returning version, data -> 'artwork' -> 'files' as files`,
  );
  if (row) return { ok: true, ...row };
  return stateFailure(await draftState(db, userId, draftId)) ?? FAILURES.noFile();
}

export type ArtworkDownload = {
  name: string;
  contentType: string;
  /** null when not known without reading (a preview). */
  size: number | null;
  stream: ReadableStream<Uint8Array>;
};

/**
 * One artwork file for download, or the PNG of its page one (`preview`, decision 027), only for the
 * user who uploaded it (B-6); null for anyone else, an unknown id, a file without a preview or
 * one missing from storage.
 */
export async function openArtwork(
  db: Database,
  input: {
    userId: string;
    fileId: string;
    preview?: boolean;
    storage: FileStorage;
  },
): Promise<ArtworkDownload | null> {
  const { userId, fileId } = input;
  if (!userId || !isDraftId(fileId)) return null;
  const [row] = await queryRows<{
    original_name: string;
    stored_name: string;
    preview_stored_name: string | null;
    content_type: string;
    size_bytes: number;
  }>(
    db,
    sql`select original_name, stored_name, preview_stored_name, content_type, size_bytes
          from artwork_files where id = ${fileId} and user_id = ${userId}`,
  );
  if (!row) return null;
  const storage = input.storage;
  if (input.preview) {
    const stream = row.preview_stored_name ? await storage.get(row.preview_stored_name) : null;
    return stream ? { name: `${row.original_name}.png`, contentType: "image/png", size: null, stream } : null;
  }
  const stream = await storage.get(row.stored_name);
  if (!stream) return null;
  return { name: row.original_name, contentType: row.content_type, size: row.size_bytes, stream };
}

/**
 * A preview's headers (decision 027): a PNG shown as an image, never sniffed as anything else;
 * the same file id always has the same preview, so the browser keeps it a while, privately.
 */
export function artworkPreviewHeaders(): Headers {
  return new Headers({
    "Content-Type": "image/png",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
    "Cache-Control": "private, max-age=3600",
  });
}

/**
 * Response headers for a download: always an attachment (a PDF or PostScript file is never
 * rendered inline on our origin, and a sandbox should one be), the buyer's file name in RFC 6266 form, no sniffing, no caching.
 */
export function artworkDownloadHeaders(file: Pick<ArtworkDownload, "name" | "contentType" | "size">): Headers {
  const fallback = file.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Headers({
    "Content-Type": file.contentType,
    ...(file.size === null ? {} : { "Content-Length": String(file.size) }),
    "Content-Disposition": `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "X-Content-Type-Options": "nosniff",
    // An SVG opened on its own from our origin runs nothing (docs/decisions/044-raster-and-svg-artwork.md).
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
  });
}

/**
 * A shared proof file's headers (docs/decisions/025-proof-share-links.md): a download's, an image shown inline, and a
 * sandbox with no referrer in case the file is opened on its own, since its URL holds the token.
 */
export function sharedProofFileHeaders(file: Pick<ArtworkDownload, "name" | "contentType" | "size">): Headers {
  const headers = artworkDownloadHeaders(file);
  if (file.contentType.startsWith("image/")) {
    headers.set("Content-Disposition", headers.get("Content-Disposition")!.replace(/^attachment/, "inline"));
  }
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");
  headers.set("Referrer-Policy", "no-referrer");
  return headers;
}
