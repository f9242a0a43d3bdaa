ALTER TABLE "order_proofs" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD COLUMN "preview_stored_name" text;
