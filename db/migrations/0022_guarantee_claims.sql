CREATE TABLE "guarantee_claims" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"claimed_by" text NOT NULL,
	"note" text,
	"days_late" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"reason" text,
	"decided_at" timestamp with time zone,
	"remedy" text,
	"credit_note_number" text,
	"credit_pence" integer,
	CONSTRAINT "guarantee_claims_credit_note_number_unique" UNIQUE("credit_note_number"),
	CONSTRAINT "guarantee_claims_status_check" CHECK (status in ('open', 'accepted', 'refused')),
	CONSTRAINT "guarantee_claims_decided_check" CHECK ((status = 'open') = (decided_at is null) and (status = 'open' or reason is not null)),
	CONSTRAINT "guarantee_claims_credit_positive" CHECK (credit_pence is null or credit_pence > 0),
	CONSTRAINT "guarantee_claims_days_late" CHECK (days_late >= 5)
);
--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;