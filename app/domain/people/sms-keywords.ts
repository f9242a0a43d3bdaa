/**
 * What an inbound text asks of the SMS list (decision 034): the opt-out keywords carriers and
 * Twilio honour, START to come back and YES to confirm a sign-up. Anything else is not a command and
 * changes nothing.
 */

/** The words that opt a number out, as the whole message (any case, spaces around ignored). */
export const SMS_STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"] as const;
export const SMS_START_WORD = "START";
/** The reply that confirms a sign-up (docs/decisions/034-sms-double-opt-in.md). */
export const SMS_YES_WORD = "YES";

export type SmsKeyword = "stop" | "start" | "yes" | null;

export function smsKeyword(body: string): SmsKeyword {
  const word = body.trim().toUpperCase();
  if ((SMS_STOP_WORDS as readonly string[]).includes(word)) return "stop";
  if (word === SMS_START_WORD) return "start";
  if (word === SMS_YES_WORD) return "yes";
  return null;
}

/** A number as a page shows it to whoever holds its unsubscribe link: the country code and last three digits. */
export function maskedPhone(phoneE164: string): string {
  const digits = phoneE164.replace(/\D/g, "");
  if (digits.length < 8) return "•••";
  const country = phoneE164.startsWith("+44") ? "+44" : `+${digits.slice(0, 1)}`;
  return `${country} ••• ••• ${digits.slice(-3)}`;
}
