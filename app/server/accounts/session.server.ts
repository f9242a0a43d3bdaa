/**
 * Who is signed in: this request's user and the account it acts for (SPEC.md §3; decisions 011, 029),
 * and where a sign-in may send the browser back to.
 */
import { and, eq } from "drizzle-orm";
import { authMember } from "#db/schema";
import { accountIdFor } from "~/domain/people/auth-rules";
import type { AccountsContext } from "./auth.server";
import type { Database } from "../platform/db.server";
import { ASK_BETTER_AUTH, type LookedUpSession, lookUpSession } from "./session-lookup.server";

export type SignedInUser = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
  phoneNumber: string | null;
  twoFactorEnabled: boolean;
  role: string | null;
};

export type SessionInfo = {
  user: SignedInUser;
  session: { id: string; createdAt: Date; activeOrganizationId: string | null };
  /** SPEC.md §3: the active organisation if any, else the user. */
  accountId: string;
};

/**
 * The signed-in user of this request, or null: one statement (session-lookup.server.ts), or
 * better-auth's own lookup and a membership query when the session has to be extended or deleted.
 * Routes ask `sessionOf(context)` (request-context.server.ts), which calls this once per request.
 */
export async function getSessionInfo(
  ctx: Pick<AccountsContext, "db" | "auth">,
  request: Request,
): Promise<SessionInfo | null> {
  const looked = await lookUpSession(ctx, { request });
  if (looked === ASK_BETTER_AUTH) return betterAuthSession(ctx, request);
  return looked && sessionInfoFrom(looked);
}

async function betterAuthSession(
  { db, auth }: Pick<AccountsContext, "db" | "auth">,
  request: Request,
): Promise<SessionInfo | null> {
  const result = await auth.api.getSession({ headers: request.headers });
  if (!result) return null;
  const { user, session } = result;
  const activeOrganizationId = await stillAMember(db, user.id, session.activeOrganizationId ?? null);
  return sessionInfoFrom({
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      image: user.image ?? null,
      phoneNumber: user.phoneNumber ?? null,
      twoFactorEnabled: user.twoFactorEnabled ?? false,
      role: user.role ?? null,
    },
    session: { id: session.id, createdAt: new Date(session.createdAt), activeOrganizationId },
  });
}

function sessionInfoFrom({ user, session }: LookedUpSession): SessionInfo {
  return {
    user: { ...user, twoFactorEnabled: user.twoFactorEnabled ?? false },
    session,
    accountId: accountIdFor({ userId: user.id, activeOrganizationId: session.activeOrganizationId }),
  };
}

/**
 * The session's active organisation while the user still belongs to it, else null. better-auth
 * clears it only in the session that leaves; the user's other sessions, and every session of a
 * member who is removed, keep it, and with it the organisation's orders (decision 035).
 */
async function stillAMember(db: Database, userId: string, organizationId: string | null): Promise<string | null> {
  if (!organizationId) return null;
  const [member] = await db
    .select({ id: authMember.id })
    .from(authMember)
    .where(and(eq(authMember.organizationId, organizationId), eq(authMember.userId, userId)))
    .limit(1);
  return member ? organizationId : null;
}

/**
 * Only same-site paths may be returned to (after signing in, after choosing how prices show). A
 * browser drops tabs and line breaks from a URL before reading it, so "/\t/evil.example" would
 * become "//evil.example", another site: a path with any control character is refused too.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  for (let i = 0; i < to.length; i++) {
    const code = to.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  return to;
}
