import { sql } from "drizzle-orm";
import { smsSignups } from "#db/schema";
import { SMS_CONSENT_TEXT } from "~/content/contact";
import type { Database } from "./db.server";
import { hitRateLimit } from "./rate-limit.server";

/** Sign-ups one address may make per hour (B-14, B-22). */
export const SMS_SIGNUP_LIMIT_PER_HOUR = 10;

export type SmsSignupOutcome = { status: "saved"; id: string } | { status: "rate_limited"; retryAfterSeconds: number };

/**
 * Records an SMS opt-in with the wording shown and the time (A-21, PECR). The consent text is the
 * server's own copy, never the request's. Signing up again refreshes the consent on the same row.
 */
export async function saveSmsSignup(
  db: Database,
  input: {
    phoneE164: string;
    sourcePage?: string;
    userId?: string | null;
    ip: string;
  },
): Promise<SmsSignupOutcome> {
  const limit = await hitRateLimit(db, `sms:${input.ip}`, SMS_SIGNUP_LIMIT_PER_HOUR, 3600);
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  const now = new Date();
  const [row] = await db
    .insert(smsSignups)
    .values({
      phoneE164: input.phoneE164,
      consentText: SMS_CONSENT_TEXT,
      consentAt: now,
      sourcePage: input.sourcePage ?? null,
      userId: input.userId ?? null,
    })
    .onConflictDoUpdate({
      target: smsSignups.phoneE164,
      set: {
        consentText: SMS_CONSENT_TEXT,
        consentAt: now,
        sourcePage: input.sourcePage ?? null,
        userId: sql`coalesce(excluded.user_id, ${smsSignups.userId})`,
      },
    })
    .returning({ id: smsSignups.id });
  if (!row) throw new Error("Saving the SMS sign-up returned no row");
  return { status: "saved", id: row.id };
}
