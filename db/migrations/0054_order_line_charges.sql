ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_subtotal_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "charges_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_charges_check" CHECK (charges_pence >= 0);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_subtotal_check" CHECK (subtotal_pence = unit_pence * quantity + charges_pence);