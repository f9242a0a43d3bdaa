/**
 * Copying stored artwork into a draft: a reorder's approved artwork and a brand kit's
 * logo go into the new draft as a copy of the bytes under a new random name, with an
 * artwork_files row the draft owns, exactly as an upload would leave them. The draft then owns its
 * files: deleting or purging it removes only its copies, never the order's or the kit's.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { artworkFiles } from "#db/schema";
import { EDITABLE_STATUSES, isDraftStatus, isEditableStatus } from "~/domain/checkout/draft";
import { ARTWORK_MAX_FILES, artworkKind } from "~/domain/artwork/artwork-rules";
import type { ArtworkFileEntry } from "~/domain/checkout/draft-schemas";
import { FAILURES } from "./artwork-upload.server";
import { queryRows, sqlList, type Database } from "../platform/db.server";
import type { Failure } from "../platform/http.server";
import { deleteStored, type FileStorage } from "../providers/storage.server";
import { preflightStored } from "./artwork-preflight.server";
import { DRAFT_FILES, withDraftFiles } from "./draft-artwork-sql.server";

/**
 * A stored file to copy: its name as the buyer sees it and where its bytes are; for a reorder, the
 * warnings the buyer already said "Use it anyway" to on the order whose design was approved.
 */
export type ArtworkSource = { name: string; storedName: string; contentType: string; useAnyway?: readonly string[] };

/** Copies the bytes; null when the source is missing from storage. */
async function copyBytes(storage: FileStorage, storedName: string) {
  const stream = await storage.get(storedName);
  if (!stream) return null;
  return storage.put(stream);
}

/**
 * Adds copies of `sources` to an editable draft of this user's, replacing a file of the same name
 * (as an upload does) and never past ARTWORK_MAX_FILES. Returns the files added and the draft's
 * new version; null when the draft is not this user's, not editable, or would hold too many.
 */
export async function copyArtworkIntoDraft(
  db: Database,
  input: { userId: string; draftId: string; sources: readonly ArtworkSource[]; storage: FileStorage },
): Promise<{ added: ArtworkFileEntry[]; files: ArtworkFileEntry[]; version: number; missing: string[] } | null> {
  const { userId, draftId, storage } = input;
  const copies: {
    entry: ArtworkFileEntry;
    storedName: string;
    previewStoredName: string | null;
    contentType: string;
  }[] = [];
  const missing: string[] = [];
  for (const source of input.sources) {
    const stored = await copyBytes(storage, source.storedName);
    const kind = artworkKind(source.name);
    if (!stored || stored.size === 0 || !kind) {
      if (stored) await storage.delete(stored.storedName);
      missing.push(source.name);
      continue;
    }
    // Checked as an upload is (decision 027): its report and preview are the copy's own.
    const checked = await preflightStored(db, { userId, storage, stored, kind });
    if (!checked.ok) {
      missing.push(source.name);
      continue;
    }
    const entry: ArtworkFileEntry = {
      id: randomUUID(),
      name: source.name,
      size: stored.size,
      uploaded_at: new Date().toISOString(),
      preflight: checked.report,
      // A reorder repeats the line's method and placement, so its file meets the same warnings, and
      // the buyer accepted them and approved the proof (R-CUST preflight consent, decision 044): kept.
      // Consent is by code, so a warning the copy meets that the order's file did not asks again.
      use_anyway: [...(source.useAnyway ?? [])],
    };
    copies.push({
      entry,
      storedName: stored.storedName,
      previewStoredName: checked.previewStoredName,
      contentType: source.contentType,
    });
  }
  const ours = copies.flatMap((copy) => [copy.storedName, copy.previewStoredName]);
  const names = JSON.stringify(copies.map((copy) => copy.entry.name));
  const added = copies.map((copy) => copy.entry);
  try {
    const saved = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ version: number; files: ArtworkFileEntry[] }>(
        tx,
        sql`update order_drafts
               set data = ${withDraftFiles(sql`coalesce((select jsonb_agg(f.value order by f.position)
                                        from jsonb_array_elements(${DRAFT_FILES}) with ordinality as f(value, position)
                                       where f.value ->> 'name' not in (select jsonb_array_elements_text(${names}::jsonb))), '[]'::jsonb)
                            || ${JSON.stringify(added)}::jsonb`)},
                   version = version + 1,
                   updated_at = now()
             where id = ${draftId} and user_id = ${userId} and status in (${sqlList(EDITABLE_STATUSES)})
               and paid_at is null
               and (select count(*) from jsonb_array_elements(${DRAFT_FILES}) as f(value)
                     where f.value ->> 'name' not in (select jsonb_array_elements_text(${names}::jsonb))) + ${added.length} <= ${ARTWORK_MAX_FILES}
            returning version, ${DRAFT_FILES} as files`,
      );
      if (!row) return null;
      const replaced = await queryRows<{ stored_name: string; preview_stored_name: string | null }>(
        tx,
        sql`delete from artwork_files where draft_id = ${draftId} and user_id = ${userId}
               and original_name in (select jsonb_array_elements_text(${names}::jsonb))
         returning stored_name, preview_stored_name`,
      );
      if (copies.length > 0) {
        await tx.insert(artworkFiles).values(
          copies.map((copy) => ({
            id: copy.entry.id,
            draftId,
            userId,
            originalName: copy.entry.name,
            storedName: copy.storedName,
            previewStoredName: copy.previewStoredName,
            sizeBytes: copy.entry.size,
            contentType: copy.contentType,
          })),
        );
      }
      return { version: row.version, files: row.files, replaced };
    });
    if (!saved) {
      await deleteStored(storage, ours);
      return null;
    }
    for (const old of saved.replaced) await deleteStored(storage, [old.stored_name, old.preview_stored_name]);
    return { added, files: saved.files, version: saved.version, missing };
  } catch (error) {
    await deleteStored(storage, ours);
    throw error;
  }
}

/** Why copyArtworkIntoDraft added nothing: not this user's draft (404), past editing (409), or full (409). */
export async function notCopied(db: Database, input: { userId: string; draftId: string }): Promise<Failure> {
  const [draft] = await queryRows<{ status: string; paid: boolean }>(
    db,
    sql`select status, paid_at is not null as paid from order_drafts where id = ${input.draftId} and user_id = ${input.userId}`,
  );
  if (!draft) return FAILURES.noDraft();
  return draft.paid || !isDraftStatus(draft.status) || !isEditableStatus(draft.status)
    ? FAILURES.locked()
    : FAILURES.tooMany();
}
