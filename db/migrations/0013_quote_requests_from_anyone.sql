-- Issue 16 item 9: "Request this product" (an empty category, an empty search) writes to the quote
-- inbox from pages anyone may open, so a request carries the name and e-mail to answer, and the
-- account only when the buyer was signed in. Earlier rows came from signed-in buyers alone.
ALTER TABLE "quote_requests" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "needed_by" date;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "source_page" text;