import { sql } from "drizzle-orm";
import { bigserial, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Messages from the contact form (SPEC.md §2 "Contact"), kept on our own server instead of a form service. */
export const inquiries = pgTable(
  "inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company").notNull(),
    deadline: date("deadline", { mode: "string" }),
    purpose: text("purpose"),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inquiries_created_idx").on(t.createdAt.desc())],
);

/**
 * SMS opt-ins (REQUIREMENTS.md A-21, B-14). PECR needs proof of consent, so the exact wording the
 * person agreed to and when are stored with the number. One row per number: signing up again
 * refreshes the consent and clears an opt-out. `opted_out_at` is when the number said STOP or used
 * the unsubscribe link (issue 18 item 5); the row is purged the business's SMS period after it.
 */
export const smsSignups = pgTable(
  "sms_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phoneE164: text("phone_e164").notNull(),
    consentText: text("consent_text").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    sourcePage: text("source_page"),
    userId: text("user_id"),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sms_signups_phone_idx").on(t.phoneE164),
    index("sms_signups_opted_out_idx").on(t.optedOutAt).where(sql`opted_out_at is not null`),
  ],
);

/**
 * First-party page views (R-AN-01/02; A-51): the path with its query string and the time, nothing
 * else. No IP, cookie, user agent or referrer, so no consent banner is needed (PECR).
 */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    path: text("path").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_views_created_idx").on(t.createdAt.desc())],
);
