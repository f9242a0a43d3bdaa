-- The listing's searches at a catalogue of thousands (docs/decisions/067): any part of the texts
-- buyers search, by trigrams, so "like '%cap%'" reads an index rather than every product.
CREATE INDEX "products_text_trgm_idx" ON "products" USING gin ((lower("title" || ' ' || "description" || ' ' || "category")) gin_trgm_ops);--> statement-breakpoint
-- The newest first, as the listing sorts by default: the creation day, then the product number.
CREATE INDEX "products_newest_idx" ON "products" ((("created_at" AT TIME ZONE 'UTC')::date) DESC, (CASE WHEN "id" ~ '^[0-9]{1,9}$' THEN "id"::int END) DESC NULLS LAST, "id" DESC) WHERE "status" = 'published';
