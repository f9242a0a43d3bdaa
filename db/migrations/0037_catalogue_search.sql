ALTER TABLE "products" ADD COLUMN "lead_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The lead time's longest reading in days ("2-3 weeks" 21, "9 days" 9, "3.5 weeks" 25, "10 working days" 14), as app/domain/catalogue/lead-days.ts reads it when a product is saved.
UPDATE "products" SET "lead_days" = ceil(
  (m[1])::numeric
  * CASE WHEN lower(m[3]) LIKE 'week%' THEN 7 ELSE 1 END
  * CASE WHEN m[2] IS NOT NULL THEN 7.0 / 5 ELSE 1 END
) FROM (SELECT "id" AS "pid", regexp_match("lead_time", '([0-9]{1,3}(?:\.[0-9]{1,2})?)\s*(working\s+)?(days?|weeks?)', 'i') AS m FROM "products") AS parsed
WHERE parsed."pid" = "products"."id" AND parsed.m IS NOT NULL;--> statement-breakpoint
-- Full-text search (docs/decisions/067): title first, then tags and category, then description, in English stems.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
CREATE FUNCTION products_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', NEW.title), 'A') ||
    setweight(to_tsvector('english', array_to_string(NEW.tags, ' ') || ' ' || NEW.category), 'B') ||
    setweight(to_tsvector('english', NEW.description), 'C');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_vector" BEFORE INSERT OR UPDATE OF "title", "tags", "category", "description" ON "products"
  FOR EACH ROW EXECUTE FUNCTION products_search_vector();--> statement-breakpoint
UPDATE "products" SET "title" = "title";--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- Typos and parts of words: trigrams of the title, and of all its searchable text.
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin (lower("title") gin_trgm_ops);
