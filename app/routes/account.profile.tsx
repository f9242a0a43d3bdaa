import { data } from "react-router";
import type { Route } from "./+types/account.profile";
import { requireSessionInfo, appContextOf } from "~/server/accounts/request-context.server";
import { AccountPage } from "~/components/account/account-page";
import { profileSchema } from "~/domain/people/auth-forms";
import { updateProfile } from "~/server/accounts/account-settings.server";
import { parseForm, toResponse } from "~/server/platform/http.server";

const reply = { intent: "profile" };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  await requireSessionInfo({ request, context });
  const parsed = await parseForm(request, profileSchema);
  if (!parsed.ok) return toResponse(parsed, reply);
  const result = await updateProfile(ctx, { request, ...parsed.value });
  if (!result.ok) return toResponse(result, reply);
  return data(reply, { headers: result.headers });
}

export default function AccountProfileRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
