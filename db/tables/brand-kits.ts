import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Brand kits: an organisation's, or a buyer's without one, keyed by the account
// id every order carries (the organisation's id, else the user's). Only its members read or change it.

/** Brand colours and default placement notes; one row per account, created on first save. */
export const brandKits = pgTable("brand_kits", {
  accountId: text("account_id").primaryKey(),
  colours: jsonb("colours").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  placementNotes: text("placement_notes").notNull().default(""),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A logo kept in the kit: an artwork file (PDF or EPS) stored under a random name like a draft's
 * upload. Step 2 copies it into a draft, so deleting it never touches a draft's or an order's file.
 */
export const brandKitLogos = pgTable(
  "brand_kit_logos",
  {
    id: uuid("id").primaryKey(),
    accountId: text("account_id").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    originalName: text("original_name").notNull(),
    storedName: text("stored_name").notNull().unique(),
    sizeBytes: integer("size_bytes").notNull(),
    contentType: text("content_type").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("brand_kit_logos_account_idx").on(t.accountId, t.createdAt),
    check("brand_kit_logos_size_positive", sql`size_bytes > 0`),
  ],
);
