import type { Route } from "./+types/api.auth";
import { AUTH_ENDPOINTS_SERVED_OVER_HTTP, getAuth } from "~/server/auth.server";
import { failure, toResponse } from "~/server/http.server";

/**
 * better-auth's own endpoints (/api/auth/*), served only from the allow-list: everything else it
 * has (sign-in, codes, the admin and organisation APIs, tokens) would skip the app's own rules
 * and limits. The exact path is compared, so no spelling of a path can reach another endpoint.
 */
async function serve(request: Request) {
  const path = new URL(request.url).pathname.slice("/api/auth".length);
  if (!AUTH_ENDPOINTS_SERVED_OVER_HTTP.has(`${request.method} ${path}`)) {
    return toResponse(failure(404, "NOT_FOUND", "There is nothing here."));
  }
  return (await getAuth()).handler(request);
}

export async function loader({ request }: Route.LoaderArgs) {
  return serve(request);
}

export async function action({ request }: Route.ActionArgs) {
  return serve(request);
}
