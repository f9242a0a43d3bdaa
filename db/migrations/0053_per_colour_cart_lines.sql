ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_product";--> statement-breakpoint
ALTER TABLE "order_drafts" ADD COLUMN "cart_item_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_product_colour" UNIQUE("user_id","product_id","selected_color");--> statement-breakpoint
-- Until now a user's cart had one line per product: each unpaid draft belongs to its product's line.
UPDATE "order_drafts" d SET "cart_item_id" = c."id" FROM "cart_items" c
 WHERE c."user_id" = d."user_id" AND c."product_id" = d."product_id" AND d."paid_at" IS NULL;
