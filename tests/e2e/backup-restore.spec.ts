import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import pg from "pg";
import { type Postgres, postgresBinDir, startPostgres } from "../../scripts/bench/postgres";
import { completeCapDraft, payInTestMode, startPayment, uploadArtwork } from "./support/api";
import { clientAddress, expect, Mailbox, newBuyer, signUpOverHttp, test } from "./support/fixtures";
import { type ShopServer, startShopServer } from "./support/own-server";

// Decision 083: the operator backs the shop up with `npm run backup`, restores the archive with
// `npm run restore` into a new, empty place, and starts the shop there: the buyer's order, its VAT
// invoice (byte for byte) and its artwork are there, and the buyer is still signed in (the sessions
// and the generated secret that signs them came back). Once on the embedded database, whose
// backup waits for the server to stop; once on PostgreSQL, backed up while the shop runs. Each
// journey stops and starts servers of its own (ports 4774–4777 and 4778–4781).

/** Runs `npm run <script>` as the operator would, with the shop's settings in `env`. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  const run = spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

type Placed = { orderId: string; orderNumber: string; artworkId: string; invoice: Buffer; artwork: Buffer };

/** A buyer signs up and pays for 100 caps with their logo; answers the order and what its pages serve. */
async function placeOrder(browser: Browser, server: ShopServer): Promise<{ page: Page; placed: Placed }> {
  const context = await browser.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
  });
  const page = await context.newPage();
  const buyer = newBuyer("restore");
  await signUpOverHttp(page.request, new Mailbox(server.url), buyer);
  const draftId = await completeCapDraft(page.request, { marker: "Restore Test", email: buyer.email });
  const artworkId = await uploadArtwork(page.request, draftId, "logo.pdf");
  const { orderId, orderNumber } = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));
  const invoice = await (await page.request.get(`/orders/${orderId}/invoice.pdf`)).body();
  const artwork = await (await page.request.get(`/api/artwork/${artworkId}`)).body();
  expect(invoice.subarray(0, 5).toString()).toBe("%PDF-");
  expect(artwork.subarray(0, 5).toString()).toBe("%PDF-");
  return { page, placed: { orderId, orderNumber, artworkId, invoice, artwork } };
}

/** The restored shop, on the same origin with the same cookies: the buyer still signed in, the same bytes served. */
async function expectTheSameShop(page: Page, placed: Placed) {
  await page.goto(`/orders/${placed.orderId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(placed.orderNumber);
  expect(await (await page.request.get(`/orders/${placed.orderId}/invoice.pdf`)).body()).toEqual(placed.invoice);
  expect(await (await page.request.get(`/api/artwork/${placed.artworkId}`)).body()).toEqual(placed.artwork);
}

const archiveIn = (stdout: string) => /^Backed up to (\S+\.tar): /.exec(stdout)?.[1] ?? "";

test("a shop on the embedded database, backed up and restored into a new data directory, serves the same order, invoice and artwork, and keeps its buyer signed in", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const root = mkdtempSync(join(tmpdir(), "swag-e2e-restore-"));
  const original = join(root, "original");
  const restored = join(root, "restored");
  const archives = join(root, "archives");
  let server = await startShopServer({ port: 4774, dataDir: original, quiet: true, waitUntilUp: true });
  try {
    const { page, placed } = await placeOrder(browser, server);

    // While the server holds the embedded database, the command says how the shop backs itself up.
    const busy = npmRun("backup", [], { DATA_DIR: original, BACKUP_DIR: archives });
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain("is in use by a running server");
    expect(busy.stderr).toContain(`The running shop backs itself up every night from 02:00 (London) into ${archives}`);

    await server.stop();
    const backup = npmRun("backup", [], { DATA_DIR: original, BACKUP_DIR: archives });
    expect(backup.stderr).toBe("");
    const archive = archiveIn(backup.stdout);
    expect(archive.startsWith(join(archives, "swag-backup-"))).toBe(true);

    const restore = npmRun("restore", [archive], { DATA_DIR: restored });
    expect(restore.stderr).toBe("");
    expect(restore.stdout).toMatch(
      /^Restored .+ files, checked against the archive's checksums and counts, in [\d.]+ s\./,
    );
    // A second restore into the same place touches nothing.
    const again = npmRun("restore", [archive], { DATA_DIR: restored });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("Nothing was restored. The database to restore into is not empty");

    server = await startShopServer({ port: 4774, dataDir: restored, quiet: true, waitUntilUp: true });
    await expectTheSameShop(page, placed);
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test("a shop on PostgreSQL, backed up while it runs and restored into a new database, serves the same order, invoice and artwork, and keeps its buyer signed in", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  let cluster: Postgres | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL ?? "";
  if (!adminUrl) {
    const binDir = postgresBinDir();
    if (!binDir)
      throw new Error(
        "This journey needs PostgreSQL: set TEST_DATABASE_URL, or install it (apt-get install -y postgresql)",
      );
    cluster = await startPostgres(binDir);
    adminUrl = cluster.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const names = { original: `swag_backup_${process.pid}_a`, restored: `swag_backup_${process.pid}_b` };
  for (const name of Object.values(names)) await admin.query(`create database ${name}`);
  const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const root = mkdtempSync(join(tmpdir(), "swag-e2e-restore-pg-"));
  const original = { DATABASE_URL: urlOf(names.original), DATA_DIR: join(root, "original") };
  const restored = { DATABASE_URL: urlOf(names.restored), DATA_DIR: join(root, "restored") };
  const start = (env: { DATABASE_URL: string; DATA_DIR: string }) =>
    startShopServer({ port: 4778, dataDir: env.DATA_DIR, env, quiet: true, waitUntilUp: true });
  let server = await start(original);
  try {
    const { page, placed } = await placeOrder(browser, server);
    // With PostgreSQL the command runs beside the shop: one consistent snapshot while it serves.
    const backup = npmRun("backup", [], { ...original, BACKUP_DIR: join(root, "archives") });
    expect(backup.stderr).toBe("");
    const archive = archiveIn(backup.stdout);
    expect(archive).not.toBe("");
    const restore = npmRun("restore", [archive], restored);
    expect(restore.stderr).toBe("");
    expect(restore.stdout).toContain("Start the shop with the same settings (DATABASE_URL)");

    await server.stop();
    server = await start(restored);
    await expectTheSameShop(page, placed);
  } finally {
    await server.stop();
    for (const name of Object.values(names)) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    cluster?.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
