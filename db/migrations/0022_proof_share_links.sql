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
ALTER TABLE "proof_share_links" ADD CONSTRAINT "proof_share_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_share_links" ADD CONSTRAINT "proof_share_links_order_proof_id_order_proofs_id_fk" FOREIGN KEY ("order_proof_id") REFERENCES "public"."order_proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_share_links_proof_idx" ON "proof_share_links" USING btree ("order_proof_id");--> statement-breakpoint
CREATE INDEX "proof_share_links_order_idx" ON "proof_share_links" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_decided_via_check" CHECK (decided_via is null or decided_via in ('order_page', 'share_link', 'approver_account'));