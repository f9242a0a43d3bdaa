import { data } from "react-router";
import type { Route } from "./+types/account.organisation";
import { appContextOf, requireSessionInfo } from "~/server/accounts/request-context.server";
import type { AccountsContext } from "~/server/accounts/auth.server";
import { AccountPage } from "~/components/account/account-page";
import { organisationSchema } from "~/domain/people/auth-forms";
import * as organisations from "~/server/accounts/account-settings.server";
import { readForm, toResponse, validate } from "~/server/platform/http.server";

/** Working as a team: create, switch, invite, change a role, cancel an invitation, leave, answer an invitation. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSessionInfo({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { intent: "" });
  const parsed = validate(organisationSchema, form.value);
  if (!parsed.ok) return toResponse(parsed, { intent: form.value.intent ?? "" });
  const input = parsed.value;
  const reply = { intent: input.intent };
  const result = await change(appContextOf(context), { request, session, input });
  if (!result.ok) return toResponse(result, reply);
  return data(reply, { headers: result.headers });
}

type Change = (typeof organisationSchema)["_output"];

function change(
  ctx: AccountsContext,
  {
    request,
    session,
    input,
  }: { request: Request; session: Awaited<ReturnType<typeof requireSessionInfo>>; input: Change },
) {
  switch (input.intent) {
    case "org-create":
      return organisations.createOrganisation(ctx, { request, ...input });
    case "org-switch":
      return organisations.switchOrganisation(ctx, { request, ...input });
    case "org-invite":
      return organisations.inviteMember(ctx, { request, session, ...input });
    case "org-member-role":
      return organisations.changeMemberRole(ctx, { request, ...input });
    case "org-cancel-invite":
      return organisations.cancelInvitation(ctx, { request, ...input });
    case "org-leave":
      return organisations.leaveOrganisation(ctx, { request, ...input });
    case "invite-respond":
      return organisations.respondToInvitation(ctx, { request, ...input, accept: input.accept === "yes" });
  }
}

export default function AccountOrganisationRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
