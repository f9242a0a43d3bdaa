/**
 * What the server opens once at start and hands to every request in its context (docs/decisions/011):
 * the database, the payment provider and the online VAT number check. Server code never reaches
 * for a process-wide one; it is given the database (and, for payments, the provider) by the route
 * that calls it, and tests hand in their own.
 */
import { join, resolve } from "node:path";
import { type Database, openDatabase } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import type { PaymentProvider } from "./payment-provider.server";
import { selectPaymentProvider } from "./payments.server";
import { createVatChecker, type VatChecker, vatCheckConfig } from "./vat-check.server";

/** `vatCheck`: the online VAT number check when configured (decision 018); absent, offline rules only. */
export type Services = { db: Database; payments: PaymentProvider | null; vatCheck?: VatChecker | null };

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
  return { services: { db: handle.db, payments, vatCheck }, close: () => handle.close() };
}
