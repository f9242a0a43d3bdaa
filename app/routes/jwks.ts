import { authFor } from "~/server/accounts/auth.server";
import { dbOf } from "~/server/accounts/request-context.server";
import type { Route } from "./+types/jwks";

/** The public keys that verify our JWTs, at the well-known path other services look for. */
export async function loader({ context }: Route.LoaderArgs) {
  const auth = authFor(dbOf(context));
  const jwks = await auth.api.getJwks();
  return Response.json(jwks, { headers: { "Cache-Control": "public, max-age=600" } });
}
