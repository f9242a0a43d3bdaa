/**
 * What the server opens once at start and hands to every request in its context and to every job
 * (docs/decisions/011): the database, the payment provider, the online VAT number check, the mail
 * server, the SMS provider, the business profile, the public origin, the log, the clock and the
 * settings read at boot.
 * Server code never reaches for a process-wide one; it is given what it needs by the route or job
 * that calls it, and tests hand in their own.
 */
import { join, resolve } from "node:path";
import { type Database, openDatabase } from "../platform/db.server";
import type { BusinessProfile } from "~/domain/people/business-profile";
import { authSecretOf } from "../platform/auth-secret.server";
import { type BackupSettings, backupSettingsFromEnv } from "./backup-runs.server";
import type { Env } from "../platform/env.server";
import { consoleLog, type Log } from "../platform/log.server";
import { createSmtpMailer, type Mailer } from "./mailer.server";
import { type SmsProviderConfig, smsProviderConfig } from "./sms-provider.server";
import { paymentConfiguration, type PaymentStatus } from "./payment-keys.server";
import type { PaymentProvider } from "./payment-provider.server";
import { selectPaymentProvider } from "./payments.server";
import { type FileStorage, storageFromEnv } from "./storage.server";
import { createVatChecker, type VatChecker, vatCheckConfig } from "./vat-check.server";

/**
 * What server code is handed instead of reading the process's environment: opened or read once at
 * boot (server.ts), carried by every request's context, and built by tests (tests/setup/test-db.ts).
 */
export type AppContext = {
  db: Database;
  payments: PaymentProvider | null;
  /** What /env says of the payment provider, in the spec's words; never a key (decision 058). */
  paymentStatus: PaymentStatus;
  /** The online VAT number check when configured (decision 018); absent, offline rules only. */
  vatCheck?: VatChecker | null;
  /** The business the shop is: names, addresses, bank, policies and showcase (decision 059). */
  business: BusinessProfile;
  /** The shop's public origin (BASE_URL), for links and cookies that must name it. */
  baseUrl: string;
  /** Where uploaded files are kept: the S3 bucket of S3_BUCKET, else DATA_DIR/uploads. */
  storage: FileStorage;
  /** Where queued mail goes (SMTP_URL); none: mail is kept in the outbox and logged (decision 030). */
  mailer: Mailer | null;
  /** The SMS provider; none: texts are kept in the outbox, and phone sign-in is not offered. */
  sms: SmsProviderConfig | null;
  /** How many texts the SMS list may be sent a day (SMS_DAILY_LIMIT, decision 034). */
  smsDailyLimit: number;
  /** Who is alerted of paid orders, answers and claims, when set (STAFF_ALERT_EMAILS, decision 045). */
  staffAlertEmails: string[];
  /** Addresses that become staff once proven (STAFF_EMAILS: the bootstrap of the first staff account). */
  staffEmails: string[];
  /** What better-auth signs cookies and tokens with (AUTH_SECRET, or the one kept beside the database). */
  authSecret: string;
  /** Where server code says what happened: the process's JSON log (server.ts), the console elsewhere. */
  log: Log;
  /** The time as server code reads it: the wall clock, or a test's own. */
  clock: () => Date;
  /** Where the nightly backup goes and how many are kept (BACKUP_*); absent, none is made (tests). */
  backups?: BackupSettings;
};

/** The wall clock. */
export const systemClock = () => new Date();

/** Opens the environment's database. */
export const openEnvDatabase = (env: Env, options: { migrate: boolean }) =>
  openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: join(resolve(env.DATA_DIR), "db"), migrate: options.migrate });

/**
 * Opens the environment's database (migrating it, unless the supervisor of several processes has:
 * processes.server.ts) and selects its payment provider.
 */
export async function openAppContext(
  env: Env,
  options: { migrate: boolean; log?: Log } = { migrate: true },
): Promise<{ ctx: AppContext; close: () => Promise<void> }> {
  const handle = await openEnvDatabase(env, options);
  const payments = await selectPaymentProvider(handle.db, env);
  const vatCheck = createVatChecker(vatCheckConfig(env));
  const mailer = env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }) : null;
  return {
    ctx: {
      db: handle.db,
      payments,
      paymentStatus: paymentConfiguration(env).status,
      vatCheck,
      business: env.business,
      baseUrl: env.BASE_URL,
      storage: storageFromEnv(env),
      mailer,
      sms: smsProviderConfig(env),
      smsDailyLimit: env.SMS_DAILY_LIMIT,
      staffAlertEmails: env.STAFF_ALERT_EMAILS,
      staffEmails: env.STAFF_EMAILS,
      authSecret: authSecretOf(env),
      log: options.log ?? consoleLog,
      clock: systemClock,
      backups: backupSettingsFromEnv(env, handle.driver),
    },
    close: async () => {
      mailer?.close();
      await handle.close();
    },
  };
}
