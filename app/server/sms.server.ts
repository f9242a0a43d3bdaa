import { outbox } from "#db/schema";
import { getDb } from "./db.server";

/** Anything that can deliver a text message; a real SMS gateway implements this. */
export interface SmsSender {
  send(message: { to: string; text: string; meta?: Record<string, unknown> }): Promise<void>;
}

/** The local default: texts go to the outbox table and the log, where a developer can read them. */
export const outboxSmsSender: SmsSender = {
  async send(message) {
    const db = await getDb();
    await db.insert(outbox).values({
      to: message.to,
      subject: "SMS",
      text: message.text,
      meta: { channel: "sms", ...message.meta },
    });
    console.log(`[outbox] SMS to ${message.to}: ${message.text}`);
  },
};

let sender: SmsSender = outboxSmsSender;

export function sendSms(message: { to: string; text: string; meta?: Record<string, unknown> }) {
  return sender.send(message);
}

export function useSmsSenderForTests(next: SmsSender) {
  sender = next;
}
