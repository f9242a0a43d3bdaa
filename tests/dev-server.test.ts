import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDevServer } from "../scripts/dev";

/**
 * Decision 009: `npm run dev` runs through the production HTTP edge, so development has the
 * same headers, CSP, cross-site refusal and body limits as `npm start`. Vite serves its own files.
 */

let dev: Awaited<ReturnType<typeof startDevServer>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "swag-dev-"));
  // The dev server reads its environment at boot, as `npm run dev` does: its data in a folder of its
  // own, and the default origin, not the "/" Vitest puts in BASE_URL for Vite.
  process.env.DATA_DIR = dataDir;
  delete process.env.BASE_URL;
  dev = await startDevServer({ port: 0, host: "127.0.0.1" });
}, 120_000);

afterAll(async () => {
  await dev?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("renders pages with the production CSP, and every script carries its nonce", async () => {
    const response = await fetch(`${dev.url}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  }, 60_000);

  it("refuses a cross-site write and a body over its limit, as production does", async () => {
    const crossSite = await fetch(`${dev.url}/contact`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "first_name=Eve",
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: { code: "CROSS_SITE" } });

    const tooLarge = await fetch(`${dev.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `notes=${"a".repeat(2 * 1024 * 1024)}`,
    });
    expect(tooLarge.status).toBe(413);
  }, 60_000);

  it("answers /healthz from the same edge", async () => {
    const response = await fetch(`${dev.url}/healthz`);
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
  }, 60_000);

  it("lets Vite serve its own modules", async () => {
    const response = await fetch(`${dev.url}/@vite/client`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
  }, 60_000);

  it("keeps serving pages after Vite reloads an edited server module", async () => {
    expect((await fetch(`${dev.url}/sign-in`)).status).toBe(200);
    // What saving the file does: Vite drops it and every module that imports it, up to the routes.
    const edited = await dev.vite.moduleGraph.getModuleByUrl("/app/server/messages/mail-templates.server.ts", true);
    expect(edited).toBeDefined();
    dev.vite.moduleGraph.onFileChange(edited!.file!);
    for (const path of ["/sign-in", "/account", "/"]) expect((await fetch(`${dev.url}${path}`)).status, path).toBe(200);
  }, 60_000);
});
