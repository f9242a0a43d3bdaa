ALTER TABLE "size_collection_answers" ADD COLUMN "delivery" jsonb;--> statement-breakpoint
ALTER TABLE "size_collections" ADD COLUMN "ask_address" text DEFAULT 'no' NOT NULL;--> statement-breakpoint
ALTER TABLE "size_collections" ADD CONSTRAINT "size_collections_ask_address" CHECK (ask_address in ('no', 'address', 'address_or_pickup'));