CREATE TABLE "cart_quotes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"converted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"source" text NOT NULL,
	"request_id" uuid,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" date NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping_method" text,
	"country" text NOT NULL,
	"first_order_discount" boolean DEFAULT false NOT NULL,
	"totals" jsonb NOT NULL,
	"delivery_note" text NOT NULL,
	"buyer" jsonb NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_source_check" CHECK (source in ('cart', 'list', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "cart_quotes" ADD CONSTRAINT "cart_quotes_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_account_issued_idx" ON "quotes" USING btree ("account_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_user_issued_idx" ON "quotes" USING btree ("user_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_request_idx" ON "quotes" USING btree ("request_id");