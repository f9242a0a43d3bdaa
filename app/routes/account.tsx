import { Outlet } from "react-router";
import type { Route } from "./+types/account";
import { requireSessionInfo, appContextOf, nowOf } from "~/server/accounts/request-context.server";
import type { AccountView } from "~/components/account/account-page";
import { isPlaceholderEmail, isSignInFresh } from "~/domain/people/auth-rules";
import { listActiveSessions } from "~/server/accounts/account-security.server";
import { latestDataExport } from "~/server/admin/data-exports.server";
import {
  activeOrganisationDetails,
  listMyInvitations,
  listMyOrganisations,
} from "~/server/accounts/account-settings.server";

/**
 * /account: what the page shows, for every concern's route below it (account.profile.tsx,
 * account.email.tsx…), each of which has its own action and shows the whole page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = appContextOf(context);
  const session = await requireSessionInfo({ request, context });
  const [sessions, organisations, activeOrganisation, invitations, dataExport] = await Promise.all([
    listActiveSessions(ctx, { request, session }),
    listMyOrganisations(ctx, { request, session }),
    activeOrganisationDetails(ctx, { request, session }),
    listMyInvitations(ctx, request),
    latestDataExport(ctx.db, { userId: session.user.id, staff: false, now: nowOf(context) }),
  ]);
  return {
    user: { ...session.user, email: isPlaceholderEmail(session.user.email) ? null : session.user.email },
    recentSignIn: isSignInFresh(session.session.createdAt, nowOf(context)),
    sessions,
    organisations,
    activeOrganisation,
    invitations,
    dataExport,
  };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return <Outlet context={loaderData satisfies AccountView} />;
}

export function meta() {
  return [{ title: "Your account | Swag Studio" }, { name: "robots", content: "noindex" }];
}
