/**
 * The per-request session lookup without better-auth's endpoint machinery
 * (docs/decisions/029-session-lookup.md): the session cookie's signature checked as better-auth
 * checks it, then the session, its user and the membership of its active organisation read in one
 * prepared statement. Sessions stay rows in the database, so a revoked one (signed out, revoked
 * from another device, ended by a password change or reset) is refused on the next request.
 * Whatever would make better-auth write (a session to extend or an expired one to delete) is left
 * to better-auth: the caller falls back to `auth.api.getSession`.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { authMember, authSession, authUser } from "#db/schema";
import type { AccountsContext, Auth } from "./auth.server";
import type { Database } from "../platform/db.server";

/** Where the lookup could not answer on its own and better-auth must. */
export const ASK_BETTER_AUTH = Symbol("ask better-auth");

export type LookedUpSession = {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    firstName: string | null;
    lastName: string | null;
    image: string | null;
    phoneNumber: string | null;
    twoFactorEnabled: boolean | null;
    role: string | null;
  };
  session: { id: string; createdAt: Date; activeOrganizationId: string | null };
};

type LookupConfig = {
  cookieName: string;
  secret: string;
  /** Seconds: a session is extended once it is this much younger than its full lifetime. */
  expiresIn: number;
  updateAge: number;
  statement: ReturnType<typeof prepareLookup>;
};

function prepareLookup(db: Database) {
  return db
    .select({
      sessionId: authSession.id,
      expiresAt: authSession.expiresAt,
      createdAt: authSession.createdAt,
      activeOrganizationId: authSession.activeOrganizationId,
      memberId: authMember.id,
      user: {
        id: authUser.id,
        name: authUser.name,
        email: authUser.email,
        emailVerified: authUser.emailVerified,
        firstName: authUser.firstName,
        lastName: authUser.lastName,
        image: authUser.image,
        phoneNumber: authUser.phoneNumber,
        twoFactorEnabled: authUser.twoFactorEnabled,
        role: authUser.role,
      },
    })
    .from(authSession)
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .leftJoin(
      authMember,
      and(eq(authMember.organizationId, authSession.activeOrganizationId), eq(authMember.userId, authSession.userId)),
    )
    .where(eq(authSession.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_lookup");
}

/** Each better-auth's lookup, read from it once (it is the same for as long as better-auth is open). */
const configs = new WeakMap<Auth, Promise<LookupConfig | null>>();

/** The cookie's name, the signing secret and the refresh ages, from better-auth's own context. */
function configFor({ db, auth }: Pick<AccountsContext, "db" | "auth">): Promise<LookupConfig | null> {
  let config = configs.get(auth);
  if (!config) {
    config = auth.$context.then((context) => {
      // better-call signs and checks cookies with this one secret, rotated secrets or not.
      if (typeof context.secret !== "string") return null;
      return {
        cookieName: context.authCookies.sessionToken.name,
        secret: context.secret,
        expiresIn: context.sessionConfig.expiresIn,
        updateAge: context.sessionConfig.updateAge,
        statement: prepareLookup(db),
      };
    });
    configs.set(auth, config);
  }
  return config;
}

/** A cookie's value as better-call reads it: the first of that name, quotes stripped, URL-decoded. */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The token of a signed session cookie ("token.signature", the signature an HMAC-SHA256 of the
 * token in base64, as better-call's getSignedCookie checks it), or null if it is missing or forged.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The verified session token of a request's Cookie header: null when there is none or it is
 * forged, ASK_BETTER_AUTH when better-auth's settings could not be read. The token is a session
 * only while its row exists: whoever uses it reads that row (lookUpSession, or the draft save's
 * own statement, draft-quick-save.server.ts).
 */
export async function sessionTokenOf(
  ctx: Pick<AccountsContext, "db" | "auth">,
  cookieHeader: string | null | undefined,
): Promise<string | null | typeof ASK_BETTER_AUTH> {
  const config = await configFor(ctx);
  if (!config) return ASK_BETTER_AUTH;
  const value = cookieHeader ? cookieValue(cookieHeader, config.cookieName) : null;
  return value ? verifiedToken(value, config.secret) : null;
}

/**
 * Whether better-auth has something to write for a session that expires at `expiresAt`: delete
 * it (expired) or extend it (older than updateAge).
 */
export async function sessionDueForBetterAuth(
  ctx: Pick<AccountsContext, "db" | "auth">,
  { expiresAt, now = Date.now() }: { expiresAt: number; now?: number },
): Promise<boolean> {
  const config = await configFor(ctx);
  if (!config) return true;
  return expiresAt < now || expiresAt - config.expiresIn * 1000 + config.updateAge * 1000 <= now;
}

/**
 * The request's session, null when there is none (no cookie, a forged one, a session that no
 * longer exists), or ASK_BETTER_AUTH when better-auth has something to write. A session whose
 * active organisation the user has left comes back with activeOrganizationId null (SPEC.md §3).
 */
export async function lookUpSession(
  ctx: Pick<AccountsContext, "db" | "auth">,
  { request, now = Date.now() }: { request: Request; now?: number },
): Promise<LookedUpSession | null | typeof ASK_BETTER_AUTH> {
  const config = await configFor(ctx);
  const token = await sessionTokenOf(ctx, request.headers.get("cookie"));
  if (!config || token === ASK_BETTER_AUTH) return ASK_BETTER_AUTH;
  if (token === null) return null;
  const [row] = await config.statement.execute({ token });
  if (!row) return null;
  // better-auth deletes an expired session and extends one older than updateAge: both are its to do.
  if (await sessionDueForBetterAuth(ctx, { expiresAt: new Date(row.expiresAt).getTime(), now })) {
    return ASK_BETTER_AUTH;
  }
  return {
    user: row.user,
    session: {
      id: row.sessionId,
      createdAt: new Date(row.createdAt),
      activeOrganizationId: row.memberId ? row.activeOrganizationId : null,
    },
  };
}
