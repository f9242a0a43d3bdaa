CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"draft_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_pence" integer NOT NULL,
	"subtotal_pence" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "order_lines_draft_id_unique" UNIQUE("draft_id"),
	CONSTRAINT "order_lines_order_position" UNIQUE("order_id","position"),
	CONSTRAINT "order_lines_quantity_positive" CHECK (quantity > 0),
	CONSTRAINT "order_lines_subtotal_check" CHECK (subtotal_pence = unit_pence * quantity)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_draft_id_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_draft_id_order_drafts_id_fk";
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_draft_id_order_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."order_drafts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Orders paid before lines existed become one-line orders (issue 15 item 7): the line takes the
-- product, quantity, price and customisation; the order keeps what applies to the whole order.
INSERT INTO "order_lines" ("order_id", "position", "draft_id", "product_id", "quantity", "unit_pence", "subtotal_pence", "snapshot")
SELECT "id", 1, "draft_id", "product_id", "quantity", "unit_pence", "unit_pence" * "quantity",
  jsonb_build_object('product', "snapshot" -> 'product', 'customization',
    ("snapshot" -> 'data') - 'details' - 'shipping' - 'totals' - 'eta' - 'status' - 'proof_acknowledged')
FROM "orders";--> statement-breakpoint
UPDATE "orders" SET "snapshot" = jsonb_build_object('data',
  ("snapshot" -> 'data') - 'product_id' - 'variant' - 'quantity' - 'branding' - 'proof' - 'artwork' - 'confirm'
    - 'notes' - 'handwritten_note' - 'customization_selections');--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "draft_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_pence";