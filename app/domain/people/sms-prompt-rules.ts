/**
 * When the SMS sign-up prompt opens by itself, what it remembers in the browser, and what the
 * server accepts (SPEC.md §4 "SMS prompt", R-SMS-01..10, R-TIME-04, R-LS-05/06).
 */
import { STORAGE_KEYS } from "../core/storage-keys";
import { z } from "zod";
import { isValidUkSmsPhone, ukPhoneToE164 } from "./contact-rules";

/** R-TIME-04: the prompt opens 23 s after the page loads. */
export const SMS_PROMPT_DELAY_MS = 23_000;
/** R-SMS-03: not again within 30 days of last showing it. */
export const SMS_REPROMPT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Browser storage keys (R-LS-05); the same strings as the site-wide storage-key list (R-LS-01). */
export const SMS_STORAGE_KEYS = {
  signedUp: STORAGE_KEYS.smsSignedUp,
  lastShown: STORAGE_KEYS.smsLastShown,
} as const;

/** The record kept once the server has accepted a number (SPEC.md §3 "SMS signup record"). */
export type SmsSignedUpRecord = { phoneNumber: string; timestamp: number; id: string };

/** R-SMS-01/03: open automatically only when not signed up and not shown in the last 30 days. */
export function shouldAutoOpenSmsPrompt(input: {
  signedUp: boolean;
  lastShownAt: number | null;
  now: number;
}): boolean {
  if (input.signedUp) return false;
  if (input.lastShownAt === null) return true;
  return input.now - input.lastShownAt >= SMS_REPROMPT_DAYS * DAY_MS;
}

/** A stored signed-up record, or null when missing or corrupt (R-LS-06: never crash on bad storage). */
export function parseSignedUpRecord(raw: string | null): SmsSignedUpRecord | null {
  if (raw === null) return null;
  try {
    // Checked by hand, not with zod: this runs in every page's bundle.
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const { phoneNumber, timestamp, id } = value as Record<string, unknown>;
    if (typeof phoneNumber !== "string" || phoneNumber === "" || typeof id !== "string" || id === "") return null;
    if (typeof timestamp !== "number" || !Number.isFinite(timestamp)) return null;
    return { phoneNumber, timestamp, id };
  } catch {
    return null;
  }
}

/** The stored last-shown time in ms since the epoch, or null when missing or corrupt. */
export function parseLastShown(raw: string | null): number | null {
  if (raw === null || raw.trim() === "") return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * What the browser posts. The number is stored as E.164; the consent wording is the server's own
 * copy, never taken from the request.
 */
export const smsSignupSchema = z.object({
  phone: z
    .string()
    .max(40, { message: "Enter a UK phone number", abort: true })
    .refine(isValidUkSmsPhone, "Enter a UK phone number")
    .transform((phone) => ukPhoneToE164(phone) ?? phone),
  sourcePage: z
    .string()
    .max(512, { message: "Must be a path on this site", abort: true })
    .regex(/^\/(?!\/)/, "Must be a path on this site")
    .optional(),
});
export type SmsSignupInput = z.output<typeof smsSignupSchema>;
