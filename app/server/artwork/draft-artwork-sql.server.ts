/**
 * The SQL of a draft's artwork list (data.artwork.files), shared by the two writers of it: an
 * upload (artwork.server.ts) and a copy of stored artwork (artwork-copy.server.ts).
 */
import { type SQL, sql } from "drizzle-orm";

/** data.artwork.files as a jsonb array, whatever the row holds. */
export const DRAFT_FILES = sql`(case when jsonb_typeof(data -> 'artwork' -> 'files') = 'array' then data -> 'artwork' -> 'files' else '[]'::jsonb end)`;

/** `data` with data.artwork.files set to `files` (jsonb) and "e-mail it later" off (B-6). */
export const withDraftFiles = (files: SQL) => sql`jsonb_set(
    case when jsonb_typeof(data) = 'object' then data else '{}'::jsonb end,
    '{artwork}',
    (case when jsonb_typeof(data -> 'artwork') = 'object' then data -> 'artwork' else '{}'::jsonb end)
      || jsonb_build_object('email_later', false, 'files', ${files})
  )`;
