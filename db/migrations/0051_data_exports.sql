CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"requested_by_staff" text,
	"status" text DEFAULT 'preparing' NOT NULL,
	"stored_name" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "data_exports_status" CHECK ("data_exports"."status" in ('preparing', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "data_exports_user" ON "data_exports" USING btree ("user_id","created_at");