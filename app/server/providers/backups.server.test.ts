/**
 * A restore is tested, not hoped for (docs/decisions/083-backups-that-restore.md): a shop with
 * orders, invoices, a quote, uploads and a paid bank transfer is backed up while it runs, restored
 * into an empty database and store, opened there, and found the same: rows, PDFs byte for byte,
 * files, and the next numbers. A damaged archive, a newer schema and a target that is not empty are
 * refused before anything is touched.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createReadStream, createWriteStream } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { extract, pack } from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUser, bankTransfers, invoices, orders, outbox, quotes } from "#db/schema";
import { ARCHIVE_PATHS } from "~/domain/core/backups";
import { insertCompleteDraft } from "../../../tests/setup/complete-draft";
import { MINIMAL_PDF } from "../../../tests/setup/minimal-pdf";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { tempLocalStorage } from "../../../tests/setup/temp-storage";
import { createEmptyDatabase, testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { createSignedInUser } from "../../../tests/setup/users";
import { markTransferReceived } from "../admin/transfer-received.server";
import { renderDocumentPdf } from "../documents/documents.server";
import { issueInvoice, loadOrderDocument } from "../documents/invoices.server";
import { placeBankTransferOrder } from "../payments/bank-transfers.server";
import { putBytes } from "./storage.server";
import { type DatabaseHandle, queryRows } from "../platform/db.server";
import { RestoreRefused, restoreBackup, verifyArchive, writeBackup } from "./backups.server";

const handle = testFileDatabase({ reset: false });
const storage = tempLocalStorage("swag-backup-source-");
const work = mkdtempSync(join(tmpdir(), "swag-backup-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const archive = join(work, "shop.tar");
const secretFile = join(work, "source-auth-secret");
const files: { name: string; sha256: string }[] = [];
let orderIds: string[] = [];

beforeAll(async () => {
  const ctx = testContext(handle);
  // Two card orders with their invoices.
  for (const [n, company] of ["Acme Events", "Northwind"].entries()) {
    const order = await insertPaidOrder(handle.db, {
      userId: `backup-buyer-${n}`,
      email: `buyer${n}@acme.example`,
      company,
      createdAt: new Date(`2026-11-2${n}T10:00:00Z`),
    });
    await handle.db.transaction((tx) =>
      issueInvoice(tx, { orderId: order.id, now: new Date(`2026-11-2${n}T10:05:00Z`) }),
    );
  }
  // A bank transfer placed and received: its invoice is dated the day the money arrived.
  const buyer = await createSignedInUser(handle, "transfer-buyer@acme.example");
  await handle.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, buyer.userId));
  const draftId = await insertCompleteDraft(handle.db, buyer.userId);
  const placed = await placeBankTransferOrder(ctx, {
    session: { user: { id: buyer.userId } },
    draftId,
    productId: "8",
    now: new Date("2026-11-26T10:00:00Z"),
  });
  if (!placed.ok) throw new Error(placed.message);
  const [transferOrder] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
  const staff = { id: buyer.userId, name: "Olive Ops", email: "ops@swag.example" };
  const received = await markTransferReceived(ctx, {
    staff,
    orderId: placed.orderId,
    version: transferOrder!.version,
    receivedPence: transferOrder!.totalPence,
    now: new Date("2026-12-01T09:30:00Z"),
  });
  if (!received.ok) throw new Error(received.message);
  await handle.db.insert(quotes).values({
    number: "Q-2026-000321",
    userId: buyer.userId,
    accountId: buyer.userId,
    source: "cart",
    issuedAt: new Date("2026-11-15T10:00:00Z"),
    validUntil: "2026-12-15",
    lines: [],
    country: "GB",
    totals: { subtotal: 50000, discount: 0, shipping: 1800, vat: 10360, total: 62160, vatRate: 20 },
    deliveryNote: "",
    buyer: { lines: ["Acme Events"], vatNumber: "", email: "transfer-buyer@acme.example" },
  });
  // Text far past a read's chunk in pounds, accents and emoji: characters split between two chunks come back whole.
  await handle.db.insert(outbox).values({
    to: "transfer-buyer@acme.example",
    subject: "Your quote: £2,655.00 — café à côté 🧢",
    text: "£é€🧢 ".repeat(40_000),
    status: "sent",
  });
  orderIds = (await handle.db.select({ id: orders.id }).from(orders).orderBy(asc(orders.id))).map((row) => row.id);
  // Uploads: an artwork PDF, a picture, and an empty file.
  for (const bytes of [MINIMAL_PDF, new Uint8Array(300_000).fill(7), new Uint8Array()]) {
    const { storedName } = await putBytes(storage, bytes);
    files.push({ name: storedName, sha256: sha256(bytes) });
  }
  writeFileSync(secretFile, "a".repeat(64), { mode: 0o600 });
  await writeBackup(
    { db: handle.db, driver: handle.driver, storage, authSecretFile: secretFile },
    archive,
    new Date("2026-12-02T02:00:00Z"),
  );
});

/** Every row of `table`, in a stable order, as JSON: what a restored shop must hold the same of. */
const rowsOf = async (db: DatabaseHandle["db"], table: string) =>
  queryRows<{ row: string }>(db, sql.raw(`select to_jsonb(t)::text as row from "${table}" t order by 1`)).then((rows) =>
    rows.map((r) => r.row),
  );

async function invoicePdfs(db: DatabaseHandle["db"]): Promise<string[]> {
  const pdfs: string[] = [];
  for (const orderId of orderIds) {
    const document = await loadOrderDocument(db, { orderId, kind: "invoice", reader: "staff" });
    if (document) pdfs.push(sha256(await renderDocumentPdf(document, TEST_SHOP.business)));
  }
  return pdfs;
}

describe("a backup restored into an empty place", () => {
  it("brings back the same orders, documents byte for byte, files and numbers, and the shop opens there", async () => {
    const target = await createEmptyDatabase();
    const restoredStorage = tempLocalStorage("swag-backup-target-");
    const restoredSecret = join(work, "target", "auth-secret");
    try {
      const manifest = await restoreBackup(archive, {
        open: target.open,
        storage: restoredStorage,
        authSecretFile: restoredSecret,
      });
      expect(manifest.tables.find((table) => table.name === "orders")?.rows).toBe(3);
      expect(manifest.files).toHaveLength(3);
      expect(readFileSync(restoredSecret, "utf8")).toBe("a".repeat(64));

      // The shop opens the restored database as it starts: migrations applied (none left to apply).
      const restored = await target.open(undefined);
      try {
        for (const table of [
          "orders",
          "order_lines",
          "invoices",
          "bank_transfers",
          "quotes",
          "order_status_history",
          "products",
          "product_price_tiers",
          "categories",
          "document_counters",
          "outbox",
          "user",
          "account",
        ]) {
          expect(await rowsOf(restored.db, table), table).toEqual(await rowsOf(handle.db, table));
        }
        expect(await restored.db.select().from(bankTransfers)).toEqual(await handle.db.select().from(bankTransfers));
        const pdfs = await invoicePdfs(handle.db);
        expect(pdfs).toHaveLength(3);
        expect(await invoicePdfs(restored.db)).toEqual(pdfs);
        for (const file of files) {
          const body = await restoredStorage.get(file.name);
          expect(sha256(new Uint8Array(await new Response(body).arrayBuffer())), file.name).toBe(file.sha256);
        }
        // The order numbers' sequence is where the original left it.
        const sequence = sql.raw("select last_value::text as value, is_called from order_number_seq");
        expect(await queryRows(restored.db, sequence)).toEqual(await queryRows(handle.db, sequence));
        // The next invoice number follows the last one: the same number the original shop would give.
        const [last] = await handle.db
          .select({ number: invoices.number })
          .from(invoices)
          .orderBy(sql`number desc`)
          .limit(1);
        const nextOrder = await insertPaidOrder(restored.db, {
          userId: "after-restore",
          email: "after@acme.example",
          company: "After",
        });
        const next = await restored.db.transaction((tx) =>
          issueInvoice(tx, { orderId: nextOrder.id, now: new Date("2026-12-02T10:00:00Z") }),
        );
        const lastSerial = Number(last!.number.slice(-6));
        expect(next).toBe(`INV-2026-${String(lastSerial + 1).padStart(6, "0")}`);
        // Order numbers carry on from where the sequence was, never repeating one.
        const numbers = (await rowsOf(handle.db, "orders")).length;
        const restoredNumbers = (await restored.db.select({ number: orders.number }).from(orders)).map(
          (row) => row.number,
        );
        expect(new Set(restoredNumbers).size).toBe(numbers + 1);
      } finally {
        await restored.close();
      }

      // A second restore into the same place is refused: it is no longer empty.
      await expect(
        restoreBackup(archive, {
          open: target.open,
          storage: tempLocalStorage("swag-backup-other-"),
          authSecretFile: null,
        }),
      ).rejects.toThrow(/The database to restore into is not empty/);
    } finally {
      await target.drop();
    }
  });
});

/** Rewrites the archive through `change`, which may alter an entry's bytes or drop it. */
async function rewritten(name: string, change: (entry: string, bytes: Buffer) => Buffer | null): Promise<string> {
  const out = join(work, name);
  const writer = pack();
  const written = pipeline(writer, createWriteStream(out));
  const reader = extract();
  const read = pipeline(createReadStream(archive), reader);
  for await (const entry of reader) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const bytes = change(entry.header.name, Buffer.concat(chunks));
    if (bytes) writer.entry({ name: entry.header.name }, bytes);
  }
  await read;
  writer.finalize();
  await written;
  return out;
}

describe("what a restore refuses, before it touches anything", () => {
  let target: Awaited<ReturnType<typeof createEmptyDatabase>>;
  beforeAll(async () => {
    target = await createEmptyDatabase();
  });
  afterAll(() => target.drop());
  const into = (path: string, store = tempLocalStorage("swag-backup-refused-")) =>
    restoreBackup(path, { open: target.open, storage: store, authSecretFile: null });
  const isEmpty = async () => {
    const opened = await target.open();
    try {
      const [row] = await queryRows<{ n: number }>(
        opened.db,
        sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
      );
      return row?.n === 0;
    } finally {
      await opened.close();
    }
  };

  it("checks a whole archive and answers its manifest", async () => {
    const manifest = await verifyArchive(archive);
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(manifest.authSecret).not.toBeNull();
  });

  it("refuses a damaged entry, naming it", async () => {
    const damaged = await rewritten("damaged.tar", (name, bytes) => {
      if (name !== ARCHIVE_PATHS.file(files[1]!.name)) return bytes;
      const copy = Buffer.from(bytes);
      copy[1000] = (copy[1000] ?? 0) ^ 0xff;
      return copy;
    });
    await expect(into(damaged)).rejects.toThrow(
      `${ARCHIVE_PATHS.file(files[1]!.name)} in ${damaged} does not match its checksum`,
    );
    expect(await isEmpty()).toBe(true);
  });

  it("refuses an archive missing an entry its manifest lists, or without its manifest", async () => {
    const orders = ARCHIVE_PATHS.table("orders");
    const missing = await rewritten("missing.tar", (name, bytes) => (name === orders ? null : bytes));
    await expect(into(missing)).rejects.toThrow(`lacks ${orders}`);
    const cut = await rewritten("cut.tar", (name, bytes) => (name === ARCHIVE_PATHS.manifest ? null : bytes));
    await expect(into(cut)).rejects.toThrow("has no manifest.json: it is not a whole backup");
    writeFileSync(join(work, "junk.tar"), "not a tar at all");
    await expect(into(join(work, "junk.tar"))).rejects.toBeInstanceOf(RestoreRefused);
    expect(await isEmpty()).toBe(true);
  });

  it("refuses a manifest that is not one, before touching anything", async () => {
    const garbled = await rewritten("garbled.tar", (name, bytes) =>
      name === ARCHIVE_PATHS.manifest ? Buffer.from("{ not json") : bytes,
    );
    await expect(into(garbled)).rejects.toThrow(`${garbled} has a manifest this version cannot read`);
    expect(await isEmpty()).toBe(true);
  });

  it("refuses an archive from a newer schema than this version knows", async () => {
    const newer = await rewritten("newer.tar", (name, bytes) => {
      if (name !== ARCHIVE_PATHS.manifest) return bytes;
      const manifest = JSON.parse(bytes.toString("utf8"));
      return Buffer.from(
        JSON.stringify({ ...manifest, version: "9.9.9", migration: { tag: "9999_later", when: 9e12 } }),
      );
    });
    await expect(into(newer)).rejects.toThrow(
      /at migration 9999_later, newer than this version of the shop knows \(\d{4}_\w+\): restore it with the version that wrote it \(9\.9\.9\)/,
    );
    expect(await isEmpty()).toBe(true);
  });

  it("refuses an uploads store that holds files already", async () => {
    const store = tempLocalStorage("swag-backup-busy-");
    await putBytes(store, new Uint8Array([1, 2, 3]));
    await expect(into(archive, store)).rejects.toThrow(/The uploads store is not empty/);
    expect(await isEmpty()).toBe(true);
  });
});

describe("a backup while the shop runs", () => {
  it("is one snapshot: rows written during it are in the next one, never half in this one", async () => {
    const count = async (table: "orders" | "order_lines") =>
      (await queryRows<{ n: number }>(handle.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n ?? 0;
    const before = [await count("orders"), await count("order_lines")];
    const path = join(work, "during.tar");
    const during = writeBackup(
      { db: handle.db, driver: handle.driver, storage, authSecretFile: null },
      path,
      new Date(),
    );
    // The order and its line are written in one transaction, as a checkout writes them.
    const added = handle.db.transaction((tx) =>
      insertPaidOrder(tx, { userId: "during", email: "during@acme.example", company: "During" }),
    );
    const [manifest] = await Promise.all([during.then((made) => made.manifest), added]);
    const orderRows = manifest.tables.find((table) => table.name === "orders")?.rows;
    const lineRows = manifest.tables.find((table) => table.name === "order_lines")?.rows;
    // Either both the order and its line are in, or neither.
    expect([[...before], before.map((n) => n + 1)]).toContainEqual([orderRows, lineRows]);
    expect(manifest.authSecret).toBeNull();
  });
});
