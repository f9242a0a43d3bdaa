import type { Route } from "./+types/order-problem-photos";
import { ARTWORK_MESSAGES } from "~/domain/artwork/artwork-rules";
import { failure, onlyPost, signInRequired, toResponse } from "~/server/platform/http.server";
import { addProblemPhoto } from "~/server/aftercare/problem-photos.server";
import { dbOf, sessionOf, appContextOf } from "~/server/accounts/request-context.server";

/**
 * POST /orders/:id/problem-photos (decision 043): a photo for the order's open problem report,
 * sent as artwork is (the raw file as the body, its name in X-File-Name). Who may is settled before
 * a byte is read: a signed-in reader of the order (another's order is a 404) whose e-mail address
 * is confirmed. Checks, limits and storage: app/server/aftercare/problem-photos.server.ts.
 */
export function loader() {
  return onlyPost();
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to add a photo to your report."));
  if (!session.user.emailVerified) return toResponse(failure(403, "EMAIL_NOT_VERIFIED", ARTWORK_MESSAGES.unverified));
  const result = await addProblemPhoto(dbOf(context), {
    storage: appContextOf(context).storage,
    userId: session.user.id,
    accountId: session.accountId,
    orderId: params.id,
    request,
  });
  if (!result.ok) return toResponse(result);
  return Response.json({ photo: result.photo }, { status: 201, headers: { "Cache-Control": "private, no-store" } });
}
