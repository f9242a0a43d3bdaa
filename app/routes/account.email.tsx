import { data } from "react-router";
import type { Route } from "./+types/account.email";
import { requireSessionInfo, dbOf } from "~/server/accounts/request-context.server";
import { AccountPage } from "~/components/account/account-page";
import { emailChangeSchema } from "~/domain/people/auth-forms";
import { confirmCurrentEmail, confirmEmailChange, startEmailChange } from "~/server/accounts/account-settings.server";
import { readForm, toResponse, validate } from "~/server/platform/http.server";

/** The three steps of an e-mail change; each answer names its step and the address being moved to. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = dbOf(context);
  const session = await requireSessionInfo({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { intent: "", newEmail: "" });
  const parsed = validate(emailChangeSchema, form.value);
  if (!parsed.ok) return toResponse(parsed, { intent: form.value.intent ?? "", newEmail: form.value.newEmail ?? "" });
  const input = parsed.value;
  const reply = { intent: input.intent, newEmail: input.newEmail };
  const result =
    input.intent === "email-start"
      ? await startEmailChange(db, request, session, input)
      : input.intent === "email-current"
        ? await confirmCurrentEmail(db, request, session, input)
        : await confirmEmailChange(db, request, session, input);
  if (!result.ok) return toResponse(result, reply);
  return data(reply, { headers: result.headers });
}

export default function AccountEmailRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
