/**
 * The better-auth instance: its plugins, password hashing, hooks and organisation roles, opened once
 * on the app context where that is opened and carried in it as `ctx.auth` (withAuth, decision 011).
 * It serves no HTTP endpoints; every flow calls it on the server (decision 012).
 */
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { verifyPassword as verifyScrypt } from "better-auth/crypto";
import { emailOTP, jwt, organization, phoneNumber, twoFactor } from "better-auth/plugins";
import { adminAc, defaultAc, memberAc, ownerAc } from "better-auth/plugins/organization/access";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normalisePhone,
  ORGANISATION_LIMIT,
} from "~/domain/people/auth-rules";
import { SITE } from "~/content/links";
import { securesCookies } from "~/domain/core/cookies";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import {
  changeEmailMail,
  invitationMail,
  passwordResetMail,
  signInCodeMail,
  verifyEmailMail,
} from "../messages/mail-templates.server";
import { sendMail } from "../messages/mail.server";
import { sendSms } from "../messages/sms.server";

/** better-auth's phone-number plugin's endpoints: all of them send or check a text's code. */
const PHONE_ENDPOINT = /^\/(phone-number\/|sign-in\/phone-number$)/;

/** argon2id with OWASP's minimum: 19 MiB, t = 2, p = 1. */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The better-auth endpoints served over HTTP at /api/auth/* (app/routes/api.auth.ts), as
 * "METHOD /path". None: every page runs its flow on the server through auth.api, where the app's
 * own rules and limits apply, and links in e-mails open the shop's pages. Anything added here is
 * reachable by anyone; app/routes/api.auth.test.ts proves every other endpoint answers 404.
 */
export const AUTH_ENDPOINTS_SERVED_OVER_HTTP: ReadonlySet<string> = new Set<string>();

export async function hashPassword(password: string) {
  return argon2Hash(password, ARGON2);
}

/** argon2id hashes, and better-auth's own scrypt hashes from before the switch. */
export async function verifyPasswordHash(data: { hash: string; password: string }) {
  if (data.hash.startsWith("$argon2")) return argon2Verify(data.hash, data.password);
  return verifyScrypt(data);
}

/**
 * What better-auth is opened with: the database, the shop's origin and profile (its account e-mails
 * speak for it), the secret that signs its cookies, and the SMS provider, without which no code
 * reaches a phone.
 */
export type AuthOptions = Pick<AppContext, "db" | "business" | "baseUrl" | "sms" | "authSecret">;

/** better-auth on the context's database, for the shop the context speaks for (withAuth, below). */
export function openAuth(ctx: AuthOptions) {
  const { db, baseUrl } = ctx;
  const https = securesCookies(baseUrl);
  return betterAuth({
    appName: SITE.name,
    baseURL: baseUrl,
    basePath: "/api/auth",
    secret: ctx.authSecret,
    // The public origin only: a Host header is whatever the client sent.
    trustedOrigins: [baseUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.authUser,
        session: schema.authSession,
        account: schema.authAccount,
        verification: schema.authVerification,
        twoFactor: schema.authTwoFactor,
        organization: schema.authOrganization,
        member: schema.authMember,
        invitation: schema.authInvitation,
        jwks: schema.authJwks,
        rateLimit: schema.authRateLimit,
      },
    }),
    user: {
      additionalFields: {
        firstName: { type: "string", required: false },
        lastName: { type: "string", required: false },
        // Set only on the server (admin-staff.server.ts); no sign-up or profile update takes it.
        role: { type: "string", required: false, input: false },
        // When the address was last proven by a code or link (stampEmailProof below).
        emailVerifiedAt: { type: "date", required: false, input: false, returned: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPasswordHash },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        // Our own page takes the token, so the link works with or without JavaScript.
        const url = `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await sendMail(db, passwordResetMail(ctx, { to: user.email, url }));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Sensitive changes need a sign-in from the last 10 minutes (SPEC.md §6 "strict").
      freshAge: 60 * 10,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": { window: 60, max: 10 },
        "/sign-up/*": { window: 60, max: 5 },
        "/email-otp/*": { window: 60, max: 5 },
        "/phone-number/*": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 5 },
      },
    },
    advanced: {
      // https: __Host- cookies (Secure, Path=/, no Domain); plain http: neither, so local runs work.
      useSecureCookies: false,
      cookiePrefix: https ? "__Host-swag" : "swag",
      defaultCookieAttributes: { secure: https, sameSite: "lax", httpOnly: true, path: "/" },
      ipAddress: { ipAddressHeaders: ["x-real-ip"] },
    },
    hooks: {
      // Without an SMS provider no code reaches a phone, so the phone endpoints refuse.
      before: createAuthMiddleware(async (endpoint) => {
        if (PHONE_ENDPOINT.test(endpoint.path) && !ctx.sms) {
          throw new APIError("NOT_FOUND", { message: "Phone sign-in is not available." });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: { before: async (user) => ({ data: stampEmailProof(user) }) },
        update: { before: async (user) => ({ data: stampEmailProof(user) }) },
      },
      session: {
        create: {
          // SPEC.md §3: the profile is upserted on every sign-in.
          async after(session) {
            await upsertProfile(db, session.userId);
          },
        },
      },
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: 60 * 10,
        allowedAttempts: 5,
        overrideDefaultEmailVerification: true,
        sendVerificationOnSignUp: false,
        disableSignUp: true,
        // The current address confirms a change with its own code first (account-settings.server.ts).
        changeEmail: { enabled: true, verifyCurrentEmail: true },
        async sendVerificationOTP({ email, otp, type }) {
          const mail = {
            "sign-in": signInCodeMail,
            "email-verification": verifyEmailMail,
            "change-email": changeEmailMail,
            "forget-password": passwordResetMail,
          }[type](ctx, { to: email, code: otp });
          await sendMail(db, mail);
        },
      }),
      phoneNumber({
        otpLength: 6,
        expiresIn: 60 * 10,
        allowedAttempts: 5,
        phoneNumberValidator: (value) => normalisePhone(value) === value,
        async sendOTP({ phoneNumber: to, code }) {
          await sendSms(db, {
            to,
            text: `${code} is your ${SITE.name} code. It expires in 10 minutes.`,
            meta: { kind: "sms-code", code },
          });
        },
        async sendPasswordResetOTP({ phoneNumber: to, code }) {
          await sendSms(db, {
            to,
            text: `${code} is your ${SITE.name} password reset code.`,
            meta: { kind: "sms-reset", code },
          });
        },
      }),
      twoFactor({ issuer: SITE.name, backupCodeOptions: { amount: 10, length: 10 } }),
      organization({
        allowUserToCreateOrganization: true,
        organizationLimit: ORGANISATION_LIMIT,
        invitationExpiresIn: 60 * 60 * 48,
        cancelPendingInvitationsOnReInvite: true,
        // "approver" (decision 025): a member who may also answer the organisation's proofs, a
        // right the shop checks itself (proof-answerers.server.ts). better-auth 1.7 refuses a role
        // it does not know, and `roles` replaces its defaults, so all four are listed; `ac` is only
        // for dynamic access control, which is off. An approver manages nothing, as a member.
        roles: { owner: ownerAc, admin: adminAc, member: memberAc, approver: defaultAc.newRole(memberAc.statements) },
        // Only the confirmed owner of the invited address may accept (docs/security.md, CVE-2026-53514).
        requireEmailVerificationOnInvitation: true,
        async sendInvitationEmail(data) {
          await sendMail(
            db,
            invitationMail(ctx, {
              to: data.email,
              inviter: data.inviter.user.name,
              inviterEmail: data.inviter.user.email,
              organisation: data.organization.name,
              url: `${baseUrl}/accept-invitation/${data.id}`,
            }),
          );
        },
      }),
      // Kept for its keys: /.well-known/jwks.json (SPEC.md) serves them through auth.api.getJwks;
      // its own /token and /jwks endpoints are not served over HTTP.
      jwt({ jwt: { issuer: baseUrl, audience: baseUrl, expirationTime: "15m" } }),
    ],
  });
}

export type Auth = ReturnType<typeof openAuth>;

/**
 * The app context with better-auth open on its database (decision 011): what server.ts,
 * scripts/dev.ts, the scripts that sign people up and the tests open once, what every request's
 * context carries, and what the account flows are handed (each the `Pick` of it it uses).
 */
export type AccountsContext = AppContext & { auth: Auth };

/**
 * The context with better-auth opened on it: once, where the context itself is opened. A context
 * that already carries one (a test's, with another SMS provider or origin spread in) gets a new one
 * for what it now says.
 */
export function withAuth<C extends AuthOptions>(ctx: C): C & { auth: Auth } {
  return { ...ctx, auth: openAuth(ctx) };
}

/**
 * Every write that marks the address verified (a code, a reset, an e-mail change) records when,
 * so STAFF_EMAILS can tell a proof made after the password was set from one made before it
 * (admin-staff.server.ts).
 */
function stampEmailProof<T extends { emailVerified?: boolean }>(user: T): T & { emailVerifiedAt?: Date } {
  return user.emailVerified === true ? { ...user, emailVerifiedAt: new Date() } : user;
}

async function upsertProfile(db: Database, userId: string) {
  const [user] = await db.select().from(schema.authUser).where(eq(schema.authUser.id, userId));
  if (!user) return;
  const row = {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    avatarUrl: user.image,
    updatedAt: new Date(),
  };
  await db.insert(schema.profiles).values(row).onConflictDoUpdate({ target: schema.profiles.userId, set: row });
}
