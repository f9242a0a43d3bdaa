ALTER TABLE "order_proofs" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD COLUMN "recorded_by_name" text;--> statement-breakpoint
ALTER TABLE "order_proofs" DROP CONSTRAINT "order_proofs_decided_via_check";--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_decided_via_check" CHECK (decided_via is null or decided_via in ('order_page', 'share_link', 'approver_account', 'staff_phone', 'staff_email'));--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_recorded_by_check" CHECK ((decided_via in ('staff_phone', 'staff_email')) = (recorded_by is not null));
