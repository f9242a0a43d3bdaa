CREATE TABLE "size_collection_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collection_id" uuid NOT NULL,
	"size" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"edit_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "size_collection_answers_edit_token_hash_unique" UNIQUE("edit_token_hash")
);
--> statement-breakpoint
CREATE TABLE "size_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"cart_item_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"ask_names" boolean DEFAULT false NOT NULL,
	"closes_on" date NOT NULL,
	"max_answers" integer,
	"spares" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "size_collections_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "size_collections_max_answers" CHECK (max_answers is null or max_answers between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "size_collection_answers" ADD CONSTRAINT "size_collection_answers_collection_id_size_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."size_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "size_collection_answers_collection_idx" ON "size_collection_answers" USING btree ("collection_id","created_at");--> statement-breakpoint
CREATE INDEX "size_collections_user_idx" ON "size_collections" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "size_collections_open_line" ON "size_collections" USING btree ("cart_item_id") WHERE closed_at is null;