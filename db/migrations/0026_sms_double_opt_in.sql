ALTER TABLE "sms_signups" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_signups" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "sms_signups" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_signups_confirm_token_idx" ON "sms_signups" USING btree ("confirm_token_hash") WHERE confirm_token_hash is not null;--> statement-breakpoint
CREATE TABLE "sms_daily_counts" (
	"day" date NOT NULL,
	"budget" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_daily_counts_pk" PRIMARY KEY("day","budget")
);
