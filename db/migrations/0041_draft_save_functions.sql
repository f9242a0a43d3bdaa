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
$$;
