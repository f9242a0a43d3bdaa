CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"hidden_reason" text,
	CONSTRAINT "reviews_order_line_id_unique" UNIQUE("order_line_id"),
	CONSTRAINT "reviews_rating_range" CHECK (rating between 1 and 5),
	CONSTRAINT "reviews_body_length" CHECK (char_length(body) <= 2000),
	CONSTRAINT "reviews_hidden_audit" CHECK ((hidden_at is null) = (hidden_by is null) and (hidden_at is null) = (hidden_reason is null)),
	CONSTRAINT "reviews_hidden_reason_length" CHECK (char_length(hidden_reason) <= 500)
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_line_fk" FOREIGN KEY ("order_id","order_line_id") REFERENCES "public"."order_lines"("order_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_published_product_idx" ON "reviews" USING btree ("product_id") WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at" DESC NULLS LAST);