DROP INDEX "order_drafts_user_updated_idx";--> statement-breakpoint
CREATE INDEX "order_drafts_user_idx" ON "order_drafts" USING btree ("user_id");--> statement-breakpoint
-- Room on each page for a row's next version, so an autosave updates it in place (a HOT update: no
-- new index entries) instead of moving it (docs/decisions/071).
ALTER TABLE "order_drafts" SET (fillfactor = 70);
