import { spawn } from "node:child_process";
import { get } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUSINESS_SAMPLES } from "../../app/domain/people/business-variables";
import { GOOD_BUSINESS } from "../setup/business";
import { expect, test } from "./support/fixtures";

test("HTML carries the security headers, a per-response nonce and gzip", async ({ request }) => {
  const first = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(first.status()).toBe(200);
  const headers = first.headers();
  expect(headers["content-encoding"]).toBe("gzip");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(await first.text()).toContain(`nonce="${nonce}"`);

  const second = await request.get("/");
  expect(second.headers()["content-security-policy"]).not.toBe(csp);
});

test("hashed assets are cached for a year, other files for an hour", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const favicon = await request.get("/favicon.svg");
  expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
});

test("the health endpoint reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "ok" });
});

test("a load balancer can ask whether to send requests, and each answer names its request", async ({ request }) => {
  const response = await request.get("/readyz", { headers: { "X-Request-Id": "balancer-7f3a9c" } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ready", database: "ok", storage: "ok" });
  expect(response.headers()["x-request-id"]).toBe("balancer-7f3a9c");
});

test("deep links render on the server", async ({ request }) => {
  for (const path of ["/product/8", "/products/office-essentials", "/products?search=cap"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
  }
});

test("SIGTERM finishes in-flight requests, closes the database and exits within 5 s", async () => {
  test.setTimeout(60_000);
  const dataDir = mkdtempSync(join(tmpdir(), "swag-shutdown-"));
  const port = 4300 + Math.floor(Math.random() * 500);
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/index.js`], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  try {
    await expect.poll(() => output, { timeout: 30_000 }).toContain("ready at");
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    let start = 0;
    // The signal goes out once the response has started, so the request is surely in flight.
    const body = await new Promise<string>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/product/8`, (response) => {
        start = Date.now();
        child.kill("SIGTERM");
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve(text));
      }).on("error", reject);
    });
    expect(body.trimEnd()).toMatch(/<\/html>$/);
    expect(await exited).toBe(0);
    expect(Date.now() - start).toBeLessThan(5_000);
    expect(output).toContain("Stopped cleanly");
  } finally {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Starts the built server as an https:// shop with `env`, which must refuse to start: its exit code 1 and its output. */
async function refusedHttpsStart(env: Record<string, string>): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "swag-refused-"));
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/index.js`], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      BASE_URL: "https://shop.example",
      PAYMENT_PROVIDER: "test",
      PORT: String(4300 + Math.floor(Math.random() * 500)),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  try {
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code, output).toBe(1);
    expect(output).not.toContain("ready at");
    return output;
  } finally {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test("an https:// shop with sample business details refuses to start, naming each one", async () => {
  test.setTimeout(60_000);
  // Blank is unset (the sample); two are the samples written out, as a copied example would have them.
  const unset = Object.fromEntries(Object.keys(BUSINESS_SAMPLES).map((name) => [name, ""]));
  const output = await refusedHttpsStart({
    ...unset,
    BUSINESS_LEGAL_NAME: BUSINESS_SAMPLES.BUSINESS_LEGAL_NAME,
    BUSINESS_SUPPORT_EMAIL: BUSINESS_SAMPLES.BUSINESS_SUPPORT_EMAIL,
  });
  expect(output).toContain("Invalid environment variables:");
  for (const name of Object.keys(BUSINESS_SAMPLES)) {
    expect(output).toContain(`${name}: is still the local sample, and BASE_URL is https://`);
  }
});

test("an https:// shop without SMTP_URL refuses to start, saying why", async () => {
  test.setTimeout(60_000);
  const output = await refusedHttpsStart({ ...GOOD_BUSINESS, SMTP_URL: "" });
  expect(output).toContain(
    "SMTP_URL: not set, and BASE_URL is https://: set SMTP_URL to the mail server (smtp:// or smtps://), or sign-in codes and reset links would stay in the outbox and the log instead of being sent",
  );
  expect(output).not.toContain("is still the local sample");
});
