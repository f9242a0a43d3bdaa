CREATE TABLE "brand_kit_logos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"original_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_kit_logos_stored_name_unique" UNIQUE("stored_name"),
	CONSTRAINT "brand_kit_logos_size_positive" CHECK (size_bytes > 0)
);
--> statement-breakpoint
CREATE TABLE "brand_kits" (
	"account_id" text PRIMARY KEY NOT NULL,
	"colours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placement_notes" text DEFAULT '' NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "proof_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_proof_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	CONSTRAINT "proof_share_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "proof_share_links_expiry_check" CHECK (expires_at > created_at)
);
--> statement-breakpoint
ALTER TABLE "order_proofs" ADD COLUMN "decided_via" text;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD COLUMN "decided_by_user_id" text;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD COLUMN "decided_by_name" text;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD COLUMN "decided_by_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "need_by" date;--> statement-breakpoint
ALTER TABLE "guarantee_claims" ADD CONSTRAINT "guarantee_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_share_links" ADD CONSTRAINT "proof_share_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_share_links" ADD CONSTRAINT "proof_share_links_order_proof_id_order_proofs_id_fk" FOREIGN KEY ("order_proof_id") REFERENCES "public"."order_proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_kit_logos_account_idx" ON "brand_kit_logos" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "proof_share_links_proof_idx" ON "proof_share_links" USING btree ("order_proof_id");--> statement-breakpoint
CREATE INDEX "proof_share_links_order_idx" ON "proof_share_links" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_decided_via_check" CHECK (decided_via is null or decided_via in ('order_page', 'share_link', 'approver_account'));