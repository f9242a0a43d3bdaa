CREATE TABLE "bank_transfers" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"proforma_number" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"due_on" date NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"received_by" text,
	"expired_at" timestamp with time zone,
	CONSTRAINT "bank_transfers_proforma_number_unique" UNIQUE("proforma_number"),
	CONSTRAINT "bank_transfers_amount_positive" CHECK (amount_pence > 0),
	CONSTRAINT "bank_transfers_received_by" CHECK ((received_at is null) = (received_by is null)),
	CONSTRAINT "bank_transfers_one_end" CHECK (received_at is null or expired_at is null)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "payment_intents" DROP CONSTRAINT "payment_intents_provider_check";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "paid_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_open_idx" ON "bank_transfers" USING btree ("due_on") WHERE received_at is null and expired_at is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('awaiting_transfer', 'paid', 'proof_sent', 'changes_requested', 'proof_approved', 'in_production', 'quality_check', 'shipped', 'delivered', 'cancelled', 'refunded', 'expired'));--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_provider_check" CHECK (provider in ('stripe', 'test', 'bank_transfer'));