import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { completeDraft, payInTestMode, startPayment, uploadArtwork } from "./support/api";
import { clientAddress, expect, Mailbox, newBuyer, signUpOverHttp, test } from "./support/fixtures";
import { type ShopServer, startShopServer } from "./support/own-server";

// Decision 083: the operator backs the shop up with `npm run backup`, restores the archive with
// `npm run restore` into a new data directory, and starts the shop there: the buyer's order, its
// VAT invoice (byte for byte) and its artwork are there, and the buyer is still signed in (the
// sessions and the generated secret that signs them came back). The journey stops and starts
// servers on two data dirs, so it runs its own (ports 4774–4777).
const PORT = 4774;

/** Runs `npm run <script>` as the operator would, with the shop's settings in `env`. */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  const run = spawnSync("npm", ["run", "--silent", script, "--", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

test("a shop backed up and restored into a new data directory serves the same order, invoice and artwork, and keeps its buyer signed in", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const root = mkdtempSync(join(tmpdir(), "swag-e2e-restore-"));
  const original = join(root, "original");
  const restored = join(root, "restored");
  const archives = join(root, "archives");
  let server: ShopServer = await startShopServer({ port: PORT, dataDir: original, quiet: true, waitUntilUp: true });
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
    });
    const page = await context.newPage();
    const buyer = newBuyer("restore");
    await signUpOverHttp(page.request, new Mailbox(server.url), buyer);
    const draftId = await completeDraft(page.request, {
      productId: "8",
      colour: "#1f2a56",
      customisation: "Front embroidery",
      branding: "embroidery",
      quantity: 100,
      marker: "Restore Test",
      email: buyer.email,
    });
    const artworkId = await uploadArtwork(page.request, draftId, "logo.pdf");
    const { orderId, orderNumber } = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));
    const invoice = await (await page.request.get(`/orders/${orderId}/invoice.pdf`)).body();
    const artwork = await (await page.request.get(`/api/artwork/${artworkId}`)).body();
    expect(invoice.subarray(0, 5).toString()).toBe("%PDF-");
    expect(artwork.subarray(0, 5).toString()).toBe("%PDF-");

    // While the server holds the embedded database, the command says how the shop backs itself up.
    const busy = npmRun("backup", [], { DATA_DIR: original, BACKUP_DIR: archives });
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain("is in use by a running server");
    expect(busy.stderr).toContain(`The running shop backs itself up every night from 02:00 (London) into ${archives}`);

    await server.stop();
    const backup = npmRun("backup", [], { DATA_DIR: original, BACKUP_DIR: archives });
    expect(backup.stderr).toBe("");
    const archive = /^Backed up to (\S+\.tar): /.exec(backup.stdout)?.[1] ?? "";
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

    server = await startShopServer({ port: PORT, dataDir: restored, quiet: true, waitUntilUp: true });
    // The same origin and cookies: the buyer's session came back with the shop.
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(orderNumber);
    expect(await (await page.request.get(`/orders/${orderId}/invoice.pdf`)).body()).toEqual(invoice);
    expect(await (await page.request.get(`/api/artwork/${artworkId}`)).body()).toEqual(artwork);
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
