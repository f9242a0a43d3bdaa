import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { action } from "~/routes/contact";
import { answerOf } from "../../../tests/setup/route-answer";
import { TEST_MAIL_FROM, TEST_SHOP } from "../../../tests/setup/test-shop";
import { queryRows } from "../platform/db.server";
import { INQUIRY_LIMIT_PER_HOUR } from "./inquiries.server";
import { createSmtpMailer } from "../providers/mailer.server";
import type { AccountsContext } from "../accounts/auth.server";
import { runDueJobs } from "../edge/job-worker.server";

type Received = { to: string[]; raw: string };

/** A loopback SMTP server that keeps every message it is sent, and a mailer that sends to it. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: TEST_MAIL_FROM });
  return {
    mailer,
    received,
    close: () => {
      mailer.close();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** The decoded text of a single-part message (nodemailer uses 7bit or quoted-printable for plain text). */
function bodyText(raw: string): string {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function subjectOf(raw: string): string {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  return /^subject:\s*(.*)$/im.exec(head)?.[1]?.trim() ?? "";
}

const handle = testFileDatabase();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
/** The test shop, with the loopback mail server. */
let ctx: AccountsContext;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
});

const complete = {
  first_name: "Grace",
  last_name: "Hopper",
  email: "grace@example.co.uk",
  phone: "+44 20 7946 0958",
  company: "Cobol & Co",
  deadline: "2026-12-18",
  purpose: "quote",
  notes: "120 navy caps with our logo — for the Christmas party",
};

function post(fields: Record<string, string>, ip = "203.0.113.7", shop = ctx) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request("http://localhost/contact", { method: "POST", body, headers: { "x-real-ip": ip } });
  return answerOf(action, { request, ctx: shop });
}

type Refusal = {
  values: Record<string, string>;
  error: { code: string; message: string; fieldErrors?: Record<string, string> };
};

async function storedInquiries() {
  return queryRows<Record<string, unknown>>(handle.db, sql`select * from inquiries order by created_at`);
}

describe("the contact form's action", () => {
  it("stores every field, e-mails the sales inbox over SMTP and redirects to /inquiry-success", async () => {
    const response = await post(complete);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/inquiry-success");

    const rows = await storedInquiries();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace@example.co.uk",
      phone: "+44 20 7946 0958",
      company: "Cobol & Co",
      deadline: "2026-12-18",
      purpose: "quote",
      notes: "120 navy caps with our logo — for the Christmas party",
    });
    expect(rows[0]?.created_at).toBeTruthy();

    await runDueJobs(ctx);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([TEST_SHOP.business.salesEmail]);
    expect(subjectOf(mail.raw)).toBe("New enquiry: Grace Hopper, Cobol & Co");
    const text = bodyText(mail.raw);
    for (const line of [
      "Name: Grace Hopper",
      "E-mail: grace@example.co.uk",
      "Phone: +44 20 7946 0958",
      "Company: Cobol & Co",
      "Deadline: 2026-12-18",
      "Purpose: A quote for catalogue products",
      "Notes: 120 navy caps with our logo — for the Christmas party",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("stores blank optional fields as null", async () => {
    await post({ first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", company: "Engines" });
    const [row] = await storedInquiries();
    expect(row).toMatchObject({ phone: null, deadline: null, purpose: null, notes: null });
  });

  it("answers bad input with 400, field errors and every value kept, storing and sending nothing", async () => {
    const typed = { ...complete, first_name: "", email: "grace-at-example", notes: "keep this" };
    const result = await post(typed);
    expect(result.status).toBe(400);
    const refusal = result.body as Refusal;
    expect(refusal.error.fieldErrors).toEqual({
      first_name: "Enter your first name",
      email: "Enter an e-mail address in the format name@company.com",
    });
    expect(refusal.error.message).toBe("Enter your first name");
    expect(refusal.values).toEqual(typed);
    expect(await storedInquiries()).toHaveLength(0);
    await runDueJobs(ctx);
    expect(smtp.received).toHaveLength(0);
  });

  it("gives a filled honeypot the same redirect but keeps and sends nothing", async () => {
    const response = await post({ ...complete, website: "https://spam.example" });
    expect(response.status).toBe(302);
    expect(await storedInquiries()).toHaveLength(0);
    await runDueJobs(ctx);
    expect(smtp.received).toHaveLength(0);
  });

  it("refuses an address that sends too many messages in an hour", async () => {
    for (let i = 0; i < INQUIRY_LIMIT_PER_HOUR; i++) {
      expect((await post(complete, "198.51.100.1")).status).toBe(302);
    }
    const limited = await post(complete, "198.51.100.1");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((limited.body as Refusal).error.message).toMatch(/several messages/);
    expect((await post(complete, "198.51.100.2")).status).toBe(302);
    expect(await storedInquiries()).toHaveLength(INQUIRY_LIMIT_PER_HOUR + 1);
  });

  it("keeps the input and says to e-mail when the message cannot be stored", async () => {
    const spare = await createTestDatabase();
    await spare.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await post(complete, undefined, testContext(spare));
      expect(result.status).toBe(500);
      const refusal = result.body as Refusal;
      expect(refusal.error.message).toBe(
        `Sorry, your message couldn't be sent. Please e-mail ${TEST_SHOP.business.supportEmail}.`,
      );
      expect(refusal.values.notes).toBe(complete.notes);
      expect(logged).toHaveBeenCalledWith("The contact form could not be stored:", expect.any(Error));
    } finally {
      logged.mockRestore();
    }
  });
});
