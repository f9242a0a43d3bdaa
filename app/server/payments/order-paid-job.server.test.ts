/**
 * A paid order's confirmation and staff alert leave the payment's transaction as a job (decision 030):
 * a server process killed straight after the payment commits still gets its buyer exactly one
 * confirmation, sent by the next worker, and neither a replay of the payment event nor a job run twice
 * sends a second. On this run's database: a PGlite data directory both processes open in turn, or a
 * database of its own on TEST_DATABASE_URL's PostgreSQL server.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it, vi } from "vitest";
import { jobs, orderDrafts, orders, outbox, paymentEvents, paymentIntents } from "#db/schema";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { BUYER_EMAIL, completeDraftData } from "../../../tests/setup/complete-draft";
import { adminQuery, withDatabase } from "../../../tests/setup/global-db";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { JOB_HANDLERS } from "../edge/job-handlers.server";
import { runDueJobs } from "../edge/job-worker.server";
import { claimJobs, DEFAULT_LEASE_MS } from "../messages/jobs.server";
import { type DatabaseHandle, openDatabase } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { createTestProvider } from "../providers/test-payment-provider.server";
import { applyPaymentEvent } from "./payment-events.server";
import { startPayment } from "./payment-start.server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CRASH_PROCESS = fileURLToPath(new URL("../../../tests/setup/payment-crash-process.ts", import.meta.url));
const ASSET_IMPORTS = fileURLToPath(new URL("../../../tests/setup/asset-imports.mjs", import.meta.url));
const USER = "user-crash";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** What the two processes share: a PostgreSQL URL or a PGlite data directory. */
let where: string;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const source = inject("testDatabase");
  if (source.kind === "postgres") {
    const name = `${source.prefix}_crash_${randomBytes(4).toString("hex")}`;
    await adminQuery(source.adminUrl, `create database ${name} template ${source.template}`);
    where = withDatabase(source.adminUrl, name);
    dropDatabase = async () => {
      await adminQuery(source.adminUrl, `drop database if exists ${name} with (force)`);
    };
  } else {
    where = mkdtempSync(join(tmpdir(), "swag-crash-"));
    dropDatabase = async () => rmSync(where, { recursive: true, force: true });
    // The first open migrates the new data directory.
    await (await openDatabase({ dataDir: where })).close();
  }
});
afterAll(async () => {
  await smtp.close();
  await dropDatabase();
});

const open = (): Promise<DatabaseHandle> =>
  openDatabase(
    where.startsWith("postgres") ? { databaseUrl: where, migrate: false } : { dataDir: where, migrate: false },
  );

/** Runs the crash process to its death; answers its exit signal and what it printed. */
function payAndCrash(clientSecret: string): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "--import", ASSET_IMPORTS, CRASH_PROCESS, where, clientSecret, USER],
      {
        env: process.env,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => resolve({ signal, output }));
  });
}

it("sends the confirmation exactly once when the process dies straight after the payment commits", async () => {
  // A draft at the payment step and its payment opened, as the payment page leaves them.
  let clientSecret: string;
  {
    const { db, close } = await open();
    const [draft] = await db
      .insert(orderDrafts)
      .values({
        accountId: USER,
        userId: USER,
        productId: "8",
        status: "shipping_done",
        data: draftDataSchema.parse(completeDraftData()),
      })
      .returning({ id: orderDrafts.id });
    const started = await startPayment(
      { db, payments: createTestProvider(db), ...TEST_SHOP },
      { session: { user: { id: USER } }, draftId: draft!.id, productId: "8" },
    );
    if (!started.ok) throw new Error(`${started.code}: ${started.message}`);
    clientSecret = started.clientSecret;
    await close();
  }

  const crashed = await payAndCrash(clientSecret);
  expect(crashed.signal, crashed.output).toBe("SIGKILL");

  const { db, close } = await open();
  try {
    // The payment is committed and its messages are a job; nothing was sent before the process died.
    const [order] = await db.select().from(orders);
    expect(order).toMatchObject({ status: "paid" });
    expect(await db.select({ kind: jobs.kind, status: jobs.status }).from(jobs)).toEqual([
      { kind: "order-paid", status: "queued" },
    ]);
    expect(await db.select().from(outbox)).toEqual([]);
    expect(smtp.messages).toEqual([]);

    // A worker dies after sending, before completing the job: the job is taken again once its lease is
    // over, and sends nothing twice.
    // The next server's worker: the test shop, with the mail server on loopback.
    const ctx: AppContext = { db, payments: null, ...TEST_SHOP, mailer: smtp.mailer };
    const [claimed] = await claimJobs(db, { workerId: "dying" });
    await JOB_HANDLERS["order-paid"]!({ ...ctx, now: new Date() }, claimed!);
    await runDueJobs(ctx, { now: new Date(Date.now() + DEFAULT_LEASE_MS + 1_000) });
    await runDueJobs(ctx, { now: new Date(Date.now() + DEFAULT_LEASE_MS + 1_000) });

    // Stripe sends the event again: found claimed, it changes and sends nothing.
    const [event] = await db.select().from(paymentEvents);
    const [ledger] = await db.select().from(paymentIntents);
    const replay = await applyPaymentEvent(
      { db, payments: createTestProvider(db), ...TEST_SHOP },
      {
        event: {
          eventId: event!.eventId,
          type: "payment_intent.succeeded",
          provider: "test",
          createdAt: new Date(),
          intentId: ledger!.intentId,
          amountPence: ledger!.amountPence,
          amountReceivedPence: ledger!.amountPence,
          currency: ledger!.currency,
          errorCode: null,
          errorMessage: null,
        },
      },
    );
    expect(replay.outcome).toBe("duplicate");
    await runDueJobs(ctx, { now: new Date(Date.now() + DEFAULT_LEASE_MS + 1_000) });

    const confirmations = smtp.messages.filter((mail) => mail.to.includes(BUYER_EMAIL));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.subject).toContain(order!.number);
    expect(confirmations[0]!.attachments.map((file) => file.contentType)).toEqual(["application/pdf"]);
    const alerts = smtp.messages.filter((mail) => mail.subject.startsWith(`New paid order ${order!.number}`));
    expect(alerts).toHaveLength(1);
    expect(await db.select({ status: outbox.status }).from(outbox).where(eq(outbox.status, "sent"))).toHaveLength(2);
  } finally {
    await close();
  }
});
