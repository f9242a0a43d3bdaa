/**
 * The SMS provider texts leave through: a Twilio-compatible API, configured by the environment and
 * read once at boot (app-context.server.ts). Sending is in messages/sms.server.ts.
 */
import type { Env } from "../platform/env.server";

/** A Twilio-compatible provider's settings: all from the environment. */
export type SmsProviderConfig = { accountSid: string; authToken: string; from: string; apiBase: string };

/** The provider the environment configures, or null when texts stay in the outbox. */
export function smsProviderConfig(env: Env): SmsProviderConfig | null {
  const { SMS_TWILIO_ACCOUNT_SID: accountSid, SMS_TWILIO_AUTH_TOKEN: authToken, SMS_FROM: from } = env;
  if (!accountSid || !authToken || !from) return null;
  // Trailing slashes trimmed by hand: /\/+$/ is slow on a long run of slashes (tests/regexes.test.ts).
  let apiBase = env.SMS_API_BASE;
  while (apiBase.endsWith("/")) apiBase = apiBase.slice(0, -1);
  return { accountSid, authToken, from, apiBase };
}
