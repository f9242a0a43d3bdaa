ALTER TABLE "reviews" ADD COLUMN "held_at" timestamp with time zone;
