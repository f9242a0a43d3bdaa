/**
 * How a message from anyone reaches the sales inbox, shared by the contact form and "Request this
 * product" (B-22).
 */
import type { AppContext } from "../providers/app-context.server";
import { type Mail, sendMail } from "./mail.server";
import { hitRateLimit } from "../platform/rate-limit.server";

/** What became of a message from anyone to the sales inbox. */
export type SalesMessageOutcome =
  | { status: "stored"; id: string }
  | { status: "ignored" }
  | { status: "rate_limited"; retryAfterSeconds: number };

/**
 * How a message from anyone (the contact form, "Request this product") reaches the sales inbox
 * (B-22, decision 057). A filled honeypot is a bot: it is answered as a person would be, and
 * nothing is stored or sent. One client address may send `perHour` an hour. The message is stored
 * first; the inbox's e-mail (to the business's sales address) follows, and a mail failure then is logged for the team, never told to
 * the sender, who would send it twice.
 */
export async function receiveSalesMessage(
  ctx: Pick<AppContext, "db" | "business" | "log">,
  input: {
    honeypot: string;
    ip: string;
    /** The rate limit's bucket ("contact", "quote") and its hourly allowance. */
    limit: { bucket: string; perHour: number };
    /** Stores the message; resolves with its id. */
    store: () => Promise<string>;
    notification: (id: string) => Omit<Mail, "to">;
    /** What the message is, for the log: "Inquiry", "Product request". */
    kind: string;
  },
): Promise<SalesMessageOutcome> {
  const { db } = ctx;
  if (input.honeypot.trim() !== "") return { status: "ignored" };
  const limit = await hitRateLimit(db, {
    key: `${input.limit.bucket}:${input.ip}`,
    limit: input.limit.perHour,
    windowSeconds: 3600,
  });
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  const id = await input.store();
  try {
    await sendMail(db, { to: ctx.business.salesEmail, ...input.notification(id) });
  } catch (error) {
    ctx.log.error(`${input.kind} ${id} stored, but the notification e-mail failed`, error);
  }
  return { status: "stored", id };
}
