CREATE TABLE "brand_kit_logos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_kit_logos_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "brand_kit_logos_size_positive" CHECK (size_bytes > 0)
);
--> statement-breakpoint
CREATE TABLE "brand_kits" (
	"account_id" text PRIMARY KEY NOT NULL,
	"colours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placement_notes" text DEFAULT '' NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "brand_kit_logos_account_idx" ON "brand_kit_logos" USING btree ("account_id","created_at");