import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { answerOf } from "../../../tests/setup/route-answer";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runDueJobs } from "../edge/job-worker.server";
import { orderDrafts, orderLines, orders, orderStatusHistory, outbox, paymentEvents, paymentIntents } from "#db/schema";
import type { DraftDataInput } from "~/domain/checkout/draft";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { action as paymentIntentAction } from "~/routes/api.payment-intent";
import { action as webhookAction } from "~/routes/api.stripe-webhook";
import { action as testConfirmAction } from "~/routes/api.test-payments.confirm";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { saveCheckoutStep } from "../checkout/checkout-save.server";
import { startPayment, type StartedPayment } from "../payments/payment-start.server";
import { paymentState } from "../payments/payment-progress.server";
import { reconcilePayments, reconciliationEventId } from "../payments/payment-reconciliation.server";
import { paymentConfiguration } from "./payment-keys.server";
import { createStripeProvider } from "./payments.server";
import type { AccountsContext } from "../accounts/auth.server";

// ---------------------------------------------------------------------------------------------
// A loopback fake of the three Stripe endpoints the server uses, driven by the real SDK.

type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: null | { code: string; decline_code?: string; message: string; type: string };
  livemode: false;
  created: number;
};
type SeenRequest = { method: string; path: string; idempotencyKey: string | null; body: URLSearchParams };

async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byKey = new Map<string, string>();
  const refundsByKey = new Map<
    string,
    { id: string; object: string; amount: number; payment_intent: string; status: string }
  >();
  const requests: SeenRequest[] = [];
  const state = { hang: false, next: 1 };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (state.hang) return; // The provider did the work but the answer never comes (a timeout).
    res.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
    res.end(JSON.stringify(body));
  };
  const missing = (res: ServerResponse, id: string) =>
    send(res, 404, {
      error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${id}'` },
    });

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = new URLSearchParams(raw);
      const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey, body });

      if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
        const existing = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
        if (existing) return send(res, 200, intents.get(existing));
        const id = `pi_fake_${state.next++}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of body) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match?.[1]) metadata[match[1]] = value;
        }
        const intent: FakeIntent = {
          id,
          object: "payment_intent",
          amount: Number(body.get("amount")),
          amount_received: 0,
          currency: body.get("currency") ?? "",
          status: "requires_payment_method",
          client_secret: `${id}_secret_fake`,
          metadata,
          last_payment_error: null,
          livemode: false,
          created: 1_790_000_000,
        };
        intents.set(id, intent);
        if (idempotencyKey) byKey.set(idempotencyKey, id);
        return send(res, 200, intent);
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (req.method === "POST" && cancel?.[1]) {
        const intent = intents.get(cancel[1]);
        if (!intent) return missing(res, cancel[1]);
        if (intent.status === "succeeded" || intent.status === "processing") {
          return send(res, 400, {
            error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "Cannot cancel" },
          });
        }
        intent.status = "canceled";
        return send(res, 200, intent);
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        // Stripe's rules: a succeeded intent, at most what is left of it, one refund per key.
        const existing = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
        if (existing) return send(res, 200, existing);
        const intentId = body.get("payment_intent") ?? "";
        const intent = intents.get(intentId);
        if (!intent) return missing(res, intentId);
        const amount = Number(body.get("amount") ?? intent.amount);
        const refunded = [...refundsByKey.values()]
          .filter((made) => made.payment_intent === intentId)
          .reduce((sum, made) => sum + made.amount, 0);
        if (intent.status !== "succeeded" || refunded + amount > intent.amount)
          return send(res, 400, {
            error: {
              type: "invalid_request_error",
              code: "amount_too_large",
              message: "Refund amount is greater than unrefunded amount",
            },
          });
        const refund = {
          id: `re_fake_${state.next++}`,
          object: "refund",
          amount,
          payment_intent: intentId,
          status: "succeeded",
        };
        if (idempotencyKey) refundsByKey.set(idempotencyKey, refund);
        return send(res, 200, refund);
      }
      const read = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && read?.[1]) {
        const intent = intents.get(read[1]);
        return intent ? send(res, 200, intent) : missing(res, read[1]);
      }
      send(res, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    intents,
    requests,
    state,
    reset() {
      intents.clear();
      byKey.clear();
      refundsByKey.clear();
      requests.length = 0;
      state.hang = false;
      state.next = 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------

const KEYS = { secretKey: "sk_test_fake123", publishableKey: "pk_test_fake123", webhookSecret: "whsec_testsecret123" };

// Signing users in (argon2) and loading the migrated template database take seconds on a busy
// machine; these limits catch a hang, not slowness.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
/** Stripe on the loopback fake, unless a test says otherwise. */
let ctx: AccountsContext;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const stripeProvider = () =>
  createStripeProvider({
    ...KEYS,
    apiHost: "127.0.0.1",
    apiPort: fake.port,
    apiProtocol: "http",
    maxNetworkRetries: 0,
  });

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  ctx = testContext(handle, await stripeProvider());
});

/** The idempotency key of a draft's payment: its id, version, a digest of its lines and the amount. */
const keyOf = (draftId: string, version: number, amount: number) =>
  new RegExp(`^draft:${draftId}:v${version}:lines:[0-9a-f]{16}:amount:${amount}$`);

function completeData(): DraftDataInput {
  return {
    product_id: "8",
    quantity: 50,
    variant: { color_hex: "#111111" },
    customization_selections: ["Front embroidery"],
    branding: { method: "embroidery" },
    confirm: { rights_confirmed: true, lead_time_acknowledged: true },
    details: {
      contact_name: "Grace Hopper",
      email: "grace@cobol.example",
      company: "Cobol Ltd",
      phone: "+44 20 7946 0958",
      billing: { name: "Grace Hopper", line1: "2 Compiler Road", city: "Leeds", postcode: "LS1 4AP", country: "GB" },
      tos_accepted: true,
      use_billing_as_shipping: false,
    },
    shipping: {
      address: {
        company: "Cobol Ltd",
        firstName: "Grace",
        lastName: "Hopper",
        name: "Grace Hopper",
        line1: "2 Compiler Road",
        city: "Leeds",
        postcode: "LS1 4AP",
        country: "GB",
        phone: "020 7946 0958",
      },
      method: "standard",
    },
    totals: { subtotal: 1, discount: 0, shipping: 0, vat: 0, total: 1 },
    status: "shipping_done",
  };
}

async function insertDraft(userId: string, accountId = `account-of-${userId}`) {
  const data = draftDataSchema.parse(completeData());
  const [row] = await handle.db
    .insert(orderDrafts)
    .values({ accountId, userId, productId: "8", status: "shipping_done", data })
    .returning({ id: orderDrafts.id });
  if (!row) throw new Error("no draft");
  return row.id;
}

async function started(userId: string, draftId: string): Promise<StartedPayment> {
  const result = await startPayment(ctx, { session: { user: { id: userId } }, draftId, productId: "8" });
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result;
}

async function draftRow(id: string) {
  const [row] = await handle.db.select().from(orderDrafts).where(eq(orderDrafts.id, id));
  return row;
}

let eventCounter = 0;
/** A Stripe event as Stripe would POST it: the intent as the fake holds it, with `changes` applied. */
function eventPayload(
  type: string,
  intentId: string,
  changes: Partial<FakeIntent> = {},
  options: { id?: string; created?: number } = {},
) {
  const intent = fake.intents.get(intentId) ?? ({ id: intentId } as FakeIntent);
  return JSON.stringify({
    id: options.id ?? `evt_fake_${++eventCounter}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? 1_790_000_100,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { ...intent, ...changes } },
  });
}
const succeeded = (intentId: string, options?: { id?: string; created?: number }) => {
  const amount = fake.intents.get(intentId)?.amount ?? 0;
  return eventPayload("payment_intent.succeeded", intentId, { status: "succeeded", amount_received: amount }, options);
};
const failed = (intentId: string, message: string, options?: { id?: string; created?: number }) =>
  eventPayload(
    "payment_intent.payment_failed",
    intentId,
    {
      status: "requires_payment_method",
      last_payment_error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message },
    },
    options,
  );

function webhookRequest(payload: string, signature: string | null) {
  const headers = new Headers({ "content-type": "application/json" });
  if (signature !== null) headers.set("stripe-signature", signature);
  return new Request("http://127.0.0.1:3999/api/stripe-webhook", { method: "POST", headers, body: payload });
}
async function deliver(payload: string, secret = KEYS.webhookSecret) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return post(webhookAction, webhookRequest(payload, signature));
}
/** A route's answer as the client reads it: a Response, or toResponse's data() as it goes on the wire. */
async function post(fn: (args: never) => unknown, request: Request) {
  const { status, body } = await answerOf(fn, { request, ctx });
  return { status, json: body as Record<string, unknown> };
}

// ---------------------------------------------------------------------------------------------

describe("Stripe intents through the real SDK", () => {
  it("creates one intent per draft and amount with an idempotency key, and reuses it on a second call", async () => {
    const draftId = await insertDraft("alice");
    const first = await started("alice", draftId);
    expect(first).toMatchObject({ provider: "stripe", publishableKey: KEYS.publishableKey, amountPence: 31860 });
    const second = await started("alice", draftId);
    expect(second.clientSecret).toBe(first.clientSecret);

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/payment_intents",
      `GET /v1/payment_intents/${first.intentId}`,
    ]);
    const [create] = fake.requests;
    expect(create?.idempotencyKey).toMatch(keyOf(draftId, 1, 31860));
    expect(create?.body.get("amount")).toBe("31860");
    expect(create?.body.get("currency")).toBe("gbp");
    expect(create?.body.get("metadata[draft_id]")).toBe(draftId);
    expect(create?.body.get("allowed_payment_method_types[0]")).toBe("card");
    expect(fake.intents.size).toBe(1);
  });

  it("cancels the old intent when the amount changes, so two amounts can never both be paid", async () => {
    const a = await insertDraft("alice");
    const b = await insertDraft("alice");
    const before = await started("alice", a);
    const other = await started("alice", b);
    expect(before.amountPence).toBe(31860);
    // Draft b pays first, so draft a is no longer the account's first order.
    expect((await deliver(succeeded(other.intentId))).json.outcome).toBe("paid");

    const after = await started("alice", a);
    expect(after.amountPence).toBe(35160);
    expect(after.intentId).not.toBe(before.intentId);
    expect(fake.intents.get(before.intentId)?.status).toBe("canceled");
    const created = fake.requests.filter((r) => r.path === "/v1/payment_intents");
    expect(created.at(-1)?.idempotencyKey).toMatch(keyOf(a, 2, 35160));
  });

  it("never replaces an intent the provider has already taken payment on, even before its webhook", async () => {
    const a = await insertDraft("alice");
    const b = await insertDraft("alice");
    const intent = await started("alice", a);
    const taken = fake.intents.get(intent.intentId);
    if (taken) taken.status = "succeeded";
    expect(await startPayment(ctx, { session: { user: { id: "alice" } }, draftId: a, productId: "8" })).toMatchObject({
      status: 409,
      code: "ALREADY_PAID",
    });
    // The amount changes (another order of the account is paid): the taken intent cannot be cancelled.
    await deliver(succeeded((await started("alice", b)).intentId));
    const creates = fake.requests.filter((r) => r.path === "/v1/payment_intents").length;
    expect(await startPayment(ctx, { session: { user: { id: "alice" } }, draftId: a, productId: "8" })).toMatchObject({
      status: 409,
      code: "ALREADY_PAID",
    });
    expect(fake.requests.filter((r) => r.path === "/v1/payment_intents")).toHaveLength(creates);
    expect(fake.intents.get(intent.intentId)?.status).toBe("succeeded");
  });

  it("refunds part of a succeeded intent with an idempotency key, and reports Stripe's refusal as a refusal", async () => {
    const provider = await stripeProvider();
    const intent = await started("alice", await insertDraft("alice"));
    const taken = fake.intents.get(intent.intentId)!;
    taken.status = "succeeded";
    const refund = { intentId: intent.intentId, amountPence: 1_000, idempotencyKey: "refund:one" };
    const made = await provider.refund(refund);
    expect(made).toMatchObject({ amountPence: 1_000, status: "succeeded" });
    // The same key again is the same refund, and Stripe was sent the key and the amount.
    expect(await provider.refund(refund)).toEqual(made);
    const sent = fake.requests.filter((r) => r.path === "/v1/refunds");
    expect(sent.map((r) => [r.idempotencyKey, r.body.get("payment_intent"), r.body.get("amount")])).toEqual([
      ["refund:one", intent.intentId, "1000"],
      ["refund:one", intent.intentId, "1000"],
    ]);
    // More than is left: Stripe refuses, and the error says nothing happened there.
    const refused = provider.refund({ ...refund, amountPence: taken.amount, idempotencyKey: "refund:two" });
    await expect(refused).rejects.toMatchObject({ name: "PaymentProviderError", refused: true });
    // No answer (a timeout): not a refusal, since Stripe may have refunded.
    fake.state.hang = true;
    const quick = await createStripeProvider({
      ...KEYS,
      apiHost: "127.0.0.1",
      apiPort: fake.port,
      apiProtocol: "http",
      maxNetworkRetries: 0,
      timeoutMs: 200,
    });
    await expect(quick.refund({ ...refund, idempotencyKey: "refund:three" })).rejects.toMatchObject({ refused: false });
  });

  it("cancels the open intent when the buyer changes the order, and holds it if Stripe takes it anyway", async () => {
    const draftId = await insertDraft("alice");
    const opened = await started("alice", draftId);
    const changed = await saveCheckoutStep(ctx, {
      userId: "alice",
      draftId,
      step: "customisation",
      patch: { quantity: 100 },
      expectedVersion: (await draftRow(draftId))?.version ?? 0,
    });
    expect(changed.ok).toBe(true);
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/v1/payment_intents/${opened.intentId}/cancel`,
    });
    expect(fake.intents.get(opened.intentId)?.status).toBe("canceled");

    const reopened = await started("alice", draftId);
    expect(reopened.intentId).not.toBe(opened.intentId);
    expect(reopened.amountPence).toBe(61560);

    // Had the old page's payment gone through before the cancel, its webhook must not make an order.
    const old = fake.intents.get(opened.intentId);
    if (old) old.status = "succeeded";
    expect((await deliver(succeeded(opened.intentId))).json.outcome).toBe("held");
    expect(await handle.db.select().from(orders)).toHaveLength(0);
    expect((await deliver(succeeded(reopened.intentId))).json.outcome).toBe("paid");
    expect(await handle.db.select({ total: orders.totalPence }).from(orders)).toEqual([{ total: 61560 }]);
  });

  it("answers a provider that times out with a 502, stores nothing, and the retry reuses the same intent", async () => {
    ctx = testContext(
      handle,
      await createStripeProvider({
        ...KEYS,
        apiHost: "127.0.0.1",
        apiPort: fake.port,
        apiProtocol: "http",
        timeoutMs: 300,
        maxNetworkRetries: 0,
      }),
    );
    const draftId = await insertDraft("alice");
    fake.state.hang = true;
    const result = await startPayment(ctx, { session: { user: { id: "alice" } }, draftId, productId: "8" });
    expect(result).toEqual({
      ok: false,
      status: 502,
      code: "PAYMENT_PROVIDER_ERROR",
      message: "The payment provider is not responding. Nothing was charged; please try again.",
    });
    const row = await draftRow(draftId);
    expect(row?.status).toBe("shipping_done");
    expect(row?.paymentIntentId).toBeNull();
    expect(await handle.db.select().from(paymentIntents)).toHaveLength(0);

    fake.state.hang = false;
    const retried = await started("alice", draftId);
    // The provider had made the intent before the answer was lost; the same key finds it.
    expect(fake.intents.size).toBe(1);
    expect(retried.intentId).toBe("pi_fake_1");
    const keys = new Set(fake.requests.map((r) => r.idempotencyKey));
    expect([...keys]).toEqual([expect.stringMatching(keyOf(draftId, 1, 31860))]);
  });

  it("tells the page which provider and key to use through /api/payment-intent", async () => {
    const alice = await createSignedInUser(handle, "alice@acme.co");
    const draftId = await insertDraft(alice.userId);
    const base = siteRequest("/api/payment-intent", { cookie: alice.cookie, method: "POST" });
    const headers = new Headers(base.headers);
    headers.set("content-type", "application/json");
    const response = await post(
      paymentIntentAction,
      new Request(base.url, { method: "POST", headers, body: JSON.stringify({ draft_id: draftId, product_id: "8" }) }),
    );
    expect(response).toMatchObject({
      status: 200,
      json: {
        client_secret: "pi_fake_1_secret_fake",
        amount_pence: 31860,
        provider: "stripe",
        publishable_key: KEYS.publishableKey,
      },
    });
  });
});

describe("the Stripe webhook", () => {
  it("refuses a forged, missing or stale signature and a tampered body with 400, changing nothing", async () => {
    const draftId = await insertDraft("alice");
    const intent = await started("alice", draftId);
    const payload = succeeded(intent.intentId);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: KEYS.webhookSecret });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: KEYS.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const attempts = [
      webhookRequest(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_forged" })),
      webhookRequest(payload, null),
      webhookRequest(payload, stale),
      webhookRequest(payload.replace('"amount":31860', '"amount":1'), good),
    ];
    for (const request of attempts) {
      expect(await post(webhookAction, request)).toEqual({
        status: 400,
        json: { error: { code: "INVALID_SIGNATURE", message: "Webhook signature verification failed." } },
      });
    }
    expect(await handle.db.select().from(paymentEvents)).toHaveLength(0);
    expect((await draftRow(draftId))?.status).toBe("awaiting_payment");
  });

  it("applies a success replayed three times exactly once: one order, one history row, one e-mail", async () => {
    const draftId = await insertDraft("alice");
    const intent = await started("alice", draftId);
    const payload = succeeded(intent.intentId);
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await deliver(payload)).json.outcome);
    expect(outcomes).toEqual(["paid", "duplicate", "duplicate"]);
    // The same success under another event id changes nothing either.
    expect((await deliver(succeeded(intent.intentId))).json.outcome).toBe("already_paid");

    const all = await handle.db.select().from(orders);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ totalPence: 31860, paymentIntentId: intent.intentId, status: "paid" });
    expect(await handle.db.select({ draftId: orderLines.draftId }).from(orderLines)).toEqual([{ draftId }]);
    expect(await handle.db.select().from(orderStatusHistory)).toHaveLength(1);
    // The confirmation and the alert were queued with the payment, once: the worker writes them.
    await runDueJobs(ctx);
    const mails = await handle.db.select().from(outbox).where(eq(outbox.to, "grace@cobol.example"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Total paid: £318.60");
    // One alert to the sales address for the new paid order (decision 026), however often replayed.
    const alerts = await handle.db.select().from(outbox).where(eq(outbox.to, TEST_SHOP.business.salesEmail));
    expect(alerts.map((mail) => mail.subject)).toEqual([`New paid order ${all[0]?.number}: £318.60`]);
    expect(alerts[0]?.text).toContain(`/admin/orders/${all[0]?.id}`);
    expect(await paymentState(handle.db, { userId: "alice", draftId })).toEqual({
      state: "paid",
      orderId: all[0]?.id,
      orderNumber: all[0]?.number,
    });
  });

  it("reconciles a payment that succeeded without its webhook into one order; the late webhook changes nothing", async () => {
    const draftId = await insertDraft("alice");
    const intent = await started("alice", draftId);
    const startedAt = (await handle.db.select().from(paymentIntents))[0]!.createdAt;
    // The column has microseconds, a Date only milliseconds: a millisecond on, so the 15th minute is reached.
    const minutesIn = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000 + 1);
    // The buyer paid at Stripe; the webhook never came.
    const held = fake.intents.get(intent.intentId)!;
    Object.assign(held, { status: "succeeded", amount_received: held.amount });

    // Left to its webhook for 15 minutes.
    expect(await reconcilePayments(ctx, minutesIn(14))).toEqual({ checked: 0, outcomes: [] });
    expect(fake.requests.filter((r) => r.method === "GET")).toHaveLength(0);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      expect(await reconcilePayments(ctx, minutesIn(15))).toEqual({ checked: 1, outcomes: ["paid"] });
    } finally {
      log.mockRestore();
    }
    expect(fake.requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/payment_intents/${intent.intentId}` });
    const all = await handle.db.select().from(orders);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ totalPence: 31860, paymentIntentId: intent.intentId, status: "paid" });
    await runDueJobs(ctx);
    expect(await handle.db.select().from(outbox).where(eq(outbox.to, "grace@cobol.example"))).toHaveLength(1);

    // Paid now: the next run asks nothing, and the webhook arriving late is a no-op.
    expect(await reconcilePayments(ctx, minutesIn(120))).toEqual({ checked: 0, outcomes: [] });
    expect((await deliver(succeeded(intent.intentId))).json.outcome).toBe("already_paid");
    expect(await handle.db.select().from(orders)).toHaveLength(1);
    expect(await handle.db.select().from(orderStatusHistory)).toHaveLength(1);
    await runDueJobs(ctx);
    expect(await handle.db.select().from(outbox).where(eq(outbox.to, "grace@cobol.example"))).toHaveLength(1);
    expect((await handle.db.select().from(paymentEvents)).map((e) => e.eventId)).toContain(
      reconciliationEventId(intent.intentId),
    );
  });

  it("reconciles a card declined, then paid on a retry whose webhook was lost", async () => {
    const draftId = await insertDraft("alice");
    const intent = await started("alice", draftId);
    const startedAt = (await handle.db.select().from(paymentIntents))[0]!.createdAt;
    const minutesIn = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000 + 1);
    expect((await deliver(failed(intent.intentId, "Your card was declined."))).json.outcome).toBe("failed");
    // The buyer tried another card on the same payment, which Stripe took; that webhook never came.
    const held = fake.intents.get(intent.intentId)!;
    Object.assign(held, { status: "succeeded", amount_received: held.amount });
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      expect(await reconcilePayments(ctx, minutesIn(15))).toEqual({ checked: 1, outcomes: ["paid"] });
    } finally {
      log.mockRestore();
    }
    expect(await handle.db.select().from(orders)).toEqual([
      expect.objectContaining({ totalPence: 31860, paymentIntentId: intent.intentId, status: "paid" }),
    ]);
    expect((await draftRow(draftId))?.status).toBe("paid");
  });

  it("asks about an unpaid payment once an hour, and changes nothing while it is unpaid", async () => {
    const draftId = await insertDraft("alice");
    const intent = await started("alice", draftId);
    const startedAt = (await handle.db.select().from(paymentIntents))[0]!.createdAt;
    // The column has microseconds, a Date only milliseconds: a millisecond on, so the 15th minute is reached.
    const minutesIn = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000 + 1);
    expect(await reconcilePayments(ctx, minutesIn(16))).toEqual({ checked: 1, outcomes: [] });
    expect(await reconcilePayments(ctx, minutesIn(30))).toEqual({ checked: 0, outcomes: [] });
    expect(await reconcilePayments(ctx, minutesIn(76))).toEqual({ checked: 1, outcomes: [] });
    expect(
      fake.requests.filter((r) => r.path === `/v1/payment_intents/${intent.intentId}` && r.method === "GET"),
    ).toHaveLength(2);
    expect(await handle.db.select().from(orders)).toEqual([]);
    expect((await draftRow(draftId))?.paidAt).toBeNull();
  });

  it("never lets a late failure or processing event undo a success", async () => {
    const draftId = await insertDraft("alice");
    const intent = await started("alice", draftId);
    expect((await deliver(succeeded(intent.intentId, { created: 1_790_000_200 }))).json.outcome).toBe("paid");
    expect(
      (await deliver(failed(intent.intentId, "Your card was declined.", { created: 1_790_000_100 }))).json.outcome,
    ).toBe("already_paid");
    expect(
      (await deliver(eventPayload("payment_intent.processing", intent.intentId, { status: "processing" }))).json
        .outcome,
    ).toBe("already_paid");
    expect((await draftRow(draftId))?.status).toBe("paid");
    expect(await handle.db.select().from(orders)).toHaveLength(1);
  });

  it("marks a failure with Stripe's message, ignores an older processing event, and a later success still pays once", async () => {
    const draftId = await insertDraft("alice");
    const intent = await started("alice", draftId);
    expect(
      (await deliver(failed(intent.intentId, "Your card has insufficient funds.", { created: 1_790_000_200 }))).json
        .outcome,
    ).toBe("failed");
    expect(await paymentState(handle.db, { userId: "alice", draftId })).toEqual({
      state: "failed",
      message: "Your card has insufficient funds.",
    });
    const late = eventPayload(
      "payment_intent.processing",
      intent.intentId,
      { status: "processing" },
      { created: 1_790_000_150 },
    );
    expect((await deliver(late)).json.outcome).toBe("stale");
    expect((await draftRow(draftId))?.status).toBe("payment_failed");

    expect((await deliver(succeeded(intent.intentId, { created: 1_790_000_300 }))).json.outcome).toBe("paid");
    expect((await draftRow(draftId))?.status).toBe("paid");
    expect(await handle.db.select().from(orders)).toHaveLength(1);
  });

  it("does not mark paid when the amount or currency differs from the server's", async () => {
    const draftId = await insertDraft("alice");
    const intent = await started("alice", draftId);
    const cheaper = eventPayload("payment_intent.succeeded", intent.intentId, {
      status: "succeeded",
      amount: 100,
      amount_received: 100,
    });
    const dollars = eventPayload("payment_intent.succeeded", intent.intentId, {
      status: "succeeded",
      currency: "usd",
      amount_received: 31860,
    });
    const partial = eventPayload("payment_intent.succeeded", intent.intentId, {
      status: "succeeded",
      amount_received: 100,
    });
    for (const payload of [cheaper, dollars, partial])
      expect((await deliver(payload)).json.outcome).toBe("amount_mismatch");
    expect((await draftRow(draftId))?.status).toBe("awaiting_payment");
    expect(await handle.db.select().from(orders)).toHaveLength(0);
    expect(await paymentState(handle.db, { userId: "alice", draftId })).toEqual({ state: "processing" });
  });

  it("acknowledges events outside the allow-list and unknown intents without changing anything", async () => {
    const ignored = await deliver(eventPayload("charge.succeeded", "ch_1"));
    expect(ignored).toEqual({ status: 200, json: { received: true, ignored: "charge.succeeded" } });
    expect(await handle.db.select().from(paymentEvents)).toHaveLength(0);
    const unknown = await deliver(
      eventPayload("payment_intent.succeeded", "pi_elsewhere", { amount: 500, amount_received: 500, currency: "gbp" }),
    );
    expect(unknown).toEqual({ status: 200, json: { received: true, outcome: "unknown_intent" } });
    expect(await handle.db.select().from(orders)).toHaveLength(0);
  });

  it("is only open while Stripe is the provider, and the test-mode form only while it is not", async () => {
    const draftId = await insertDraft("alice");
    const intent = await started("alice", draftId);
    const alice = await createSignedInUser(handle, "alice@acme.co");
    const base = siteRequest("/api/test-payments/confirm", { cookie: alice.cookie, method: "POST" });
    const body = JSON.stringify({
      client_secret: intent.clientSecret,
      number: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    });
    const confirm = await post(
      testConfirmAction,
      new Request(base.url, { method: "POST", headers: base.headers, body }),
    );
    expect(confirm.status).toBe(404);

    ctx = testContext(handle);
    expect((await deliver(succeeded(intent.intentId))).status).toBe(404);
    expect((await draftRow(draftId))?.status).toBe("awaiting_payment");
  });
});

describe("paymentConfiguration (/env)", () => {
  it("says test mode, ok, missing publishable key or failed to initialize, and never falls back to test mode half-configured", () => {
    const none = { STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
    const all = {
      STRIPE_SECRET_KEY: KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
    };
    // The built-in provider takes no money, so /env never calls it ok.
    expect(paymentConfiguration(none)).toEqual({ mode: "test", status: "test mode" });
    expect(paymentConfiguration({ ...none, PAYMENT_PROVIDER: "test" })).toEqual({ mode: "test", status: "test mode" });
    // Stripe asked for by name and no keys: nobody can pay, rather than everybody for free.
    expect(paymentConfiguration({ ...none, PAYMENT_PROVIDER: "stripe" })).toMatchObject({
      mode: "unavailable",
      status: "missing publishable key",
    });
    // Decision 024: Stripe's test keys take no money either; live keys are ok.
    expect(paymentConfiguration(all)).toMatchObject({ mode: "stripe", status: "test mode" });
    expect(
      paymentConfiguration({
        ...all,
        STRIPE_SECRET_KEY: "sk_live_fake123",
        STRIPE_PUBLISHABLE_KEY: "pk_live_fake123",
      }),
    ).toMatchObject({ mode: "stripe", status: "ok" });
    expect(paymentConfiguration({ ...all, STRIPE_PUBLISHABLE_KEY: undefined })).toMatchObject({
      mode: "unavailable",
      status: "missing publishable key",
    });
    expect(paymentConfiguration({ ...none, STRIPE_SECRET_KEY: KEYS.secretKey })).toMatchObject({
      status: "missing publishable key",
    });
    for (const broken of [
      { ...all, STRIPE_SECRET_KEY: undefined },
      { ...all, STRIPE_WEBHOOK_SECRET: undefined },
      { ...all, STRIPE_SECRET_KEY: "pk_test_wrongkind" },
      { ...all, STRIPE_PUBLISHABLE_KEY: "pk_live_othermode" },
      { ...all, STRIPE_WEBHOOK_SECRET: "secret" },
    ]) {
      expect(paymentConfiguration(broken)).toMatchObject({ mode: "unavailable", status: "failed to initialize" });
    }
  });
});
