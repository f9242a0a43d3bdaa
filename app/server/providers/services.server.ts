/**
 * What the server opens once at start and hands to every request in its context (docs/decisions/011):
 * the database, the payment provider, the online VAT number check, the business profile and the
 * public origin. Server code never reaches for a process-wide one; it is given what it needs by the
 * route that calls it, and tests hand in their own.
 */
import { join, resolve } from "node:path";
import { type Database, openDatabase } from "../platform/db.server";
import type { BusinessProfile } from "~/domain/people/business-profile";
import type { Env } from "../platform/env.server";
import type { PaymentProvider } from "./payment-provider.server";
import { selectPaymentProvider } from "./payments.server";
import { createVatChecker, type VatChecker, vatCheckConfig } from "./vat-check.server";

/**
 * What server code is handed instead of reading the process's environment: opened or read once at
 * boot (server.ts), carried by every request's context, and built by tests (tests/setup/test-db.ts).
 */
export type Services = {
  db: Database;
  payments: PaymentProvider | null;
  /** The online VAT number check when configured (decision 018); absent, offline rules only. */
  vatCheck?: VatChecker | null;
  /** The business the shop is: names, addresses, bank, policies and showcase (decision 059). */
  business: BusinessProfile;
  /** The shop's public origin (BASE_URL), for links and cookies that must name it. */
  baseUrl: string;
};

/** Opens the environment's database. */
export const openEnvDatabase = (env: Env, options: { migrate: boolean }) =>
  openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: join(resolve(env.DATA_DIR), "db"), migrate: options.migrate });

/**
 * Opens the environment's database (migrating it, unless the supervisor of several processes has:
 * processes.server.ts) and selects its payment provider.
 */
export async function openServices(
  env: Env,
  options = { migrate: true },
): Promise<{ services: Services; close: () => Promise<void> }> {
  const handle = await openEnvDatabase(env, options);
  const payments = await selectPaymentProvider(handle.db, env);
  const vatCheck = createVatChecker(vatCheckConfig(env));
  return {
    services: { db: handle.db, payments, vatCheck, business: env.business, baseUrl: env.BASE_URL },
    close: () => handle.close(),
  };
}
