CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year"),
	CONSTRAINT "document_counters_kind_check" CHECK (kind in ('quote', 'invoice', 'proforma', 'credit_note')),
	CONSTRAINT "document_counters_last_positive" CHECK (last > 0)
);
--> statement-breakpoint
-- Invoices numbered before the counters: each year carries on from its highest number.
INSERT INTO "document_counters" ("kind", "year", "last")
  SELECT 'invoice', split_part("number", '-', 2)::int, max(split_part("number", '-', 3)::int)
  FROM "invoices" GROUP BY split_part("number", '-', 2)::int;
--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";