import { data } from "react-router";
import type { Route } from "./+types/account.password";
import { requireSessionInfo, appContextOf } from "~/server/accounts/request-context.server";
import { AccountPage } from "~/components/account/account-page";
import { passwordChangeSchema } from "~/domain/people/auth-forms";
import { changePassword } from "~/server/accounts/account-settings.server";
import { parseForm, toResponse } from "~/server/platform/http.server";

const reply = { intent: "password" };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const session = await requireSessionInfo({ request, context });
  const parsed = await parseForm(request, passwordChangeSchema);
  if (!parsed.ok) return toResponse(parsed, reply);
  const input = parsed.value;
  const result = await changePassword(ctx, { request, session, ...input, signOutOthers: input.signOutOthers === "on" });
  if (!result.ok) return toResponse(result, reply);
  return data(reply, { headers: result.headers });
}

export default function AccountPasswordRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
