ALTER TABLE "bank_transfers" ADD COLUMN "received_pence" integer;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_received_pence" CHECK (received_pence is null or (received_pence > 0 and received_at is not null));
