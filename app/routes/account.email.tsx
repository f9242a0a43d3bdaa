import { data } from "react-router";
import type { Route } from "./+types/account.email";
import { requireSessionInfo, appContextOf } from "~/server/accounts/request-context.server";
import { AccountPage } from "~/components/account/account-page";
import { emailChangeSchema } from "~/domain/people/auth-forms";
import { confirmCurrentEmail, confirmEmailChange, startEmailChange } from "~/server/accounts/account-settings.server";
import { readForm, toResponse, validate } from "~/server/platform/http.server";

/** The three steps of an e-mail change; each answer names its step and the address being moved to. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const session = await requireSessionInfo({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { intent: "", newEmail: "" });
  const parsed = validate(emailChangeSchema, form.value);
  if (!parsed.ok) return toResponse(parsed, { intent: form.value.intent ?? "", newEmail: form.value.newEmail ?? "" });
  const input = parsed.value;
  const reply = { intent: input.intent, newEmail: input.newEmail };
  const result =
    input.intent === "email-start"
      ? await startEmailChange(ctx, { request, session, ...input })
      : input.intent === "email-current"
        ? await confirmCurrentEmail(ctx, { request, session, ...input })
        : await confirmEmailChange(ctx, { request, session, ...input });
  if (!result.ok) return toResponse(result, reply);
  return data(reply, { headers: result.headers });
}

export default function AccountEmailRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
