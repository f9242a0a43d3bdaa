CREATE TABLE "shop_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"reason" text NOT NULL,
	"staff_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_closures_in_order" CHECK ("shop_closures"."last_day" >= "shop_closures"."first_day")
);
--> statement-breakpoint
CREATE INDEX "shop_closures_last_day_idx" ON "shop_closures" USING btree ("last_day");