import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outbox, rateLimits, smsSignups } from "#db/schema";
import { action as inbound } from "~/routes/api.sms.inbound";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { parseEnv } from "../platform/env.server";
import { runDueJobs } from "../edge/job-worker.server";
import type { AccountsContext } from "../accounts/auth.server";
import { smsProviderConfig } from "../providers/sms-provider.server";
import { saveSmsSignup, smsListStatus } from "../shop/sms-signups.server";
import { isTwilioSigned, SMS_INBOUND_LIMIT, SMS_JOB, sendSms } from "./sms.server";

const handle = testFileDatabase();

const SID = `AC${"0123456789abcdef".repeat(2)}`;
const TOKEN = "fake-auth-token";
const FROM = "+447700900000";

/** A loopback stand-in for Twilio's Messages API: records each request, answers as `next` says. */
type Received = { method: string; url: string; authorization: string; form: URLSearchParams };
const received: Received[] = [];
let next: { status: number; body: unknown } = { status: 201, body: { sid: "SM123" } };
let server: Server;
let base = "";

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({
      method: request.method ?? "",
      url: request.url ?? "",
      authorization: request.headers.authorization ?? "",
      form: new URLSearchParams(await bodyOf(request)),
    });
    response.writeHead(next.status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(next.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx = { ...testContext(handle), sms: config() };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  next = { status: 201, body: { sid: "SM123" } };
});

const config = () => ({ accountSid: SID, authToken: TOKEN, from: FROM, apiBase: base });
/** The test shop with this file's provider. */
let ctx: AccountsContext;
const texts = () => handle.db.select().from(outbox);

describe("the SMS provider's settings", () => {
  it("takes all three or none, and names what is wrong", () => {
    expect(smsProviderConfig(parseEnv({}))).toBeNull();
    expect(
      smsProviderConfig(parseEnv({ SMS_TWILIO_ACCOUNT_SID: SID, SMS_TWILIO_AUTH_TOKEN: TOKEN, SMS_FROM: FROM })),
    ).toEqual({
      accountSid: SID,
      authToken: TOKEN,
      from: FROM,
      apiBase: "https://api.twilio.com",
    });
    expect(() => parseEnv({ SMS_TWILIO_ACCOUNT_SID: SID })).toThrow(/SMS_TWILIO_\*, SMS_FROM: set the account SID/);
    expect(() => parseEnv({ SMS_TWILIO_ACCOUNT_SID: "AC123" })).toThrow(
      /SMS_TWILIO_ACCOUNT_SID: must be a Twilio account SID/,
    );
    expect(() => parseEnv({ SMS_FROM: "07700900000" })).toThrow(/SMS_FROM: must be the sending number in E.164/);
    expect(() => parseEnv({ SMS_API_BASE: "ftp://x" })).toThrow(/SMS_API_BASE/);
  });
});

describe("a text through the provider", () => {
  it("is queued, then posted as To, From and Body with Basic auth to the account's Messages.json; the row keeps the provider's id, not the code", async () => {
    await sendSms(handle.db, {
      to: "+447700900123",
      text: "123456 is your code.",
      meta: { kind: "sms-code", code: "123456" },
    });
    const [queued] = await texts();
    expect(queued).toMatchObject({ status: "queued", text: "123456 is your code." });
    expect(received).toHaveLength(0);
    expect(await runDueJobs(ctx)).toBe(1);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
    expect(Object.fromEntries(request!.form)).toEqual({
      To: "+447700900123",
      From: FROM,
      Body: "123456 is your code.",
    });
    const [sent, ...others] = await texts();
    expect(others).toHaveLength(0);
    expect(sent).toMatchObject({ status: "sent", subject: "SMS", text: "•••••• is your code.", attempts: 1 });
    expect(sent?.meta).toEqual({ channel: "sms", kind: "sms-code", provider: "twilio", providerId: "SM123" });
  });

  it("is tried again after a refusal, which is recorded with the provider's message and HTTP status", async () => {
    next = {
      status: 400,
      body: { code: 21211, message: "The 'To' number +447700900999 is not a valid phone number." },
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await sendSms(handle.db, { to: "+447700900999", text: "Hello" });
      expect(await runDueJobs(ctx)).toBe(1);
      const [refused] = await texts();
      expect(refused).toMatchObject({ status: "queued", attempts: 1 });
      expect(refused?.lastError).toBe(
        "The SMS provider refused the text to +447700900999 (400): The 'To' number +447700900999 is not a valid phone number.",
      );
      next = { status: 503, body: "x" };
      expect(await runDueJobs(ctx, { now: new Date(Date.now() + 24 * 3_600_000) })).toBe(1);
      expect((await texts())[0]?.lastError).toMatch(/\(503\)/);
    } finally {
      errors.mockRestore();
    }
  });

  it("is given up, its code blanked, once its last attempt is refused", async () => {
    next = { status: 500, body: { message: "Internal error" } };
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await sendSms(handle.db, { to: "+447700900123", text: "654321 is your code.", meta: { code: "654321" } });
      for (let attempt = 1; attempt <= SMS_JOB.maxAttempts; attempt += 1)
        await runDueJobs(ctx, { now: new Date(Date.now() + attempt * 24 * 3_600_000) });
      const [failed] = await texts();
      expect(failed).toMatchObject({ status: "failed", attempts: SMS_JOB.maxAttempts, text: "•••••• is your code." });
    } finally {
      errors.mockRestore();
    }
  });

  it("is kept in the outbox by a shop without a provider, and shown in the log only where there is no mail server either", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await sendSms(handle.db, { to: "+447700900123", text: "111111 is your code." });
      expect(await runDueJobs(testContext(handle))).toBe(1);
      expect(log).toHaveBeenLastCalledWith("[outbox] SMS to +447700900123: 111111 is your code.");
      await sendSms(handle.db, { to: "+447700900124", text: "222222 is your code." });
      const mailer = { send: async () => undefined, close: () => undefined };
      expect(await runDueJobs({ ...testContext(handle), mailer })).toBe(1);
      expect(log).toHaveBeenLastCalledWith("[outbox] SMS to +447700900124 kept in the outbox");
    } finally {
      log.mockRestore();
    }
    expect((await texts()).map((row) => row.status)).toEqual(["kept", "kept"]);
    expect(received).toHaveLength(0);
  });
});

describe("the SMS list's confirmation request (docs/decisions/034-sms-double-opt-in.md)", () => {
  it("goes through the provider; a provider that refuses costs the text, not the sign-up", async () => {
    await saveSmsSignup(ctx, { phoneE164: "+447700900123", ip: "203.0.113.1" });
    await runDueJobs(ctx);
    expect(received.at(-1)?.form.get("Body")).toContain("reply YES to get our monthly product updates");
    next = { status: 500, body: { message: "Internal error" } };
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await saveSmsSignup(ctx, { phoneE164: "+447700900124", ip: "203.0.113.1" })).toMatchObject({
        status: "saved",
      });
      await runDueJobs(ctx);
      expect(errors).toHaveBeenCalledOnce();
    } finally {
      errors.mockRestore();
    }
    expect(await smsListStatus(handle.db, "+447700900124")).toBe("pending");
    // The refused text waits for its retry, with the provider's reason.
    const [waiting] = await handle.db.select().from(outbox).where(eq(outbox.to, "+447700900124"));
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting?.lastError).toContain("Internal error");
  });
});

describe("isTwilioSigned", () => {
  it("matches Twilio's documented example", () => {
    const params = new URLSearchParams({
      CallSid: "CA1234567890ABCDE",
      Caller: "+12349013030",
      Digits: "1234",
      From: "+12349013030",
      To: "+18005551212",
    });
    const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
    expect(isTwilioSigned({ authToken: "12345", url, params, signature: "0/KCTR6DLpKmkAf8muzZqo1nDgQ=" })).toBe(true);
    expect(isTwilioSigned({ authToken: "12346", url, params, signature: "0/KCTR6DLpKmkAf8muzZqo1nDgQ=" })).toBe(false);
    expect(
      isTwilioSigned({ authToken: "12345", url: `${url}&x=1`, params, signature: "0/KCTR6DLpKmkAf8muzZqo1nDgQ=" }),
    ).toBe(false);
    expect(isTwilioSigned({ authToken: "12345", url, params, signature: null })).toBe(false);
    expect(isTwilioSigned({ authToken: "12345", url, params, signature: "short" })).toBe(false);
  });
});

describe("POST /api/sms/inbound (decision 034)", () => {
  const url = "http://127.0.0.1:3999/api/sms/inbound";
  const sign = (params: URLSearchParams, token = TOKEN) =>
    createHmac("sha1", token)
      .update(
        url +
          [...params]
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => k + v)
            .join(""),
      )
      .digest("base64");
  const text = (from: string, body: string, signature?: string, shop = ctx) => {
    const params = new URLSearchParams({ MessageSid: "SM1", AccountSid: SID, From: from, To: FROM, Body: body });
    return answerOf(inbound, {
      request: new Request("http://internal:3000/api/sms/inbound", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Twilio-Signature": signature ?? sign(params),
        },
        body: params,
      }),
      ctx: shop,
    });
  };
  /** A number on the list, its sign-up confirmed. */
  const signUp = (phone: string) =>
    handle.db
      .insert(smsSignups)
      .values({ phoneE164: phone, consentText: "Yes", consentAt: new Date(), confirmedAt: new Date() });

  it("STOP (any case, spaces around) opts the sender out and answers empty TwiML", async () => {
    await signUp("+447700900123");
    const answer = await text("+447700900123", "  stop \n");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/xml/);
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("opted_out");
  });

  it.each(["STOPALL", "Unsubscribe", "cancel", "END", "quit"])("%s opts out too", async (word) => {
    await signUp("+447700900123");
    await text("+447700900123", word);
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("opted_out");
  });

  it("START brings back a number that had consented; an unknown number stays off the list", async () => {
    await signUp("+447700900123");
    await text("+447700900123", "STOP");
    await text("+447700900123", "Start");
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("subscribed");
    await text("+447700900456", "START");
    expect(await smsListStatus(handle.db, "+447700900456")).toBeNull();
  });

  it("YES confirms a pending sign-up and the welcome goes out; YES from a number that said STOP does not bring it back", async () => {
    await saveSmsSignup(ctx, { phoneE164: "+447700900123", ip: "203.0.113.1" });
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("pending");
    expect((await text("+447700900123", " yes ")).status).toBe(200);
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("subscribed");
    await runDueJobs(ctx);
    expect(received.at(-1)?.form.get("Body")).toContain("You're signed up for monthly product updates");

    await saveSmsSignup(ctx, { phoneE164: "+447700900456", ip: "203.0.113.1" });
    await text("+447700900456", "STOP");
    await text("+447700900456", "YES");
    expect(await smsListStatus(handle.db, "+447700900456")).toBe("opted_out");
    await text("+447700900456", "START");
    expect(await smsListStatus(handle.db, "+447700900456")).toBe("subscribed");
  });

  it("a forged YES (no provider signature) confirms nothing", async () => {
    await saveSmsSignup(ctx, { phoneE164: "+447700900123", ip: "203.0.113.1" });
    expect((await text("+447700900123", "YES", "bm9wZQ==")).status).toBe(403);
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("pending");
  });

  it("any other text changes nothing", async () => {
    await signUp("+447700900123");
    expect((await text("+447700900123", "Please stop")).status).toBe(200);
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("subscribed");
  });

  it("refuses a request without the provider's signature with 403 and changes nothing", async () => {
    await signUp("+447700900123");
    const params = new URLSearchParams({ From: "+447700900123", Body: "STOP" });
    for (const signature of ["", "bm9wZQ==", sign(params, "another-token")]) {
      const answer = await text("+447700900123", "STOP", signature);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: { code: "INVALID_SIGNATURE" } });
    }
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("subscribed");
  });

  it("is not there for a shop without a provider: 404, and the text changes nothing", async () => {
    await signUp("+447700900123");
    const answer = await text("+447700900123", "STOP", undefined, testContext(handle));
    expect(answer.status).toBe(404);
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("subscribed");
  });

  it(`hears ${SMS_INBOUND_LIMIT.hits} calls a minute from one address, then 429 with Retry-After before reading the body`, async () => {
    await signUp("+447700900123");
    // The counter of the request's address ("unknown": no proxy header here) is full: the text is not read.
    await handle.db
      .insert(rateLimits)
      .values({ key: "sms-inbound:unknown", count: SMS_INBOUND_LIMIT.hits, windowStart: new Date() });
    const answer = await text("+447700900123", "STOP");
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("subscribed");
  });

  it("refuses a body past its size and one that is not a form", async () => {
    const big = await answerOf(inbound, {
      request: new Request(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `Body=${"x".repeat(17 * 1024)}`,
      }),
      ctx,
    });
    expect(big.status).toBe(413);
    const json = await answerOf(inbound, {
      request: new Request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
      ctx,
    });
    expect(json.status).toBe(415);
  });
});
