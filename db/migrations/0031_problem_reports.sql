CREATE TABLE "problem_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reported_by" text NOT NULL,
	"line_positions" integer[] NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "problem_reports_status_check" CHECK (status in ('open', 'resolved')),
	CONSTRAINT "problem_reports_resolved_check" CHECK ((status = 'open') = (resolved_at is null))
);
--> statement-breakpoint
CREATE TABLE "problem_report_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"uploaded_by" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_report_photos" ADD CONSTRAINT "problem_report_photos_report_id_problem_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."problem_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "problem_reports_one_open_idx" ON "problem_reports" USING btree ("order_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "problem_reports_open_idx" ON "problem_reports" USING btree ("created_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "problem_report_photos_report_idx" ON "problem_report_photos" USING btree ("report_id");
