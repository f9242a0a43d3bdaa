import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/accept-invitation";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { respondToInvitation, switchOrganisation } from "~/server/account-settings.server";
import { readFormData } from "~/server/form-body.server";
import { getSessionInfo } from "~/server/session.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await getSessionInfo(request);
  return { signedIn: session !== null, invitationId: params.id };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await getSessionInfo(request);
  if (!session) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`/accept-invitation/${params.id}`)}`);
  const form = await readFormData(request);
  const accept = form.get("accept") === "yes";
  const result = await respondToInvitation(request, { invitationId: params.id, accept });
  if (!result.ok) return data({ message: result.message }, { status: result.status });
  if (accept) {
    const auth = await import("~/server/auth.server").then((m) => m.getAuth());
    const invitation = await auth.api
      .getInvitation({ headers: request.headers, query: { id: params.id } })
      .catch(() => null);
    if (invitation) await switchOrganisation(request, { organizationId: invitation.organizationId });
  }
  throw redirect("/account");
}

export default function AcceptInvitationRoute({ loaderData, actionData }: Route.ComponentProps) {
  const back = `/accept-invitation/${loaderData.invitationId}`;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Join your team</h1>
      {actionData?.message ? (
        <div className="mt-4">
          <FormMessage>{actionData.message}</FormMessage>
        </div>
      ) : null}
      {loaderData.signedIn ? (
        <Form method="post" className="mt-6 flex gap-3">
          <button type="submit" name="accept" value="yes" className={buttonClass("primary")}>
            Accept invitation
          </button>
          <button type="submit" name="accept" value="no" className={buttonClass("ghost")}>
            Decline
          </button>
        </Form>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-muted">
            Sign in, or create an account with the e-mail address the invitation was sent to, to accept it.
          </p>
          <div className="flex gap-3">
            <Link to={`/sign-in?redirectTo=${encodeURIComponent(back)}`} className={buttonClass("primary")}>
              Sign in
            </Link>
            <Link to={`/sign-up?redirectTo=${encodeURIComponent(back)}`} className={buttonClass("secondary")}>
              Create account
            </Link>
          </div>
        </div>
      )}
    </section>
  );
}

export function meta() {
  return [{ title: "Join your team | Swag Studio" }];
}
