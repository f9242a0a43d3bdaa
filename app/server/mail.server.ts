import type { Transporter } from "nodemailer";
import { outbox } from "#db/schema";
import type { Database } from "./db.server";
import { getEnv } from "./env.server";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Kept with outbox rows (e.g. { kind: 'sign-in-code' }); never sent. */
  meta?: Record<string, unknown>;
  /** Files sent with the message (a document's PDF); the outbox keeps their names only. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
};

let transporter: Transporter | undefined;

/**
 * Sends over SMTP when SMTP_URL is set; otherwise keeps the message in the outbox table and
 * logs it, so a local user can read their sign-in code without a mail server.
 */
export async function sendMail(db: Database, mail: Mail): Promise<void> {
  const env = getEnv();
  if (env.SMTP_URL) {
    // Loaded with the first message, not at every start of the server.
    transporter ??= (await import("nodemailer")).default.createTransport(env.SMTP_URL);
    await transporter.sendMail({
      from: env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
    });
    return;
  }
  await db.insert(outbox).values({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    meta: mail.attachments?.length
      ? { ...mail.meta, attachments: mail.attachments.map((file) => file.filename) }
      : (mail.meta ?? null),
  });
  console.log(`[outbox] to ${mail.to}: ${mail.subject}\n${mail.text}\n`);
}

/** Tests point the sender at a fresh transport (e.g. a loopback SMTP server). */
export function resetMailTransport() {
  transporter?.close();
  transporter = undefined;
}
