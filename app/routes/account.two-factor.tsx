import { data } from "react-router";
import type { Route } from "./+types/account.two-factor";
import { requireSessionInfo, appContextOf } from "~/server/accounts/request-context.server";
import { AccountPage } from "~/components/account/account-page";
import { twoFactorSettingsSchema } from "~/domain/people/auth-forms";
import { confirmTwoFactor, disableTwoFactor, startTwoFactor } from "~/server/accounts/account-security.server";
import { readForm, toResponse, validate } from "~/server/platform/http.server";

/** Two-step sign-in: set up (the answer carries the key, QR code and backup codes), confirm, turn off. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  await requireSessionInfo({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { intent: "" });
  const parsed = validate(twoFactorSettingsSchema, form.value);
  if (!parsed.ok) return toResponse(parsed, { intent: form.value.intent ?? "" });
  const input = parsed.value;
  const reply = { intent: input.intent };
  if (input.intent === "2fa-start") {
    const started = await startTwoFactor(ctx, { request, ...input });
    if (!started.ok) return toResponse(started, reply);
    const { secret, qrCode, backupCodes } = started;
    return data({ ...reply, enrolment: { secret, qrCode, backupCodes } }, { headers: started.headers });
  }
  const result =
    input.intent === "2fa-confirm"
      ? await confirmTwoFactor(ctx, { request, ...input })
      : await disableTwoFactor(ctx, { request, ...input });
  if (!result.ok) return toResponse(result, reply);
  return data(reply, { headers: result.headers });
}

export default function AccountTwoFactorRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
