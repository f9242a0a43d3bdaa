import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { SmsProviderConfig } from "~/server/providers/sms-provider.server";

/** The account the fake provider accepts; the SID has Twilio's shape so the env check passes. */
export const FAKE_SMS_ACCOUNT = {
  accountSid: `AC${"0123456789abcdef".repeat(2)}`,
  authToken: "fake-sms-auth-token",
  from: "+447700900000",
} as const;

export type ReceivedText = { to: string; from: string; body: string };

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

/**
 * A loopback stand-in for Twilio's Messages API: it takes POST
 * /2010-04-01/Accounts/{sid}/Messages.json with the fake account's Basic auth, keeps each text and
 * answers as Twilio does; anything else is refused as Twilio would refuse it. `config` is the provider
 * a test's app context hands in; `env` points a whole server (a browser test's) at it.
 */
export async function startFakeSmsProvider(options: { port?: number } = {}) {
  const messages: ReceivedText[] = [];
  const { accountSid, authToken } = FAKE_SMS_ACCOUNT;
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const server = createServer(async (request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.method !== "POST" || request.url !== path) return answer(404, { code: 20404, message: "Not found" });
    if (request.headers.authorization !== authorization) return answer(401, { code: 20003, message: "Authenticate" });
    const form = new URLSearchParams(await bodyOf(request));
    const text = { to: form.get("To") ?? "", from: form.get("From") ?? "", body: form.get("Body") ?? "" };
    if (!/^\+[1-9]\d{7,14}$/.test(text.to)) {
      return answer(400, { code: 21211, message: `The 'To' number ${text.to} is not a valid phone number.` });
    }
    messages.push(text);
    answer(201, { sid: `SM${String(messages.length).padStart(32, "0")}`, status: "queued" });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    messages,
    config: { accountSid, authToken, from: FAKE_SMS_ACCOUNT.from, apiBase: url } satisfies SmsProviderConfig,
    env: {
      SMS_TWILIO_ACCOUNT_SID: accountSid,
      SMS_TWILIO_AUTH_TOKEN: authToken,
      SMS_FROM: FAKE_SMS_ACCOUNT.from,
      SMS_API_BASE: url,
    },
    /** The newest text to `to`, or "" when none came. */
    lastTo: (to: string) => messages.filter((m) => m.to === to).at(-1)?.body ?? "",
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
