ALTER TABLE "bank_transfers" ADD COLUMN "part_paid_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "returned_pence" integer;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "returned_on" date;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "returned_reference" text;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "returned_by" text;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_part_paid" CHECK (part_paid_pence >= 0);--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_returned" CHECK ((returned_pence is null) = (returned_on is null) and (returned_pence is null) = (returned_by is null) and (returned_pence is null or returned_pence = part_paid_pence));