import { createHmac } from "node:crypto";
import { FAKE_SMS_ACCOUNT, type ReceivedText } from "../../setup/sms-provider";
import { expect } from "./fixtures";

// Texts reach phones through the real HTTP SMS adapter, pointed by start-server.ts at its fake of
// Twilio's Messages API, whose received texts are read back at PORT+2/sms (issue 18 item 5).

const textsApi = (baseURL: string) => `http://127.0.0.1:${Number(new URL(baseURL).port) + 2}/sms`;

/** A UK mobile number of the calling test's own. */
export const newPhone = () => `+4477009${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`;

/** The newest text to `to` that matches, waiting for it to arrive at the provider. */
export async function latestText(baseURL: string, to: string, match: RegExp): Promise<string> {
  let found: ReceivedText | undefined;
  await expect
    .poll(
      async () => {
        const texts = (await (
          await fetch(`${textsApi(baseURL)}?to=${encodeURIComponent(to)}`)
        ).json()) as ReceivedText[];
        found = texts.filter((t) => match.test(t.body)).at(-1);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!.body;
}

/** Every text the provider has received for `to`, oldest first. */
export async function textsTo(baseURL: string, to: string): Promise<ReceivedText[]> {
  return (await (await fetch(`${textsApi(baseURL)}?to=${encodeURIComponent(to)}`)).json()) as ReceivedText[];
}

/** The link in the text that asks `phone` to confirm its SMS sign-up (docs/decisions/034-sms-double-opt-in.md). */
export async function confirmLinkOf(baseURL: string, phone: string): Promise<string> {
  const request = await latestText(baseURL, phone, /reply YES/);
  return /(http\S+\/sms\/confirm\?t=[A-Za-z0-9_-]+)/.exec(request)?.[1] ?? "";
}

/** The unsubscribe link in the welcome text the SMS list sends `phone` once it has confirmed. */
export async function unsubscribeLinkOf(baseURL: string, phone: string): Promise<string> {
  const welcome = await latestText(baseURL, phone, /Reply STOP to opt out/);
  return /(http\S+\/sms\/unsubscribe\?t=\S+)$/.exec(welcome)?.[1] ?? "";
}

/** Twilio's X-Twilio-Signature of a webhook call to `url` with `params`, as the fake provider's account signs it. */
export function twilioSignature(url: string, params: Record<string, string>): string {
  const payload =
    url +
    Object.keys(params)
      .sort()
      .map((name) => name + params[name])
      .join("");
  return createHmac("sha1", FAKE_SMS_ACCOUNT.authToken).update(payload).digest("base64");
}

/** A text from `from` to the shop's number, as the provider's webhook posts it, signed as Twilio signs. */
export function inboundText(baseURL: string, from: string, body: string) {
  const url = `${baseURL}/api/sms/inbound`;
  const form = { AccountSid: FAKE_SMS_ACCOUNT.accountSid, Body: body, From: from, To: FAKE_SMS_ACCOUNT.from };
  return { url, form, headers: { "X-Twilio-Signature": twilioSignature(url, form) } };
}
