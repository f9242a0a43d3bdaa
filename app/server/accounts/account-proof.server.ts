/**
 * What proving an address does to an account: the sign-up browser's claim, the settling of an
 * account nobody had proven yet, and the two-step challenge after a code (docs/security.md).
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import { authAccount, authSession, authTwoFactor, authUser, authVerification } from "#db/schema";
import { SITE } from "~/content/links";
import type { Identifier } from "~/domain/people/auth-rules";
import type { AccountsContext, Auth } from "./auth.server";
import type { Holder } from "./account-codes.server";
import { signUpAttemptMail } from "../messages/mail-templates.server";
import { sendMail } from "../messages/mail.server";
import { sendSms } from "../messages/sms.server";
import { cookieValue } from "~/domain/core/cookies";

/** How long the browser that signed up keeps its claim on the account (see settleProof). */
const SIGN_UP_CLAIM_SECONDS = 60 * 60 * 24;
/** better-auth's own lifetime for a two-step challenge (two-factor plugin, twoFactorCookieMaxAge). */
const TWO_FACTOR_SECONDS = 600;
type CookieAttributes = {
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string | boolean;
};

function setCookie(name: string, value: string, attributes: CookieAttributes): string {
  const sameSite = typeof attributes.sameSite === "string" ? attributes.sameSite : undefined;
  return [
    `${name}=${value}`,
    attributes.maxAge === undefined ? null : `Max-Age=${attributes.maxAge}`,
    `Path=${attributes.path ?? "/"}`,
    attributes.httpOnly ? "HttpOnly" : null,
    attributes.secure ? "Secure" : null,
    sameSite ? `SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}` : null,
  ]
    .filter(Boolean)
    .join("; ");
}

const readCookie = (request: Request, name: string) => cookieValue(request.headers.get("cookie"), name);

type SignUpClaim = { userId: string; passwordHash: string; firstName: string; lastName: string };

async function signUpClaimCookie(auth: Auth) {
  const context = await auth.$context;
  return context.createAuthCookie("sign_up", { maxAge: SIGN_UP_CLAIM_SECONDS });
}

/**
 * The cookie every sign-up answer sets: a random token that names a claim on the account when the
 * sign-up made one, and looks the same when it did not, so the answer never tells whether the
 * address already had a proven account.
 */
export async function signUpAnswer(
  { db, auth }: Pick<AccountsContext, "db" | "auth">,
  claim: SignUpClaim | null,
): Promise<Headers> {
  const token = randomBytes(32).toString("base64url");
  if (claim) {
    await db.insert(authVerification).values({
      id: randomUUID(),
      identifier: `sign-up-claim-${token}`,
      value: JSON.stringify(claim),
      expiresAt: new Date(Date.now() + SIGN_UP_CLAIM_SECONDS * 1000),
    });
  }
  const cookie = await signUpClaimCookie(auth);
  return new Headers({ "set-cookie": setCookie(cookie.name, token, cookie.attributes) });
}

/** This browser's sign-up claim on the account, used up once read. */
async function takeClaim(
  { db, auth }: Pick<AccountsContext, "db" | "auth">,
  { request, userId }: { request: Request; userId: string },
): Promise<SignUpClaim | null> {
  const token = readCookie(request, (await signUpClaimCookie(auth)).name);
  if (!token) return null;
  const [row] = await db
    .select()
    .from(authVerification)
    .where(and(eq(authVerification.identifier, `sign-up-claim-${token}`), gt(authVerification.expiresAt, new Date())));
  if (!row) return null;
  const claim = JSON.parse(row.value) as SignUpClaim;
  if (claim.userId !== userId) return null;
  await db.delete(authVerification).where(eq(authVerification.id, row.id));
  return claim;
}

/**
 * What proving an address or number (a code or link sent to it) does to an account on which it was
 * not proven yet (docs/security.md): whoever registered it may not own it, so its sessions (but the
 * prover's) and its second factor end, and its password goes, unless the prover chose one just now
 * (a reset) or is the browser that signed up with the address (its claim sets the password and
 * names it chose). Anyone else who proves it can set a password by resetting it.
 */
export async function settleProof(
  ctx: Pick<AccountsContext, "db" | "auth">,
  {
    request,
    holder,
    ...proof
  }: {
    request: Request;
    holder: Holder;
    channel: "email" | "phone";
    passwordChosen?: boolean;
    keepSession?: string;
  },
) {
  const { db, auth } = ctx;
  if (holder.proven) return;
  await db
    .delete(authSession)
    .where(
      proof.keepSession
        ? and(eq(authSession.userId, holder.id), ne(authSession.token, proof.keepSession))
        : eq(authSession.userId, holder.id),
    );
  await db.delete(authTwoFactor).where(eq(authTwoFactor.userId, holder.id));
  const credential = and(eq(authAccount.userId, holder.id), eq(authAccount.providerId, "credential"));
  const claim = proof.passwordChosen ? null : await takeClaim(ctx, { request, userId: holder.id });
  if (claim) {
    const [current] = await db.select({ password: authAccount.password }).from(authAccount).where(credential);
    if (!current) {
      await db.insert(authAccount).values({
        id: randomUUID(),
        accountId: holder.id,
        providerId: "credential",
        userId: holder.id,
        password: claim.passwordHash,
      });
    } else if (current.password !== claim.passwordHash) {
      await db.update(authAccount).set({ password: claim.passwordHash, updatedAt: new Date() }).where(credential);
    }
  } else if (!proof.passwordChosen) {
    await db.delete(authAccount).where(credential);
  }
  // Through better-auth, so its hooks see the address become proven.
  const context = await auth.$context;
  await context.internalAdapter.updateUser(holder.id, {
    twoFactorEnabled: false,
    ...(proof.channel === "email" ? { emailVerified: true } : { phoneNumberVerified: true }),
    ...(claim
      ? { firstName: claim.firstName, lastName: claim.lastName, name: `${claim.firstName} ${claim.lastName}`.trim() }
      : {}),
  });
}

/**
 * After a code proved the address, the session better-auth opened stands only if the account has
 * no second factor; otherwise it is closed unseen and the person goes on to the two-step check, as
 * after a password (docs/security.md). A trusted device is not asked for a code after a password;
 * after a one-time code it always is.
 */
export async function afterCodeSignIn(
  ctx: Pick<AccountsContext, "db" | "auth">,
  { userId, token, headers }: { userId: string; token: string; headers: Headers },
): Promise<{ ok: true; headers: Headers; twoFactor: boolean }> {
  const [user] = await ctx.db
    .select({ twoFactor: authUser.twoFactorEnabled })
    .from(authUser)
    .where(eq(authUser.id, userId));
  if (!user?.twoFactor) return { ok: true, headers, twoFactor: false };
  const context = await ctx.auth.$context;
  await context.internalAdapter.deleteSession(token);
  return { ok: true, headers: await twoFactorChallenge(ctx.auth, userId), twoFactor: true };
}

/** better-auth's two-step challenge (two-factor plugin): a short-lived record and its signed cookie, which verifyTOTP reads. */
async function twoFactorChallenge(auth: Auth, userId: string): Promise<Headers> {
  const context = await auth.$context;
  const cookie = context.createAuthCookie("two_factor", { maxAge: TWO_FACTOR_SECONDS });
  const identifier = `2fa-${randomBytes(15).toString("hex")}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_SECONDS * 1000);
  await context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
  await context.internalAdapter.createVerificationValue({
    value: "0",
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  // better-call's signed cookie: the value, a dot and its HMAC-SHA256 in base64, URI-encoded.
  const signature = createHmac("sha256", context.secret).update(identifier).digest("base64");
  return new Headers({
    "set-cookie": setCookie(cookie.name, encodeURIComponent(`${identifier}.${signature}`), cookie.attributes),
  });
}

/** Tells the owner of a proven address or number that someone tried to sign up with it. */
export async function tellOwnerOfSignUpAttempt(
  shop: Pick<AccountsContext, "db" | "business" | "baseUrl">,
  identifier: Identifier,
) {
  const { db, baseUrl: base } = shop;
  if (identifier.kind === "email") {
    await sendMail(
      db,
      signUpAttemptMail(shop, { to: identifier.email, signIn: `${base}/sign-in`, reset: `${base}/forgot-password` }),
    );
  } else {
    await sendSms(db, {
      to: identifier.phone,
      text: `Someone tried to create a ${SITE.name} account with this number, which already has one. Sign in or reset your password at ${base}/sign-in`,
      meta: { kind: "sms-sign-up-attempt" },
    });
  }
}
