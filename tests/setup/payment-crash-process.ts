/**
 * A server process killed between the commit of a payment and anything after it, for
 * app/server/payments/order-paid-job.server.test.ts: on the database at argv[2] (a PostgreSQL URL, or
 * a PGlite data directory), it confirms the test-mode payment with client secret argv[3] for the user
 * argv[4], and SIGKILLs itself the moment a transaction commits that made the order. It runs no job
 * worker, so whatever was meant to follow the payment (the confirmation, the staff alert) is left to
 * the database; it prints "paying" before it starts.
 */
import { eq } from "drizzle-orm";
import { orders } from "#db/schema";
import { confirmTestPayment } from "~/server/payments/payment-start.server";
import { openDatabase } from "~/server/platform/db.server";
import { createTestProvider } from "~/server/providers/test-payment-provider.server";
import { TEST_SHOP } from "./test-shop";

const [where = "", clientSecret = "", userId = ""] = process.argv.slice(2);
const { db } = await openDatabase(
  where.startsWith("postgres") ? { databaseUrl: where, migrate: false } : { dataDir: where, migrate: false },
);

/** The test provider's client secret is the intent's id and a secret: "pi_test_…_secret_…". */
const intentId = clientSecret.split("_secret_")[0] ?? "";

/** True once an order exists for the intent this client secret pays. */
async function orderMade(): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentIntentId, intentId)).limit(1);
  return Boolean(row);
}

// Every top-level transaction of this process: the one that makes the order is the last thing it does.
const transaction = db.transaction.bind(db);
db.transaction = (async (...args: Parameters<typeof transaction>) => {
  const result = await transaction(...args);
  if (await orderMade()) process.kill(process.pid, "SIGKILL");
  return result;
}) as typeof db.transaction;

console.log("paying");
const paid = await confirmTestPayment(
  { db, payments: createTestProvider(db), ...TEST_SHOP },
  { clientSecret, userId, card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Lovelace" } },
);
// Reached only if no order was made: the parent reads this as the failure it is.
console.log(`not killed: ${JSON.stringify(paid)}`);
process.exit(1);
