import { sql } from "drizzle-orm";
import {
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
 * person agreed to and when are stored with the number. One row per number. Consent is double opt-in
 * (docs/decisions/034-sms-double-opt-in.md): a sign-up is pending until the phone replies YES or its
 * link is followed (`confirmed_at`); only the token's hash is kept, with its expiry. `opted_out_at` is
 * when the number said STOP or used the unsubscribe link; only START from the phone clears it. The row
 * is purged the business's SMS period after the opt-out.
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
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sms_signups_phone_idx").on(t.phoneE164),
    index("sms_signups_opted_out_idx").on(t.optedOutAt).where(sql`opted_out_at is not null`),
    uniqueIndex("sms_signups_confirm_token_idx").on(t.confirmTokenHash).where(sql`confirm_token_hash is not null`),
  ],
);

/**
 * Texts sent per Europe/London day and budget (docs/decisions/034-sms-double-opt-in.md): one row a
 * day for the shop's list texts, counted with a conditional upsert so two processes never overshoot.
 */
export const smsDailyCounts = pgTable(
  "sms_daily_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    budget: text("budget").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ name: "sms_daily_counts_pk", columns: [t.day, t.budget] })],
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
