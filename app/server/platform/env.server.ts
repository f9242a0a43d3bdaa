/**
 * The process environment, validated once: every variable the server reads with its default, and the
 * checks that keep a public shop from starting half-configured (A-49).
 */
import { existsSync } from "node:fs";
import { z } from "zod";
import { SITE } from "~/content/links";
import type { BusinessProfile } from "~/domain/people/business-profile";
import { showcaseVariables } from "~/domain/people/business-showcase";
import { businessProfile, businessVariables, samplesLeft } from "~/domain/people/business-variables";
import { parseTrustProxy, type TrustProxy } from "./client-address.server";

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** An S3 bucket's name, as the providers allow it. */
const bucketName = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9.-]{2,62}$/, "must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens")
  .optional();

/** A comma-separated list of e-mail addresses, lower-cased; unset or blank is none. */
const emailList = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ""),
  )
  .pipe(z.array(z.email("must be a comma-separated list of e-mail addresses")));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /**
   * Decision 031: how many processes `npm start` runs on the port (node:cluster). More than one needs
   * DATABASE_URL: the embedded PGlite database belongs to one process.
   */
  WEB_CONCURRENCY: z.coerce.number().int("must be a whole number").min(1).max(64).default(1),
  /** Decision 031: the JSON log's threshold (pino's levels). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  /** Unset: the brand name and the business's support address. */
  MAIL_FROM: z.string().min(3).optional(),
  /** The proxies in front of the server, whose X-Forwarded-For entries are believed (client-address.server.ts). */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((value, ctx): TrustProxy => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** `test` allows the built-in test-mode payments on an https:// shop; `stripe` never falls back to them. */
  PAYMENT_PROVIDER: z.enum(["stripe", "test"], "must be stripe or test").optional(),
  /**
   * Decision 010: addresses that become staff (the back office under /admin) when they sign in with
   * that e-mail confirmed. For the first staff account while the server holds the embedded
   * database (npm run staff:add needs it stopped); remove an address once it has the role.
   */
  STAFF_EMAILS: emailList,
  /**
   * docs/decisions/045-staff-alert-recipients.md: where staff alerts go (staff-alerts.server.ts). Unset: every staff account's
   * confirmed address, or the sales address while the shop has no staff account yet.
   */
  STAFF_ALERT_EMAILS: emailList,
  /**
   * Decision 018: the online VAT number check (vat-check.server.ts). VIES for EU numbers, HMRC
   * (all three set) for UK ones; unset, only the offline rules apply.
   */
  VAT_CHECK_VIES_URL: z.url({ protocol: /^https?$/ }).optional(),
  VAT_CHECK_HMRC_URL: z.url({ protocol: /^https?$/ }).optional(),
  VAT_CHECK_HMRC_CLIENT_ID: optional,
  VAT_CHECK_HMRC_CLIENT_SECRET: optional,
  /**
   * A Twilio-compatible SMS provider (sms.server.ts). All three set: texts are sent
   * through it and phone sign-up is offered; none: texts stay in the outbox and accounts are by e-mail only.
   */
  SMS_TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio account SID (AC and 32 hex digits)")
    .optional(),
  SMS_TWILIO_AUTH_TOKEN: optional,
  SMS_FROM: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{7,14}$/, "must be the sending number in E.164 form, e.g. +447700900123")
    .optional(),
  SMS_API_BASE: z.url({ protocol: /^https?$/ }).default("https://api.twilio.com"),
  /**
   * The most list texts (sign-up confirmations, welcomes, anything sent to the SMS list) the shop sends
   * in one Europe/London day; sign-in codes have their own limits (docs/decisions/034-sms-double-opt-in.md).
   */
  SMS_DAILY_LIMIT: z.coerce.number().int("must be a whole number").min(0).max(1_000_000).default(200),
  /**
   * Decision 028: uploaded files in an S3-compatible bucket (s3-storage.server.ts) instead of
   * `${DATA_DIR}/uploads`. The bucket, region and both keys together, or none (s3Problems).
   */
  S3_BUCKET: bucketName,
  /** For a provider other than AWS (MinIO, R2, …); unset: AWS's endpoint for S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], "must be true or false")
    .default("false")
    .transform((value) => value === "true"),
  /**
   * docs/decisions/083-backups-that-restore.md: where the nightly backup and `npm run backup` put
   * their archives, a directory (best on another disk) or, when BACKUP_S3_BUCKET is set, that bucket
   * (with S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and S3_ENDPOINT if needed), and how many are kept.
   */
  BACKUP_DIR: z.string().min(1).default("./backups"),
  BACKUP_S3_BUCKET: bucketName,
  BACKUP_KEEP_DAILY: z.coerce.number().int("must be a whole number").min(1).max(366).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int("must be a whole number").min(0).max(520).default(4),
  /** Decision 059: the business profile's variables (app/domain/people/business-variables.ts). */
  ...businessVariables,
  /** Decision 024: the operator's testimonials and client logos, optional (app/domain/people/business-showcase.ts). */
  ...showcaseVariables,
});

export type Env = z.infer<typeof schema> & { BASE_URL: string; MAIL_FROM: string; business: BusinessProfile };

/** Parses an environment; throws an Error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset" (as in a copied .env.example).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const payment = paymentProviderProblem(env);
  const hmrc = [env.VAT_CHECK_HMRC_URL, env.VAT_CHECK_HMRC_CLIENT_ID, env.VAT_CHECK_HMRC_CLIENT_SECRET];
  const hmrcHalfSet = hmrc.some(Boolean) && !hmrc.every(Boolean);
  const sms = [env.SMS_TWILIO_ACCOUNT_SID, env.SMS_TWILIO_AUTH_TOKEN, env.SMS_FROM];
  const smsHalfSet = sms.some(Boolean) && !sms.every(Boolean);
  const problems = [
    ...(payment ? [`PAYMENT_PROVIDER: ${payment}`] : []),
    ...(hmrcHalfSet ? ["VAT_CHECK_HMRC_*: set the URL, client id and client secret together, or none"] : []),
    ...(smsHalfSet
      ? ["SMS_TWILIO_*, SMS_FROM: set the account SID, auth token and sending number together, or none"]
      : []),
    ...sampleProblems(env),
    ...(env.BASE_URL?.startsWith("https://") && !env.SMTP_URL ? [HTTPS_NEEDS_SMTP] : []),
    ...(env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL ? [SEVERAL_PROCESSES_NEED_POSTGRES(env.WEB_CONCURRENCY)] : []),
    ...s3Problems(env),
    ...(env.BACKUP_S3_BUCKET && !(env.S3_REGION && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)
      ? [BACKUP_BUCKET_NEEDS_KEYS]
      : []),
  ];
  if (problems.length > 0)
    throw new Error(`Invalid environment variables:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  const business = businessProfile(env);
  return {
    ...env,
    BASE_URL: env.BASE_URL ?? `http://localhost:${env.PORT}`,
    MAIL_FROM: env.MAIL_FROM ?? `${SITE.name} <${business.supportEmail}>`,
    business,
  };
}

/**
 * A public (https://) shop without a mail server would keep every sign-in code and reset link in
 * the outbox table and write them to its log, where they are anyone's who reads either.
 */
export const HTTPS_NEEDS_SMTP =
  "SMTP_URL: not set, and BASE_URL is https://: set SMTP_URL to the mail server (smtp:// or smtps://), or sign-in codes and reset links would stay in the outbox and the log instead of being sent";

/** Decision 083: backups go to a bucket with the same region and keys as the uploads'. */
export const BACKUP_BUCKET_NEEDS_KEYS =
  "BACKUP_S3_BUCKET: is set without S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set them too (and S3_ENDPOINT if the provider needs it), or unset BACKUP_S3_BUCKET to keep backups in BACKUP_DIR";

/** Decision 031: several processes cannot share the embedded database, so the server refuses to start them. */
export const SEVERAL_PROCESSES_NEED_POSTGRES = (n: number) =>
  `WEB_CONCURRENCY: is ${n}, but the embedded database (PGlite) can be opened by one process only: set DATABASE_URL to a PostgreSQL server to run ${n} processes, or set WEB_CONCURRENCY=1`;

/**
 * Decision 059: a public (https://) shop would print the samples on its invoices and send its
 * buyers to addresses that reach no one, so it does not start while any is left, naming each.
 */
function sampleProblems(env: z.infer<typeof schema>): string[] {
  if (!env.BASE_URL?.startsWith("https://")) return [];
  return samplesLeft(env).map(
    (name) => `${name}: is still the local sample, and BASE_URL is https://: set the business's real value`,
  );
}

/**
 * Decision 028: a bucket without its region or keys would fail at the first upload, long after
 * boot, and keys without a bucket would leave files on one machine's disk unnoticed.
 */
function s3Problems(env: z.infer<typeof schema>): string[] {
  const { S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  // The region and keys of a bucket for the backups alone (decision 083): the uploads stay on disk.
  if (!S3_BUCKET && env.BACKUP_S3_BUCKET && S3_REGION && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) return [];
  const needed = { S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY };
  const set = Object.values(needed).some(Boolean) || env.S3_ENDPOINT !== undefined || env.S3_FORCE_PATH_STYLE;
  const missing = Object.entries(needed)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (!set || missing.length === 0) return [];
  return [
    `S3_*: ${missing.join(", ")} not set: set S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (S3_ENDPOINT and S3_FORCE_PATH_STYLE too if the provider needs them), or none to keep files in DATA_DIR`,
  ];
}

/**
 * Decision 007: a public (https://) shop without Stripe keys would take test-mode payments that charge
 * nothing and ship real goods, so it does not start unless test mode is asked for by name.
 */
function paymentProviderProblem(env: z.infer<typeof schema>): string | null {
  const stripeKeys = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY || env.STRIPE_WEBHOOK_SECRET);
  if (env.PAYMENT_PROVIDER === "test" && stripeKeys)
    return "is test, but STRIPE_* keys are set: unset one or the other";
  if (env.BASE_URL?.startsWith("https://") && !stripeKeys && env.PAYMENT_PROVIDER !== "test") {
    return "BASE_URL is https:// and no STRIPE_* keys are set: set the Stripe keys, or PAYMENT_PROVIDER=test to take test payments that charge nothing";
  }
  return null;
}

let cached: Env | undefined;

/** The validated process environment: the only place that reads process.env. */
export function getEnv(): Env {
  // A local .env (copied from .env.example) fills in what the real environment leaves unset.
  if (!cached && existsSync(".env")) process.loadEnvFile(".env");
  cached ??= parseEnv(process.env);
  return cached;
}
