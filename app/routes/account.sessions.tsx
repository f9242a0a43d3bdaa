import { data } from "react-router";
import type { Route } from "./+types/account.sessions";
import { requireSessionInfo, appContextOf } from "~/server/accounts/request-context.server";
import { AccountPage } from "~/components/account/account-page";
import { sessionRevokeSchema } from "~/domain/people/auth-forms";
import { revokeSessionById } from "~/server/accounts/account-security.server";
import { parseForm, toResponse } from "~/server/platform/http.server";

const reply = { intent: "session-revoke" };

/** Signs out one other device; all others or everywhere is /sign-out's. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const session = await requireSessionInfo({ request, context });
  const parsed = await parseForm(request, sessionRevokeSchema);
  if (!parsed.ok) return toResponse(parsed, reply);
  const result = await revokeSessionById(ctx, { request, session, sessionId: parsed.value.sessionId });
  if (!result.ok) return toResponse(result, reply);
  return data(reply, { headers: result.headers });
}

export default function AccountSessionsRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
