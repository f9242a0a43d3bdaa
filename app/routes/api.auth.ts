import type { Route } from "./+types/api.auth";
import { AUTH_ENDPOINTS_SERVED_OVER_HTTP, authFor } from "~/server/accounts/auth.server";
import { failure, toResponse } from "~/server/platform/http.server";
import type { Database } from "~/server/platform/db.server";
import { dbOf } from "~/server/accounts/request-context.server";

/**
 * better-auth's own endpoints (/api/auth/*), served only from the allow-list: everything else it
 * has (sign-in, codes, the admin and organisation APIs, tokens) would skip the app's own rules
 * and limits. The exact path is compared, so no spelling of a path can reach another endpoint.
 */
async function serve(db: Database, request: Request) {
  const path = new URL(request.url).pathname.slice("/api/auth".length);
  if (!AUTH_ENDPOINTS_SERVED_OVER_HTTP.has(`${request.method} ${path}`)) {
    return toResponse(failure(404, "NOT_FOUND", "There is nothing here."));
  }
  return authFor(db).handler(request);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return serve(dbOf(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return serve(dbOf(context), request);
}
