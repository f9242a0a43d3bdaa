CREATE TABLE "first_order_claims" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"organization_id" text,
	"discount_pence" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_order_claims_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "first_order_claims_organization_id_unique" UNIQUE("organization_id")
);
--> statement-breakpoint
ALTER TABLE "first_order_claims" ADD CONSTRAINT "first_order_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Orders paid before claims existed: each person's first one counts as their first order, with
-- the discount it was given (issue 13).
INSERT INTO "first_order_claims" ("order_id", "user_id", "organization_id", "discount_pence", "claimed_at")
SELECT "id", "user_id", NULLIF("account_id", "user_id"), "discount_pence", "paid_at" FROM "orders" ORDER BY "paid_at", "id"
ON CONFLICT DO NOTHING;
