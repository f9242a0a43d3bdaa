CREATE TABLE "preflight_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"stored_name" text NOT NULL,
	"size" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "preflight_checks_status_check" CHECK (status in ('queued', 'running', 'done', 'abandoned'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "preflight_checks_one_running_idx" ON "preflight_checks" USING btree ("user_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "preflight_checks_user_idx" ON "preflight_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "preflight_checks_waiting_idx" ON "preflight_checks" USING btree ("id") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "preflight_checks_finished_idx" ON "preflight_checks" USING btree ("created_at") WHERE status in ('done', 'abandoned');
