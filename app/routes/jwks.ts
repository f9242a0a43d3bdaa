import { getAuth } from "~/server/auth.server";

/** The public keys that verify our JWTs, at the well-known path other services look for. */
export async function loader() {
  const auth = await getAuth();
  const jwks = await auth.api.getJwks();
  return Response.json(jwks, { headers: { "Cache-Control": "public, max-age=600" } });
}
