CREATE TABLE "artwork_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"draft_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "artwork_files_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "artwork_files_size_positive" CHECK (size_bytes > 0)
);
--> statement-breakpoint
ALTER TABLE "order_drafts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "artwork_files" ADD CONSTRAINT "artwork_files_draft_id_order_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."order_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artwork_files_draft_idx" ON "artwork_files" USING btree ("draft_id");--> statement-breakpoint
CREATE INDEX "artwork_files_user_idx" ON "artwork_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_drafts_account_paid_idx" ON "order_drafts" USING btree ("account_id") WHERE paid_at is not null;