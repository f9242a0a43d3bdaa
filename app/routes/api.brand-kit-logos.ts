import type { Route } from "./+types/api.brand-kit-logos";
import { ARTWORK_MESSAGES } from "~/domain/artwork/artwork-rules";
import { uploadBrandLogo } from "~/server/artwork/brand-kit.server";
import { failure, onlyPost, signInRequired, toResponse } from "~/server/platform/http.server";
import { dbOf, sessionOf, appContextOf } from "~/server/accounts/request-context.server";

/**
 * POST /api/brand-kit/logos: a logo for the session's brand kit (its active
 * organisation's, else the buyer's), sent as a draft's artwork is: the raw file as the body, its
 * name in X-File-Name. Who may is settled before a byte is read: a signed-in buyer whose e-mail
 * address is confirmed. Checks, limits and storage: app/server/artwork/brand-kit.server.ts.
 */
export function loader() {
  return onlyPost();
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to add a logo to your brand kit."));
  if (!session.user.emailVerified) return toResponse(failure(403, "EMAIL_NOT_VERIFIED", ARTWORK_MESSAGES.unverified));
  const result = await uploadBrandLogo(dbOf(context), {
    storage: appContextOf(context).storage,
    userId: session.user.id,
    accountId: session.accountId,
    request,
  });
  if (!result.ok) return toResponse(result);
  return Response.json({ logo: result.logo }, { status: 201, headers: { "Cache-Control": "private, no-store" } });
}
