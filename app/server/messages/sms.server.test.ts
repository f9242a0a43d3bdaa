import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { outbox, rateLimits, smsSignups } from "#db/schema";
import { action as inbound } from "~/routes/api.sms.inbound";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testServices } from "../../../tests/setup/test-db";
import { parseEnv } from "../platform/env.server";
import { runDueJobs } from "../edge/job-worker.server";
import { saveSmsSignup, smsListStatus } from "../shop/sms-signups.server";
import {
  createTwilioSender,
  isTwilioSigned,
  SMS_INBOUND_LIMIT,
  sendSms,
  smsAvailable,
  smsProviderConfig,
} from "./sms.server";

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
  // This file's server runs with the provider configured; nothing has read the environment yet.
  Object.assign(process.env, {
    SMS_TWILIO_ACCOUNT_SID: SID,
    SMS_TWILIO_AUTH_TOKEN: TOKEN,
    SMS_FROM: FROM,
    SMS_API_BASE: base,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  next = { status: 201, body: { sid: "SM123" } };
});

const config = () => ({ accountSid: SID, authToken: TOKEN, from: FROM, apiBase: base });
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

describe("createTwilioSender", () => {
  it("posts To, From and Body with Basic auth to the account's Messages.json and keeps an audit copy without the code", async () => {
    await createTwilioSender(config()).send(
      { to: "+447700900123", text: "123456 is your code.", meta: { kind: "sms-code", code: "123456" } },
      handle.db,
    );
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
    const [copy, ...others] = await texts();
    expect(others).toHaveLength(0);
    expect(copy).toMatchObject({ to: "+447700900123", subject: "SMS", text: "•••••• is your code." });
    expect(copy?.meta).toEqual({ channel: "sms", kind: "sms-code", provider: "twilio", providerId: "SM123" });
  });

  it("throws with the provider's message on a refusal and records nothing", async () => {
    next = {
      status: 400,
      body: { code: 21211, message: "The 'To' number +447700900999 is not a valid phone number." },
    };
    await expect(createTwilioSender(config()).send({ to: "+447700900999", text: "Hello" }, handle.db)).rejects.toThrow(
      "The SMS provider refused the text to +447700900999 (400): The 'To' number +447700900999 is not a valid phone number.",
    );
    expect(await texts()).toHaveLength(0);
  });

  it("throws on an answer that is not JSON, with the HTTP status", async () => {
    next = { status: 503, body: "x" };
    await expect(createTwilioSender(config()).send({ to: "+447700900999", text: "Hello" }, handle.db)).rejects.toThrow(
      /\(503\)/,
    );
  });

  it("is what sendSms uses once the environment configures it", async () => {
    expect(smsAvailable()).toBe(true);
    await sendSms(handle.db, { to: "+447700900123", text: "Hello", meta: { code: "Hello" } });
    const [queued] = await texts();
    expect(queued).toMatchObject({ status: "queued", text: "Hello" });
    expect(received).toHaveLength(0);
    expect(await runDueJobs(handle.db)).toBe(1);
    expect(received.map((r) => r.form.get("Body"))).toEqual(["Hello"]);
    // Sent: the row keeps the provider's id and no longer holds the code.
    const [sent] = await texts();
    expect(sent).toMatchObject({ status: "sent", text: "••••••", attempts: 1 });
    expect(sent?.meta).toMatchObject({ channel: "sms", provider: "twilio", providerId: "SM123" });
    expect(sent?.meta).not.toHaveProperty("code");
  });
});

describe("the SMS list's confirmation request (docs/decisions/034-sms-double-opt-in.md)", () => {
  it("goes through the provider; a provider that refuses costs the text, not the sign-up", async () => {
    await saveSmsSignup(handle.db, { phoneE164: "+447700900123", ip: "203.0.113.1" });
    await runDueJobs(handle.db);
    expect(received.at(-1)?.form.get("Body")).toContain("reply YES to get our monthly product updates");
    next = { status: 500, body: { message: "Internal error" } };
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await saveSmsSignup(handle.db, { phoneE164: "+447700900124", ip: "203.0.113.1" })).toMatchObject({
        status: "saved",
      });
      await runDueJobs(handle.db);
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
  const text = (from: string, body: string, signature?: string) => {
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
      services: testServices(handle),
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
    await saveSmsSignup(handle.db, { phoneE164: "+447700900123", ip: "203.0.113.1" });
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("pending");
    expect((await text("+447700900123", " yes ")).status).toBe(200);
    expect(await smsListStatus(handle.db, "+447700900123")).toBe("subscribed");
    await runDueJobs(handle.db);
    expect(received.at(-1)?.form.get("Body")).toContain("You're signed up for monthly product updates");

    await saveSmsSignup(handle.db, { phoneE164: "+447700900456", ip: "203.0.113.1" });
    await text("+447700900456", "STOP");
    await text("+447700900456", "YES");
    expect(await smsListStatus(handle.db, "+447700900456")).toBe("opted_out");
    await text("+447700900456", "START");
    expect(await smsListStatus(handle.db, "+447700900456")).toBe("subscribed");
  });

  it("a forged YES (no provider signature) confirms nothing", async () => {
    await saveSmsSignup(handle.db, { phoneE164: "+447700900123", ip: "203.0.113.1" });
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
      services: testServices(handle),
    });
    expect(big.status).toBe(413);
    const json = await answerOf(inbound, {
      request: new Request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }),
      services: testServices(handle),
    });
    expect(json.status).toBe(415);
  });
});
