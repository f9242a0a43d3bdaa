import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { createSmtpMailer } from "~/server/providers/mailer.server";
import { TEST_MAIL_FROM } from "./test-shop";

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
};

/**
 * A real SMTP server on loopback that keeps what it receives: e-mail tests speak SMTP. `mailer`
 * sends to it; a test's app context carries it. Mail reaches it through the job queue (decision 030):
 * given `deliver` (which runs the jobs due on the test's app context, `runDueJobs`), `waitFor` and
 * `delivered` first call it, as a server's worker would run them. `refuseNext(n)` answers the next n messages with a temporary failure (451), as a
 * busy server does.
 */
export async function startSmtpServer(options: { port?: number; deliver?: () => Promise<unknown> } = {}) {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusals = 0;
  const deliver = async () => {
    await options.deliver?.();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onMailFrom(_address, _session, callback) {
      if (refusals <= 0) return callback();
      refusals -= 1;
      callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decodeHeader(header(raw, "subject")),
          text: plainText(raw),
          raw,
          attachments: attachments(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;
  const mailer = createSmtpMailer({ url, from: TEST_MAIL_FROM });
  return {
    url,
    mailer,
    messages,
    refuseNext(count: number) {
      refusals = count;
    },
    /** Forgets what was received, once the mail jobs due have run (so none arrives late). */
    async clear(): Promise<void> {
      await deliver();
      messages.length = 0;
    },
    /** Every message received, once the mail jobs due have run. */
    async delivered(): Promise<ReceivedMail[]> {
      await deliver();
      return messages;
    },
    /** Resolves with the first message to `to` that arrives (or has arrived). */
    async waitFor(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await deliver();
        const found = messages.find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => {
      mailer.close();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded);
  return match?.[1]?.trim() ?? "";
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

type MimePart = { head: string; body: string };

/** The leaves of a MIME message: each part's unfolded head and raw body, nested multiparts opened. */
function leaves(raw: string): MimePart[] {
  const [rawHead = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const head = rawHead.replace(/\r?\n[ \t]+/g, " ");
  const body = rest.join("\r\n\r\n");
  const boundary = /content-type:\s*multipart\/[^\r\n]*boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (!boundary) return [{ head, body }];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    .flatMap((part) => leaves(part.replace(/^\r?\n/, "")));
}

function decoded({ head, body }: MimePart): Buffer {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return Buffer.from(decodeQuotedPrintable(body), "utf8");
  return Buffer.from(body, "utf8");
}

/** The text/plain part of a message, decoded. */
function plainText(raw: string): string {
  const all = leaves(raw);
  const part = all.find((p) => /content-type:\s*text\/plain/i.test(p.head)) ?? all[0];
  return part ? decoded(part).toString("utf8") : "";
}

/** The files attached to a message, decoded. */
function attachments(raw: string): ReceivedMail["attachments"] {
  return leaves(raw)
    .filter((part) => /content-disposition:\s*attachment/i.test(part.head))
    .map((part) => ({
      filename: /filename="?([^";\r\n]+)"?/i.exec(part.head)?.[1] ?? "",
      contentType: /content-type:\s*([^;\s]+)/i.exec(part.head)?.[1] ?? "",
      content: decoded(part),
    }));
}
