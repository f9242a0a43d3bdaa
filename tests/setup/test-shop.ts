/**
 * The shop the tests run as: a fresh shop's sample business at a loopback origin, read from an
 * environment as server.ts reads its own, with no mail server or SMS provider (mail and texts stay
 * in the outbox) and its uploads in a temporary folder of its own. Free of Vitest, so a test's
 * child process (payment-crash-process.ts) builds its app context from it too; a test that needs a
 * mail server or a provider hands in its own.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "~/server/platform/env.server";
import { createLocalStorage } from "~/server/providers/storage.server";
import { type AppContext, systemClock } from "~/server/providers/app-context.server";
import { consoleLog, type Log } from "~/server/platform/log.server";

const env = parseEnv({ NODE_ENV: "test", BASE_URL: "http://127.0.0.1:3999" });

export const TEST_SHOP: Omit<AppContext, "db" | "payments" | "vatCheck"> = {
  business: env.business,
  baseUrl: env.BASE_URL,
  paymentStatus: "test mode",
  // Under the run's folder (tests/setup/upload-root.ts), which is removed when the run ends.
  storage: createLocalStorage(
    join(mkdtempSync(join(process.env.SWAG_TEST_UPLOAD_ROOT ?? tmpdir(), "swag-test-uploads-")), "uploads"),
  ),
  mailer: null,
  sms: null,
  smsDailyLimit: env.SMS_DAILY_LIMIT,
  staffAlertEmails: [],
  staffEmails: [],
  authSecret: "test-secret-test-secret-test-secret-1234",
  log: consoleLog,
  clock: systemClock,
};

/** The sender a test's mailer writes as: the shop's default MAIL_FROM. */
export const TEST_MAIL_FROM = env.MAIL_FROM;

/** A log that keeps its lines for a test to read, each as "level message[: error]". */
export function recordedLog(): Log & { lines: string[] } {
  const lines: string[] = [];
  const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
  return {
    lines,
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message, error) => lines.push(`error ${message}${error === undefined ? "" : `: ${reason(error)}`}`),
  };
}
