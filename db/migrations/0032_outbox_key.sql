ALTER TABLE "outbox" ADD COLUMN "key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_key_idx" ON "outbox" USING btree ("key");
