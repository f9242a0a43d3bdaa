import { outbox } from "#db/schema";
import type { Database } from "./db.server";
import { getEnv } from "./env.server";

/** Anything that can deliver a text message; a real SMS gateway implements this. */
export interface SmsSender {
  send(message: { to: string; text: string; meta?: Record<string, unknown> }, db: Database): Promise<void>;
}

/**
 * The default: texts go to the outbox table. The log shows them only on a machine without SMTP_URL
 * (a developer's), where reading a code there is the point; a deployment's log never holds a code.
 */
export const outboxSmsSender: SmsSender = {
  async send(message, db) {
    await db.insert(outbox).values({
      to: message.to,
      subject: "SMS",
      text: message.text,
      meta: { channel: "sms", ...message.meta },
    });
    console.log(
      getEnv().SMTP_URL
        ? `[outbox] SMS to ${message.to} kept in the outbox`
        : `[outbox] SMS to ${message.to}: ${message.text}`,
    );
  },
};

let sender: SmsSender = outboxSmsSender;

export function sendSms(db: Database, message: { to: string; text: string; meta?: Record<string, unknown> }) {
  return sender.send(message, db);
}

export function useSmsSenderForTests(next: SmsSender) {
  sender = next;
}
