-- Issue 15: a payment is for the lines of a whole cart. The ledger keeps them as
-- [{draftId, version, productId, quantity, unitPence, subtotalPence}] (app/domain/cart-checkout.ts);
-- every earlier payment was for its own draft alone, at the quantity and price it recorded.
ALTER TABLE "payment_intents" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "payment_intents" p
   SET "lines" = jsonb_build_array(jsonb_build_object(
         'draftId', p.draft_id::text,
         'version', d.version,
         'productId', d.product_id,
         'quantity', p.quantity,
         'unitPence', p.unit_pence,
         'subtotalPence', p.subtotal_pence))
  FROM "order_drafts" d
 WHERE d.id = p.draft_id;--> statement-breakpoint
ALTER TABLE "payment_intents" DROP COLUMN "unit_pence";--> statement-breakpoint
ALTER TABLE "payment_intents" DROP COLUMN "quantity";
