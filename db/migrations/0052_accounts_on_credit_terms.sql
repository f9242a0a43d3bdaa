CREATE TABLE "credit_accounts" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"company_name" text NOT NULL,
	"company_number" text NOT NULL,
	"accounts_email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"monthly_spend_pence" integer NOT NULL,
	"requested_limit_pence" integer,
	"applied_by" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"limit_pence" integer,
	"terms_days" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "credit_accounts_status_check" CHECK (status in ('pending', 'approved', 'declined', 'suspended')),
	CONSTRAINT "credit_accounts_approved_terms" CHECK (status <> 'approved' or (limit_pence > 0 and terms_days > 0 and decided_by is not null))
);
--> statement-breakpoint
CREATE TABLE "transfer_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"arrived_on" date NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transfer_receipts_amount_positive" CHECK (amount_pence > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_method_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "bank_transfers" ALTER COLUMN "proforma_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "terms_days" integer;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "overdue_reminders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_receipts" ADD CONSTRAINT "transfer_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_accounts_status_idx" ON "credit_accounts" USING btree ("status","applied_at");--> statement-breakpoint
CREATE INDEX "transfer_receipts_order_idx" ON "transfer_receipts" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_proforma_or_account" CHECK ((proforma_number is null) = (terms_days is not null));--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_account_never_expires" CHECK (terms_days is null or expired_at is null);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_check" CHECK (method in ('card', 'bank_transfer', 'account'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('awaiting_transfer', 'on_account', 'paid', 'proof_sent', 'changes_requested', 'proof_approved', 'in_production', 'quality_check', 'shipped', 'delivered', 'cancelled', 'refunded', 'expired'));