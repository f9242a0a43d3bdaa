import { data } from "react-router";
import type { Route } from "./+types/account.organisation";
import { requireSessionInfo } from "~/server/request-context.server";
import { AccountPage } from "~/components/account/account-page";
import { organisationSchema } from "~/domain/auth-forms";
import * as organisations from "~/server/account-settings.server";
import { readForm, toResponse, validate } from "~/server/http.server";

/** Working as a team: create, switch, invite, cancel an invitation, leave, answer an invitation. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireSessionInfo({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { intent: "" });
  const parsed = validate(organisationSchema, form.value);
  if (!parsed.ok) return toResponse(parsed, { intent: form.value.intent ?? "" });
  const input = parsed.value;
  const reply = { intent: input.intent };
  const result = await change(request, session, input);
  if (!result.ok) return toResponse(result, reply);
  return data(reply, { headers: result.headers });
}

type Change = (typeof organisationSchema)["_output"];

function change(request: Request, session: Awaited<ReturnType<typeof requireSessionInfo>>, input: Change) {
  switch (input.intent) {
    case "org-create":
      return organisations.createOrganisation(request, input);
    case "org-switch":
      return organisations.switchOrganisation(request, input);
    case "org-invite":
      return organisations.inviteMember(request, session, input);
    case "org-cancel-invite":
      return organisations.cancelInvitation(request, input);
    case "org-leave":
      return organisations.leaveOrganisation(request, input);
    case "invite-respond":
      return organisations.respondToInvitation(request, { ...input, accept: input.accept === "yes" });
  }
}

export default function AccountOrganisationRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
