import type { Route } from "./+types/api.auth";
import { getAuth } from "~/server/auth.server";

// better-auth's own endpoints (/api/auth/*): e-mail links, tokens for other services, the JWKS.
export async function loader({ request }: Route.LoaderArgs) {
  return (await getAuth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await getAuth()).handler(request);
}
