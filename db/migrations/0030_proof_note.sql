ALTER TABLE "order_proofs" ADD COLUMN "note" text;
