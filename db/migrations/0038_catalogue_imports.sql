CREATE TABLE "catalogue_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" text NOT NULL,
	"file_name" text NOT NULL,
	"csv" text NOT NULL,
	"status" text DEFAULT 'planning' NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"plan" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" text,
	CONSTRAINT "catalogue_imports_status_check" CHECK (status in ('planning', 'planned', 'applying', 'applied', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "catalogue_imports_created_idx" ON "catalogue_imports" USING btree ("created_at");