ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_id" UNIQUE("order_id","id");--> statement-breakpoint
ALTER TABLE "order_proofs" ADD COLUMN "order_line_id" uuid;--> statement-breakpoint
-- Proofs sent before lines had proofs of their own were for the order's one product (issue 15 item 6).
UPDATE "order_proofs" SET "order_line_id" = "order_lines"."id" FROM "order_lines"
WHERE "order_lines"."order_id" = "order_proofs"."order_id" AND "order_lines"."position" = 1;--> statement-breakpoint
ALTER TABLE "order_proofs" ALTER COLUMN "order_line_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_proofs" DROP CONSTRAINT "order_proofs_order_version";--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_line_version" UNIQUE("order_line_id","version");--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_line_fk" FOREIGN KEY ("order_id","order_line_id") REFERENCES "public"."order_lines"("order_id","id") ON DELETE cascade ON UPDATE no action;
