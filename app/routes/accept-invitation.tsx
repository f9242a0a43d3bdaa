import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/accept-invitation";
import { sessionOf, appContextOf } from "~/server/accounts/request-context.server";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { respondToInvitation, switchOrganisation } from "~/server/accounts/account-settings.server";
import { parseForm, toResponse } from "~/server/platform/http.server";

// Anything but "yes" declines, as the Decline button does.
const schema = z.object({ accept: z.string().optional() });

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = await sessionOf(context);
  return { signedIn: session !== null, invitationId: params.id };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const session = await sessionOf(context);
  if (!session) throw redirect(`/sign-in?redirectTo=${encodeURIComponent(`/accept-invitation/${params.id}`)}`);
  const parsed = await parseForm(request, schema);
  if (!parsed.ok) return toResponse(parsed);
  const accept = parsed.value.accept === "yes";
  const result = await respondToInvitation(ctx, { request, invitationId: params.id, accept });
  if (!result.ok) return toResponse(result);
  if (accept) {
    const invitation = await ctx.auth.api
      .getInvitation({ headers: request.headers, query: { id: params.id } })
      .catch(() => null);
    if (invitation) await switchOrganisation(ctx, { request, organizationId: invitation.organizationId });
  }
  throw redirect("/account");
}

export default function AcceptInvitationRoute({ loaderData, actionData }: Route.ComponentProps) {
  const back = `/accept-invitation/${loaderData.invitationId}`;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-extrabold">Join your team</h1>
      {actionData?.error ? (
        <div className="mt-4">
          <FormMessage>{actionData.error.message}</FormMessage>
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
