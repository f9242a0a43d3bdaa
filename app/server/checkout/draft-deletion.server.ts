/**
 * Deleting checkout drafts with their uploaded artwork: the shopping list's "clear" (shopping.server.ts)
 * and the retention purge (retention-purges.server.ts). One statement removes the drafts and their
 * artwork records together; the files in storage are removed after it. A file that cannot be removed
 * is logged, never an error: the records are gone either way.
 */
import { type SQL, sql } from "drizzle-orm";
import { queryRows, type Database } from "../platform/db.server";
import type { FileStorage } from "../providers/storage.server";

/** Deletes the drafts `doomed` selects (a query of draft ids) and their artwork; answers how many of each went. */
export async function deleteDraftsWithArtwork(
  db: Database,
  input: { doomed: SQL; storage: FileStorage; why: string },
): Promise<{ drafts: number; files: number }> {
  const [result] = await queryRows<{ deleted: number; stored_names: string[] }>(
    db,
    sql`with doomed as (${input.doomed}),
        files as (
          delete from artwork_files where draft_id in (select id from doomed) returning stored_name, preview_stored_name
        ),
        drafts as (
          delete from order_drafts where id in (select id from doomed) returning id
        )
        select (select count(*) from drafts)::int as deleted,
               coalesce((select array_agg(name) from files, unnest(array[stored_name, preview_stored_name]) as name
                          where name is not null), '{}') as stored_names`,
  );
  let files = 0;
  for (const storedName of result?.stored_names ?? []) {
    try {
      await input.storage.delete(storedName);
      files += 1;
    } catch (error) {
      console.error(`Could not remove artwork file ${storedName} of a ${input.why} draft:`, error);
    }
  }
  return { drafts: result?.deleted ?? 0, files };
}
