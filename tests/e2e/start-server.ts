// Starts the production build for the browser tests: a throwaway data dir, a real SMTP server on
// loopback (PORT+1) whose received mail the tests read back over HTTP (PORT+2), and a fake of
// Twilio's Messages API (PORT+3) whose received texts are read back at PORT+2 under /sms, so the
// phone journeys run through the real HTTP SMS adapter (issue 18 item 5).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeSmsProvider } from "../setup/sms-provider";
import { startSmtpServer } from "../setup/smtp";

const port = Number(process.env.PORT ?? 4173);
const dataDir = mkdtempSync(join(tmpdir(), "swag-e2e-"));
const smtp = await startSmtpServer({ port: port + 1 });
const sms = await startFakeSmsProvider({ port: port + 3 });

const mailApi = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const to = url.searchParams.get("to");
  if (url.pathname === "/sms") {
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify(sms.messages.filter((m) => !to || m.to === to)));
    return;
  }
  const messages = smtp.messages.filter((m) => !to || m.to.includes(to.toLowerCase()));
  response.setHeader("Content-Type", "application/json");
  // Attachments by name and type only: a test reads a document's PDF from the page that serves it.
  const summary = messages.map(({ raw: _raw, attachments, ...m }) => ({
    ...m,
    attachments: attachments.map(({ content: _content, ...file }) => file),
  }));
  response.end(JSON.stringify(summary));
});
mailApi.listen(port + 2, "127.0.0.1");

const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/index.js`], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    BASE_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    ...sms.env,
    STAFF_EMAILS: "staff@swagstudio.example",
    // Every browser test connects from 127.0.0.1; each says who it is in X-Forwarded-For, as the one
    // load balancer in front of a real shop appends it, so per-IP abuse limits count tests apart
    // (support/fixtures.ts). With one trusted proxy that rightmost entry is the client's address.
    TRUST_PROXY: "1",
  },
});
const stop = (signal: NodeJS.Signals) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", async (code) => {
  mailApi.close();
  await smtp.close();
  await sms.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
