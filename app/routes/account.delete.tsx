import { redirect } from "react-router";
import type { Route } from "./+types/account.delete";
import { AccountPage } from "~/components/account/account-page";
import { DATA_RIGHTS_MESSAGES } from "~/domain/orders/data-rights";
import { signOut } from "~/server/accounts/account-security.server";
import { confirmAccountOwner } from "~/server/accounts/account-settings.server";
import { appContextOf, requireSessionInfo } from "~/server/accounts/request-context.server";
import { accountDeletionRefusal, deleteAccount } from "~/server/admin/account-deletion.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";

const reply = { intent: "account-delete" };

/**
 * Deletes the signed-in person's account (docs/decisions/084): the box ticked, their password
 * again (or a fresh sign-in for an account without one), nothing of theirs under way; then this
 * device is signed out, the account goes, and they land on a page that says what was kept.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = appContextOf(context);
  const session = await requireSessionInfo({ request, context });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, reply);
  if (form.value.confirm !== "yes")
    return toResponse(failure(400, "CONFIRM_MISSING", DATA_RIGHTS_MESSAGES.confirmMissing), reply);
  const refused =
    (await confirmAccountOwner(ctx, { request, session, password: form.value.password ?? "" })) ??
    (await accountDeletionRefusal(ctx.db, session.user.id));
  if (refused) return toResponse(refused, reply);
  const signedOut = await signOut(ctx, { request, scope: "local" });
  const deleted = await deleteAccount(ctx, { userId: session.user.id });
  if (!deleted.ok) return toResponse(deleted, reply);
  return redirect("/account-deleted", { headers: signedOut.ok ? signedOut.headers : undefined });
}

export default function AccountDeleteRoute({ actionData }: Route.ComponentProps) {
  return <AccountPage reply={actionData} />;
}
