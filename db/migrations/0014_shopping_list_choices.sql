-- Issue 16 item 9: the shopping list keeps the colour, customisations and handwritten note chosen on
-- the product page, so "Add to cart" from the list adds what the buyer picked. Rows saved before
-- have none chosen; the list asks for them before adding such a row to the cart.
ALTER TABLE "shopping_list_items" ADD COLUMN "selected_color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD COLUMN "customization_selections" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shopping_list_items" ADD COLUMN "handwritten_note" boolean DEFAULT false NOT NULL;