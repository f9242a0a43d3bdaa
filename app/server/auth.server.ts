import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { verifyPassword as verifyScrypt } from "better-auth/crypto";
import { admin, emailOTP, jwt, organization, phoneNumber, twoFactor } from "better-auth/plugins";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, normalisePhone } from "~/domain/auth-rules";
import { SITE } from "~/content/links";
import { getDb, type Database } from "./db.server";
import { getEnv } from "./env.server";
import {
  changeEmailMail,
  invitationMail,
  passwordResetMail,
  signInCodeMail,
  verifyEmailMail,
} from "./mail-templates.server";
import { sendMail } from "./mail.server";
import { sendSms } from "./sms.server";

/** argon2id with OWASP's minimum: 19 MiB, t = 2, p = 1 (issue 4 item 7). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** better-auth's HTTP paths for what the app's own pages do (checked against auth.api in the tests). */
export const AUTH_PATHS_RUN_BY_THE_APP = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-in/phone-number",
  "/sign-in/email-otp",
  "/email-otp/send-verification-otp",
  "/email-otp/verify-email",
  "/phone-number/send-otp",
  "/phone-number/verify",
  "/request-password-reset",
  "/reset-password",
  "/email-otp/request-password-reset",
  "/email-otp/reset-password",
  "/phone-number/request-password-reset",
  "/phone-number/reset-password",
  "/change-password",
  "/email-otp/request-email-change",
  "/email-otp/change-email",
  "/verify-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
] as const;

export async function hashPassword(password: string) {
  return argon2Hash(password, ARGON2);
}

/** argon2id hashes, and better-auth's own scrypt hashes from before the switch. */
export async function verifyPasswordHash(data: { hash: string; password: string }) {
  if (data.hash.startsWith("$argon2")) return argon2Verify(data.hash, data.password);
  return verifyScrypt(data);
}

/** AUTH_SECRET, else one generated on first start and kept beside the database. */
function authSecret(): string {
  const env = getEnv();
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function createAuth(db: Database) {
  const env = getEnv();
  const https = env.BASE_URL.startsWith("https://");
  return betterAuth({
    appName: SITE.name,
    baseURL: env.BASE_URL,
    basePath: "/api/auth",
    secret: authSecret(),
    // The public origin, and whatever host this request reached (e.g. 127.0.0.1 in local runs).
    trustedOrigins: (request) => {
      const host = request?.headers.get("host");
      const proto = https ? "https" : "http";
      return host ? [env.BASE_URL, `${proto}://${host}`] : [env.BASE_URL];
    },
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
      },
    },
    // The app runs these flows itself (accounts.server.ts, through auth.api), with its password
    // rules, confirmation and per-IP and per-account limits; over HTTP they would skip all three.
    disabledPaths: [...AUTH_PATHS_RUN_BY_THE_APP],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPasswordHash },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        // Our own page takes the token, so the link works with or without JavaScript.
        const url = `${env.BASE_URL}/reset-password?token=${encodeURIComponent(token)}`;
        await sendMail(passwordResetMail(user.email, { url }));
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
    databaseHooks: {
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
        changeEmail: { enabled: true },
        async sendVerificationOTP({ email, otp, type }) {
          const mail = {
            "sign-in": signInCodeMail,
            "email-verification": verifyEmailMail,
            "change-email": changeEmailMail,
            "forget-password": (to: string, code: string) => passwordResetMail(to, { code }),
          }[type](email, otp);
          await sendMail(mail);
        },
      }),
      phoneNumber({
        otpLength: 6,
        expiresIn: 60 * 10,
        allowedAttempts: 5,
        phoneNumberValidator: (value) => normalisePhone(value) === value,
        async sendOTP({ phoneNumber: to, code }) {
          await sendSms({ to, text: `${code} is your ${SITE.name} code. It expires in 10 minutes.`, meta: { kind: "sms-code", code } });
        },
        async sendPasswordResetOTP({ phoneNumber: to, code }) {
          await sendSms({ to, text: `${code} is your ${SITE.name} password reset code.`, meta: { kind: "sms-reset", code } });
        },
      }),
      twoFactor({ issuer: SITE.name, backupCodeOptions: { amount: 10, length: 10 } }),
      organization({
        allowUserToCreateOrganization: true,
        invitationExpiresIn: 60 * 60 * 48,
        cancelPendingInvitationsOnReInvite: true,
        // Only the confirmed owner of the invited address may accept (docs/security.md, CVE-2026-53514).
        requireEmailVerificationOnInvitation: true,
        async sendInvitationEmail(data) {
          await sendMail(
            invitationMail(data.email, {
              inviter: data.inviter.user.name,
              organisation: data.organization.name,
              url: `${env.BASE_URL}/accept-invitation/${data.id}`,
            }),
          );
        },
      }),
      jwt({ jwt: { issuer: env.BASE_URL, audience: env.BASE_URL, expirationTime: "15m" } }),
      // The staff role is granted only on the server (npm run staff:add).
      admin({ roles: { user: userAc, staff: adminAc }, defaultRole: "user", adminRoles: ["staff"] }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { __swagAuth?: Promise<Auth> };

/** The process's better-auth instance, built on the process's database. */
export function getAuth(): Promise<Auth> {
  holder.__swagAuth ??= getDb().then(createAuth);
  return holder.__swagAuth;
}

/** Tests rebuild auth on their own database. */
export function resetAuthForTests() {
  holder.__swagAuth = undefined;
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
  await db
    .insert(schema.profiles)
    .values(row)
    .onConflictDoUpdate({ target: schema.profiles.userId, set: row });
}
