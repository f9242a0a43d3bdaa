-- A draft save merges its patch into order_drafts.data key by key (docs/decisions/005): objects merge,
-- anything else (strings, numbers, arrays, null) replaces, and keys the patch does not name are kept.
-- A non-object where an object is merged is treated as {}. Every save's update calls this one merge.
CREATE FUNCTION draft_merge(target jsonb, patch jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  merged jsonb := CASE WHEN jsonb_typeof(target) = 'object' THEN target ELSE '{}'::jsonb END;
  entry record;
BEGIN
  FOR entry IN SELECT key, value FROM jsonb_each(patch) LOOP
    merged := merged || jsonb_build_object(
      entry.key,
      CASE WHEN jsonb_typeof(entry.value) = 'object' THEN draft_merge(merged -> entry.key, entry.value) ELSE entry.value END
    );
  END LOOP;
  RETURN merged;
END
$$;--> statement-breakpoint
-- The autosave's one statement (docs/decisions/071): the session is read by its token in the same update
-- that writes the draft, so a signed-out or revoked session writes nothing. The draft must be the
-- session's user's, at the version the page last saw, unpaid and without an open payment; the server
-- planned the patch and the status from the draft as this process last saved it.
CREATE FUNCTION draft_save_in_session(session_token text, draft_id uuid, expected_version integer, patch jsonb, new_status text)
RETURNS TABLE (saved_version integer, saved_at timestamptz, session_expires_at timestamptz) LANGUAGE sql AS $$
  UPDATE order_drafts AS d
     SET data = draft_merge(d.data, patch), status = new_status, version = d.version + 1, updated_at = now()
    FROM "session" AS s
   WHERE s.token = session_token AND s.expires_at > now() AND s.user_id = d.user_id
     AND d.id = draft_id AND d.version = expected_version AND d.paid_at IS NULL AND d.payment_intent_id IS NULL
  RETURNING d.version, d.updated_at, s.expires_at
$$;
