/** The signed cookie of the buyers whose own orders are never announced to this browser. */
import { createCookie } from "react-router";
import { securesCookies } from "~/domain/core/cookies";
import type { AccountsContext } from "./auth.server";
import { appContextOf, type RequestArgs, sessionOf } from "./request-context.server";

/**
 * Whose orders are never announced to this browser: the signed-in buyer, and
 * whoever signed out in it since it was opened, so a buyer who pays and then signs out is not told
 * of their own order on the next page. Their ids are kept in a session cookie (gone when the browser
 * closes), signed: an unsigned one would let a visitor name someone else's id and learn which of
 * the feed's orders are theirs from what disappears. The name starts like better-auth's cookies,
 * so every answer to a browser carrying it is private (private-responses.server.ts).
 */
const COOKIE_NAME = "swag.recent_buyers";

/** At most this many ids are kept: a shared machine's last few buyers, not a history. */
export const REMEMBERED_BUYERS = 5;

/** What the cookie is signed and secured with: better-auth's secret, and whether the origin is https. */
type CookieContext = Pick<AccountsContext, "auth" | "baseUrl">;

async function buyersCookie({ auth, baseUrl }: CookieContext) {
  const { secret } = await auth.$context;
  return createCookie(COOKIE_NAME, {
    secrets: [secret],
    httpOnly: true,
    sameSite: "lax",
    secure: securesCookies(baseUrl),
    path: "/",
  });
}

/** The buyers this browser remembers; none when the cookie is missing, unsigned or tampered with. */
export async function rememberedBuyers(ctx: CookieContext, request: Request): Promise<string[]> {
  const value: unknown = await (await buyersCookie(ctx)).parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.filter((id): id is string => typeof id === "string").slice(0, REMEMBERED_BUYERS);
}

/** The Set-Cookie value that adds `userId` to the buyers this browser remembers (at sign-out). */
export async function rememberBuyer(
  ctx: CookieContext,
  { request, userId }: { request: Request; userId: string },
): Promise<string> {
  const others = (await rememberedBuyers(ctx, request)).filter((id) => id !== userId);
  return (await buyersCookie(ctx)).serialize([userId, ...others].slice(0, REMEMBERED_BUYERS));
}

/** Everyone whose orders this request must not be told about: the signed-in buyer and the remembered ones. */
export async function ownBuyers({ request, context }: RequestArgs): Promise<string[]> {
  const [session, remembered] = await Promise.all([
    sessionOf(context),
    rememberedBuyers(appContextOf(context), request),
  ]);
  return session ? [session.user.id, ...remembered.filter((id) => id !== session.user.id)] : remembered;
}
