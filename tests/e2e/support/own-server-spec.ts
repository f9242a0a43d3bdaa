// A spec's own production server (own-server.ts) for journeys that change the server's data between
// two steps, with no test-only door in the shipped server: it starts before the spec's tests on its
// own ports and data dir, and `editDatabase` stops it, lets the spec write to its PGlite, and
// starts it again on the same data dir. Used by guarantee-late.spec.ts and proof-approval-expired.spec.ts.
import { PGLITE_EXTENSIONS } from "~/server/platform/db.server";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Browser } from "@playwright/test";
import { STAFF, signInWithTwoStep, turnOnTwoStep } from "./api";
import { clientAddress, expect, type Mailbox, signUpOverHttp, test } from "./fixtures";
import { type ShopServer, startShopServer } from "./own-server";

export function ownServerForSpec(port: number, name: string) {
  let dataDir = "";
  let server: ShopServer | undefined;
  const start = async () => {
    server = await startShopServer({ port, dataDir, quiet: true, waitUntilUp: true });
  };
  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `swag-e2e-${name}-`));
    await start();
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const context = (browser: Browser) =>
    browser.newContext({ baseURL: server?.url, extraHTTPHeaders: { "X-Forwarded-For": clientAddress() } });
  return {
    get url() {
      if (!server) throw new Error("the spec's server has not started");
      return server.url;
    },
    /** A browser context of one visitor (an address of its own) on this server. */
    context,
    /** The staff member of this server, signed up, with two-step sign-in on and signed in: their page. */
    async staffPage(browser: Browser, mailbox: Mailbox) {
      const staffContext = await context(browser);
      const staff = await staffContext.newPage();
      await signUpOverHttp(staff.request, mailbox, STAFF);
      const key = await turnOnTwoStep(staff.request, STAFF);
      expect(await signInWithTwoStep(staff.request, STAFF, key)).toBe(true);
      return staff;
    },
    /** Stops the server, lets `edit` change its database, and starts it again on the same data dir. */
    async editDatabase(edit: (pg: PGlite) => Promise<void>) {
      await server?.stop();
      const pg = new PGlite(join(dataDir, "db"), { extensions: PGLITE_EXTENSIONS });
      await pg.waitReady;
      try {
        await edit(pg);
      } finally {
        await pg.close();
      }
      await start();
    },
  };
}
