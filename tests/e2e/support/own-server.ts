// The production build with its loopback mail and SMS fakes, as a function: start-server.ts runs
// one for every spec (playwright.config.ts), and a spec that must change the server's data between
// two steps (guarantee-late.spec.ts) runs one of its own on its own ports and data dir, stops it,
// writes to the database itself and starts it again on the same data dir. The shipped server has
// no test-only endpoint or clock for this.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import { startFakeSmsProvider } from "../../setup/sms-provider";
import { startSmtpServer } from "../../setup/smtp";

export type ShopServer = {
  url: string;
  child: ChildProcess;
  /** Stops the server (SIGTERM, so it closes its database) and its fakes; resolves once all are down. */
  stop(): Promise<void>;
  /** Resolves with the server's exit code once it and its fakes are down, however it ended. */
  exited: Promise<number>;
};

/**
 * Starts the build on `port` with DATA_DIR `dataDir`: a real SMTP server on loopback (port+1)
 * whose received mail is read back over HTTP (port+2), and a fake of Twilio's Messages API
 * (port+3) whose texts are read back at port+2 under /sms. Resolves once /healthz answers when
 * `waitUntilUp` is set (a spec's own server); the config's webServer waits by itself.
 */
export async function startShopServer(options: {
  port: number;
  dataDir: string;
  quiet?: boolean;
  waitUntilUp?: boolean;
  /** Added to the server's environment (a PostgreSQL DATABASE_URL and WEB_CONCURRENCY, say). */
  env?: Record<string, string>;
  /** Receives the server's log (one JSON object per line) instead of the terminal. */
  onLog?: (chunk: string) => void;
}): Promise<ShopServer> {
  const { port, dataDir } = options;
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
  await new Promise<void>((resolve) => mailApi.listen(port + 2, "127.0.0.1", resolve));

  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/index.js`], {
    stdio: options.onLog ? ["ignore", "pipe", "inherit"] : options.quiet ? "ignore" : "inherit",
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BASE_URL: url,
      SMTP_URL: smtp.url,
      ...sms.env,
      STAFF_EMAILS: "staff@swagstudio.example",
      // Every browser test connects from 127.0.0.1; each says who it is in X-Forwarded-For, as the
      // one load balancer in front of a real shop appends it, so per-IP abuse limits count tests
      // apart (support/fixtures.ts). With one trusted proxy that rightmost entry is the client's address.
      TRUST_PROXY: "1",
      ...options.env,
    },
  });
  if (options.onLog) child.stdout?.setEncoding("utf8").on("data", options.onLog);
  const exited = new Promise<number>((resolve) => {
    child.on("exit", async (code) => {
      mailApi.close();
      await smtp.close();
      await sms.close();
      resolve(code ?? 0);
    });
  });
  const server: ShopServer = {
    url,
    child,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  if (options.waitUntilUp) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${child.exitCode}`);
      const up = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) {
        await server.stop();
        throw new Error(`the server on port ${port} did not answer /healthz within 60 s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return server;
}
