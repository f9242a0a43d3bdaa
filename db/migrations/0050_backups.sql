CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"name" text NOT NULL,
	"location" text,
	"size_bytes" bigint,
	"error" text,
	CONSTRAINT "backups_status" CHECK ("backups"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backups_one_running" ON "backups" USING btree ("status") WHERE "backups"."status" = 'running';--> statement-breakpoint
CREATE INDEX "backups_started" ON "backups" USING btree ("started_at");