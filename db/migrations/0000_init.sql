CREATE TABLE "order_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"status" text DEFAULT 'customisation_draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_intent_id" text,
	"amount_pence" integer,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "order_drafts_status_check" CHECK (status in ('customisation_draft', 'details_done', 'shipping_done', 'awaiting_payment', 'paid', 'payment_failed'))
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"avatar_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_drafts_user_updated_idx" ON "order_drafts" USING btree ("user_id","updated_at" DESC NULLS LAST);