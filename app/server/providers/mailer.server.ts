/**
 * The mail server queued mail leaves through (decision 030): SMTP_URL's, opened with the app context at
 * boot (app-context.server.ts). The job that sends a message is in messages/mail.server.ts.
 */
import type { Transporter } from "nodemailer";

/** Past this an SMTP server that stopped answering counts as a failed attempt, well inside the job's lease. */
const SMTP_SOCKET_TIMEOUT_MS = 60_000;

/** A message as it leaves for the mail server: an outbox row's words and files. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
};

/** Where queued mail goes (decision 030): the SMTP server of SMTP_URL, the app context opens one at boot. */
export type Mailer = { send(mail: OutgoingMail): Promise<void>; close(): void };

/**
 * A mailer for an SMTP server, sending as `from`. nodemailer and its connection are loaded with the
 * first message, not at every start of the server, and belong to this mailer alone.
 */
export function createSmtpMailer(config: { url: string; from: string }): Mailer {
  let transporter: Transporter | undefined;
  return {
    async send(mail) {
      transporter ??= (await import("nodemailer")).default.createTransport(config.url, {
        socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
      });
      await transporter.sendMail({ from: config.from, ...mail });
    },
    close() {
      transporter?.close();
      transporter = undefined;
    },
  };
}
