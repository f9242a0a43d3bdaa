import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * Problems a buyer reports on a delivered order (docs/decisions/043-problem-reports.md):
 * the lines affected (by position) and what is wrong, open until staff mark it resolved. At most one
 * open report per order (the partial unique index); a resolved one leaves room for the next.
 */
export const problemReports = pgTable(
  "problem_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reportedBy: text("reported_by").notNull(),
    linePositions: integer("line_positions").array().notNull(),
    description: text("description").notNull(),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("problem_reports_one_open_idx").on(table.orderId).where(sql`status = 'open'`),
    index("problem_reports_open_idx").on(table.createdAt).where(sql`status = 'open'`),
    check("problem_reports_status_check", sql`status in ('open', 'resolved')`),
    check("problem_reports_resolved_check", sql`(status = 'open') = (resolved_at is null)`),
  ],
);

/** The buyer's photos of a report: stored as they came, served to staff only as downloads. */
export const problemReportPhotos = pgTable(
  "problem_report_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reportId: uuid("report_id")
      .notNull()
      .references(() => problemReports.id, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").notNull(),
    originalName: text("original_name").notNull(),
    storedName: text("stored_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("problem_report_photos_report_idx").on(table.reportId)],
);
