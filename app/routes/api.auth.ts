import type { Route } from "./+types/api.auth";
import { type Auth, AUTH_ENDPOINTS_SERVED_OVER_HTTP } from "~/server/accounts/auth.server";
import { failure, toResponse } from "~/server/platform/http.server";
import { appContextOf } from "~/server/accounts/request-context.server";

/**
 * better-auth's own endpoints (/api/auth/*), served only from the allow-list: everything else it
 * has (sign-in, codes, the admin and organisation APIs, tokens) would skip the app's own rules
 * and limits. The exact path is compared, so no spelling of a path can reach another endpoint.
 */
async function serve(auth: Auth, request: Request) {
  const path = new URL(request.url).pathname.slice("/api/auth".length);
  if (!AUTH_ENDPOINTS_SERVED_OVER_HTTP.has(`${request.method} ${path}`)) {
    return toResponse(failure(404, "NOT_FOUND", "There is nothing here."));
  }
  return auth.handler(request);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return serve(appContextOf(context).auth, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return serve(appContextOf(context).auth, request);
}
