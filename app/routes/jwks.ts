import { appContextOf } from "~/server/accounts/request-context.server";
import type { Route } from "./+types/jwks";

/** The public keys that verify our JWTs, at the well-known path other services look for. */
export async function loader({ context }: Route.LoaderArgs) {
  const jwks = await appContextOf(context).auth.api.getJwks();
  return Response.json(jwks, { headers: { "Cache-Control": "public, max-age=600" } });
}
