-- The categories become data the operator runs (docs/decisions/068-categories-are-data.md): the six of
-- the spec in its order (R-CAT-05), the header's three and the drawer's Drinkware as SPEC.md §2 links them.
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"menu" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_name_unique" UNIQUE("name"),
	CONSTRAINT "categories_slug_check" CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "categories_name_check" CHECK (char_length(name) between 1 and 40),
	CONSTRAINT "categories_menu_check" CHECK (menu in ('header', 'drawer', 'none'))
);
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "position", "menu") VALUES
	('drinkware', 'Drinkware', 1, 'drawer'),
	('office-essentials', 'Office Essentials', 2, 'none'),
	('other', 'Other', 3, 'header'),
	('apparel', 'Apparel', 4, 'header'),
	('bags', 'Bags', 5, 'none'),
	('hats', 'Hats', 6, 'header');
--> statement-breakpoint
CREATE TABLE "category_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"category_name" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text
);
--> statement-breakpoint
CREATE TABLE "category_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_slug_redirects" ADD CONSTRAINT "category_slug_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_position_idx" ON "categories" USING btree ("position");--> statement-breakpoint
CREATE INDEX "category_changes_changed_idx" ON "category_changes" USING btree ("changed_at");--> statement-breakpoint
-- A product names its category; a rename is carried to it in the same statement, a deletion refused while any holds it.
ALTER TABLE "products" ADD CONSTRAINT "products_category_categories_name_fk" FOREIGN KEY ("category") REFERENCES "public"."categories"("name") ON DELETE restrict ON UPDATE cascade;