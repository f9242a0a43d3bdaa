/**
 * The whole shop in the test's own process, for the HTTP-only matrices (tests/http): the production
 * edge (createHttpApp) around React Router's handler and the real route modules (server-build.ts),
 * on a loopback port, over this file's database copy, with a real SMTP server, the fake SMS
 * provider and the job worker, as the browser tests' server runs (tests/e2e/support/own-server.ts).
 * No build and no browser: a request costs what the server's work costs.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll } from "vitest";
import { type AccountsContext, withAuth } from "~/server/accounts/auth.server";
import { startJobWorker, type JobWorker } from "~/server/edge/job-worker.server";
import { createHttpApp, reactRouterRenderer } from "~/server/edge/http-app.server";
import { draftSaves } from "~/server/edge/draft-saves.server";
import { parseEnv } from "~/server/platform/env.server";
import {
  HttpClient,
  type MailReader,
  STAFF,
  type TextReader,
  signUpOverHttp,
  turnOnTwoStep,
  signInWithTwoStep,
} from "../support/http";
import { inProcessServerBuild } from "./server-build";
import { startFakeSmsProvider } from "./sms-provider";
import { startSmtpServer } from "./smtp";
import { createTestDatabase, testContext } from "./test-db";

export type InProcessShop = {
  url: string;
  ctx: AccountsContext;
  mailbox: MailReader;
  texts: TextReader;
  /** A client of its own, as one browser is: its own cookies and client address. */
  newClient(): HttpClient;
  /** A client signed in as staff, with two-step sign-in on (the back office asks for it). */
  newStaffClient(): Promise<HttpClient>;
};

/**
 * Starts the shop before this file's first test and stops it after its last. Call it at the top
 * of the file; the answer's fields are there once `beforeAll` has run.
 */
export function inProcessShop(): InProcessShop {
  const shop = {} as InProcessShop;
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const started = await startShop();
    Object.assign(shop, started.shop);
    stop = started.stop;
  }, 120_000);
  afterAll(() => stop());
  return shop;
}

async function startShop(): Promise<{ shop: InProcessShop; stop: () => Promise<void> }> {
  const handle = await createTestDatabase();
  const smtp = await startSmtpServer();
  const sms = await startFakeSmsProvider();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // better-auth opened for this shop's origin and SMS provider, as server.ts opens it on its own.
  const ctx = withAuth({
    ...testContext(handle),
    baseUrl: url,
    mailer: smtp.mailer,
    sms: sms.config,
    staffEmails: [STAFF.email],
  });
  const env = parseEnv({ NODE_ENV: "production", BASE_URL: url, TRUST_PROXY: "1" });
  const render = reactRouterRenderer(await inProcessServerBuild(), "production", ctx);
  const app = createHttpApp({ env, ctx, stopping: () => false, render });
  // The draft saves ahead of the edge, as server.ts answers them (docs/decisions/071).
  const answerDraftSave = draftSaves({ ctx, env, stopping: () => false });
  const edge = getRequestListener(app.fetch);
  server.on("request", (req, res) => {
    if (!answerDraftSave(req, res)) void edge(req, res);
  });
  const worker: JobWorker = startJobWorker({ ctx, pollMs: 50 });

  const mailbox: MailReader = {
    async code(to, subject) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mail = smtp.messages.filter((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject)).at(-1);
        const code = mail && /Your code: (\d{6})/.exec(mail.text)?.[1];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`No code to ${to} matching ${subject} within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  const texts: TextReader = {
    async latest(to, match) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const text = sms.messages.filter((t) => t.to === to && match.test(t.body)).at(-1);
        if (text) return text.body;
        if (Date.now() > deadline) throw new Error(`No text to ${to} matching ${match} within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };

  let staffKey: string | undefined;
  const shop: InProcessShop = {
    url,
    ctx,
    mailbox,
    texts,
    newClient: () => new HttpClient(url),
    async newStaffClient() {
      const client = new HttpClient(url);
      if (staffKey === undefined) {
        await signUpOverHttp(client, mailbox, STAFF);
        staffKey = await turnOnTwoStep(client, STAFF);
        return client;
      }
      if (!(await signInWithTwoStep(client, STAFF, staffKey))) throw new Error("the staff account did not sign in");
      return client;
    },
  };
  return {
    shop,
    async stop() {
      await worker.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await smtp.close();
      await sms.close();
      await handle.close();
    },
  };
}
