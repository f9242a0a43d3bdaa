import type { Route } from "./+types/api.sms-signups";
import { smsSignupSchema } from "~/domain/sms-prompt-rules";
import { clientIp } from "~/server/rate-limit.server";
import { saveSmsSignup } from "~/server/sms-signups.server";

const MAX_BODY = 2048;

function failure(status: number, code: string, message: string, headers?: HeadersInit) {
  return Response.json({ error: { code, message } }, { status, headers });
}

/** POST {phone, sourcePage}: stores an SMS opt-in with its consent record (A-21, B-14); 201 {id}. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return failure(405, "METHOD_NOT_ALLOWED", "Use POST.", { Allow: "POST" });
  const text = await request.text();
  if (text.length > MAX_BODY) return failure(413, "TOO_LARGE", "Request too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failure(400, "VALIDATION_FAILED", "Send JSON.");
  }
  const parsed = smsSignupSchema.safeParse(body);
  if (!parsed.success) return failure(400, "VALIDATION_FAILED", "Enter a UK phone number.");
  const outcome = await saveSmsSignup({
    phoneE164: parsed.data.phone,
    sourcePage: parsed.data.sourcePage,
    // Accounts link sign-ups to a user once the session is available here; visitors stay anonymous.
    userId: null,
    ip: clientIp(request),
  });
  if (outcome.status === "rate_limited") {
    return failure(429, "RATE_LIMITED", "Too many sign-ups. Please try again later.", {
      "Retry-After": String(outcome.retryAfterSeconds),
    });
  }
  return Response.json({ id: outcome.id }, { status: 201 });
}
