import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { orderDrafts } from "./core";

/**
 * Uploaded artwork (REQUIREMENTS B-6). The draft's data.artwork.files lists what the
 * buyer sees ({id, name, size, uploaded_at}); this table holds what only the server may know:
 * the owner, the random name on disk and the sniffed content type. Downloads look the file up
 * here by id and user, so a file id from someone else's draft opens nothing, and the rows go
 * with their draft (on delete cascade).
 */
export const artworkFiles = pgTable(
  "artwork_files",
  {
    id: uuid("id").primaryKey(),
    draftId: uuid("draft_id")
      .notNull()
      .references(() => orderDrafts.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    originalName: text("original_name").notNull(),
    storedName: text("stored_name").notNull().unique(),
    sizeBytes: integer("size_bytes").notNull(),
    contentType: text("content_type").notNull(),
    /** Page one as a PNG, rendered at upload (decision 027); null for an EPS and files from before it. */
    previewStoredName: text("preview_stored_name").unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("artwork_files_draft_idx").on(t.draftId),
    index("artwork_files_user_idx").on(t.userId),
    check("artwork_files_size_positive", sql`size_bytes > 0`),
  ],
);
