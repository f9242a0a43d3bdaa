import type { ReceivedText } from "../../setup/sms-provider";
import { confirmLinkIn, type TextReader, unsubscribeLinkIn } from "../../support/http";
import { expect } from "./fixtures";

// Texts reach phones through the real HTTP SMS adapter, pointed by start-server.ts at its fake of
// Twilio's Messages API, whose received texts are read back at PORT+2/sms.
export { inboundText, newPhone, twilioSignature } from "../../support/http";

const textsApi = (baseURL: string) => `http://127.0.0.1:${Number(new URL(baseURL).port) + 2}/sms`;

/** Every text the provider has received for `to`, oldest first. */
export async function textsTo(baseURL: string, to: string): Promise<ReceivedText[]> {
  return (await (await fetch(`${textsApi(baseURL)}?to=${encodeURIComponent(to)}`)).json()) as ReceivedText[];
}

/** The newest text to `to` that matches, waiting for it to arrive at the provider. */
export async function latestText(baseURL: string, to: string, match: RegExp): Promise<string> {
  let found: ReceivedText | undefined;
  await expect
    .poll(
      async () => {
        found = (await textsTo(baseURL, to)).filter((t) => match.test(t.body)).at(-1);
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!.body;
}

const textsAt = (baseURL: string): TextReader => ({ latest: (to, match) => latestText(baseURL, to, match) });

/** The link in the text that asks `phone` to confirm its SMS sign-up. */
export const confirmLinkOf = (baseURL: string, phone: string) => confirmLinkIn(textsAt(baseURL), phone);

/** The unsubscribe link in the welcome text the SMS list sends `phone` once it has confirmed. */
export const unsubscribeLinkOf = (baseURL: string, phone: string) => unsubscribeLinkIn(textsAt(baseURL), phone);
