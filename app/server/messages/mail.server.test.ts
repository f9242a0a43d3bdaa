/**
 * E-mail through the job queue (decision 030): the outbox row and its job are
 * written with the caller's change, and a loopback SMTP server that refuses a send gets it again.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { jobs, outbox } from "#db/schema";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { runDueJobs } from "../edge/job-worker.server";
import { FIRST_RETRY_DELAY_MS } from "./jobs.server";
import { SITE } from "~/content/links";
import type { AppContext } from "../providers/app-context.server";
import { TEST_SHOP as shop } from "../../../tests/setup/test-shop";
import { BLANKED_SECRET, MAIL_JOB, sendMail } from "./mail.server";
import { passwordResetMail, signInCodeMail } from "./mail-templates.server";

const handle = testFileDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The test shop with a mail server on loopback. */
let ctx: AppContext;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.refuseNext(0);
  smtp.messages.length = 0;
});

const PDF = Buffer.from("%PDF-1.4 an invoice\n%%EOF\n");
const invoiceMail = {
  to: "jane@acme.example",
  subject: "Your invoice",
  text: "Attached.",
  meta: { kind: "invoice" },
  attachments: [{ filename: "INV-1.pdf", content: PDF, contentType: "application/pdf" }],
};
const rows = () => handle.db.select().from(outbox);
const later = (ms: number) => new Date(Date.now() + ms);

describe("sendMail with a mail server", () => {
  it("queues the message with its file; a refused send is retried after the backoff and then delivered", async () => {
    smtp.refuseNext(1);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await sendMail(handle.db, invoiceMail);
      const [queued] = await rows();
      expect(queued).toMatchObject({
        status: "queued",
        attempts: 0,
        meta: { kind: "invoice", attachments: ["INV-1.pdf"] },
      });
      expect(smtp.messages).toHaveLength(0);

      expect(await runDueJobs(ctx)).toBe(1);
      expect(smtp.messages).toHaveLength(0);
      const [refused] = await rows();
      expect(refused).toMatchObject({ status: "queued", attempts: 1 });
      expect(refused?.lastError).toContain("Try again later");
      expect(errors).toHaveBeenCalledOnce();

      // Not before its backoff; then the same message, file and all.
      expect(await runDueJobs(ctx)).toBe(0);
      expect(await runDueJobs(ctx, { now: later(FIRST_RETRY_DELAY_MS + 1_000) })).toBe(1);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatchObject({ to: ["jane@acme.example"], subject: "Your invoice" });
      expect(smtp.messages[0]?.attachments[0]?.content.equals(PDF)).toBe(true);
      const [sent] = await rows();
      expect(sent).toMatchObject({ status: "sent", attempts: 2, lastError: null, attachments: null });
      expect(sent?.sentAt).toBeInstanceOf(Date);
      // A second run of a finished job's work sends nothing twice.
      expect(await runDueJobs(ctx, { now: later(24 * 3_600_000) })).toBe(0);
      expect(smtp.messages).toHaveLength(1);
    } finally {
      errors.mockRestore();
    }
  });

  it("marks the message failed once its last attempt is refused", async () => {
    smtp.refuseNext(MAIL_JOB.maxAttempts);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await sendMail(handle.db, { to: "jane@acme.example", subject: "Hello", text: "Hi" });
      for (let attempt = 1; attempt <= MAIL_JOB.maxAttempts; attempt += 1) {
        expect(await runDueJobs(ctx, { now: later(attempt * 24 * 3_600_000) })).toBe(1);
      }
      const [failed] = await rows();
      expect(failed).toMatchObject({ status: "failed", attempts: MAIL_JOB.maxAttempts });
      expect((await handle.db.select().from(jobs))[0]).toMatchObject({ status: "dead" });
      expect(smtp.messages).toHaveLength(0);
    } finally {
      errors.mockRestore();
    }
  });

  it("sends nothing for a change that rolls back", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await sendMail(tx, { to: "jane@acme.example", subject: "Never", text: "Rolled back" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rows()).toEqual([]);
    expect(await runDueJobs(ctx)).toBe(0);
    expect(smtp.messages).toHaveLength(0);
  });
});

describe("a sent message's code or link", () => {
  it("is blanked from its outbox row once sent, and reached the recipient whole", async () => {
    await sendMail(handle.db, signInCodeMail(shop, { to: "jane@acme.example", code: "482913" }));
    const resetUrl = "https://shop.example/reset-password?token=rT0k3nRT0k3nRT0k3nRT0k3n&x=1";
    await sendMail(handle.db, passwordResetMail(shop, { to: "jane@acme.example", url: resetUrl }));
    const [queuedCode] = await rows();
    expect(queuedCode?.text).toContain("482913");
    expect(await runDueJobs(ctx)).toBe(2);
    expect(smtp.messages.map((mail) => mail.text).join("\n")).toContain("482913");
    expect(smtp.messages.map((mail) => mail.text).join("\n")).toContain(resetUrl);

    const sent = await rows();
    expect(sent.map((row) => row.status)).toEqual(["sent", "sent"]);
    const stored = JSON.stringify(sent);
    expect(stored).not.toContain("482913");
    expect(stored).not.toContain("rT0k3nRT0k3nRT0k3nRT0k3n");
    expect(sent[0]).toMatchObject({
      subject: `${BLANKED_SECRET} is your ${SITE.name} sign-in code`,
      meta: { kind: "sign-in-code" },
    });
    expect(sent[0]?.text).toContain(`Your code: ${BLANKED_SECRET}`);
    expect(sent[1]?.text).toContain(`Choose a new password: ${BLANKED_SECRET}`);
    expect(sent[1]?.html).toContain(`href="${BLANKED_SECRET}"`);
    expect(sent[1]?.meta).toEqual({ kind: "password-reset" });
  });

  it("is blanked once the last attempt failed too", async () => {
    smtp.refuseNext(MAIL_JOB.maxAttempts);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await sendMail(handle.db, signInCodeMail(shop, { to: "jane@acme.example", code: "771204" }));
      for (let attempt = 1; attempt <= MAIL_JOB.maxAttempts; attempt += 1) {
        await runDueJobs(ctx, { now: later(attempt * 24 * 3_600_000) });
      }
      const [failed] = await rows();
      expect(failed?.status).toBe("failed");
      expect(JSON.stringify(failed)).not.toContain("771204");
    } finally {
      errors.mockRestore();
    }
  });
});

describe("sendMail without a mail server (no SMTP_URL)", () => {
  it("queues the message; its job keeps it in the outbox, drops its file's bytes and logs it for a local reader", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await sendMail(handle.db, invoiceMail);
      const [queued] = await rows();
      expect(queued).toMatchObject({ status: "queued", meta: { kind: "invoice", attachments: ["INV-1.pdf"] } });
      expect(queued?.attachments).toHaveLength(1);
      expect(await runDueJobs(testContext(handle))).toBe(1);
      const [kept] = await rows();
      expect(kept).toMatchObject({ status: "kept", attachments: null, text: "Attached.", sentAt: null });
      expect(log).toHaveBeenCalledWith("[outbox] to jane@acme.example: Your invoice\nAttached.\n");
      expect(smtp.messages).toHaveLength(0);
    } finally {
      log.mockRestore();
    }
  });
});

describe("a message whose row is gone", () => {
  it("completes its job without sending (the retention purge deleted it)", async () => {
    await sendMail(handle.db, { to: "jane@acme.example", subject: "Purged", text: "Gone" });
    await handle.db.delete(outbox);
    expect(await runDueJobs(ctx)).toBe(1);
    expect(smtp.messages).toHaveLength(0);
    expect((await handle.db.select().from(jobs).where(eq(jobs.kind, "mail")))[0]).toMatchObject({ status: "done" });
  });
});
