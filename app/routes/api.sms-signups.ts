import type { Route } from "./+types/api.sms-signups";
import { smsSignupSchema } from "~/domain/people/sms-prompt-rules";
import { failure, readJson, toResponse, onlyPost } from "~/server/platform/http.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { saveSmsSignup } from "~/server/shop/sms-signups.server";
import { appContextOf } from "~/server/accounts/request-context.server";

/**
 * POST {phone, sourcePage}: asks the number to confirm an SMS opt-in (A-21, B-14; double opt-in,
 * docs/decisions/034-sms-double-opt-in.md); 201 {id} whatever the number's state, 429 with a reason
 * past a limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const body = await readJson(request, smsSignupSchema, { maxBytes: 2048 });
  if (!body.ok) return toResponse(body);
  const outcome = await saveSmsSignup(appContextOf(context), {
    phoneE164: body.value.phone,
    sourcePage: body.value.sourcePage,
    // Accounts link sign-ups to a user once the session is available here; visitors stay anonymous.
    userId: null,
    ip: clientIp(request),
  });
  if (outcome.status === "refused") {
    const { message, retryAfterSeconds } = outcome;
    return toResponse(failure(429, "RATE_LIMITED", message, { retryAfterSeconds }));
  }
  return Response.json({ id: outcome.id }, { status: 201 });
}
