/**
 * A backup and a restore at the scale of a shop a few years old (docs/decisions/083-backups-that-restore.md):
 * 1,000 paid orders with their invoices on an embedded database in a data directory, and 2 GB of
 * uploads (incompressible bytes, 8 MB a file, as artwork is) in its `uploads`. The backup is made
 * by makeBackup, as the nightly job and `npm run backup` make it, into a directory; the restore by
 * restoreBackup, as `npm run restore` runs it, into a new data directory. Reported: each one's wall
 * time, the archive's size, and a check that the restored shop holds the 1,000 orders and every file.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { formatFileSize } from "~/domain/core/file-size";
import { issueInvoice } from "~/server/documents/invoices.server";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import { directoryDestination, makeBackup } from "~/server/providers/backup-runs.server";
import { restoreBackup } from "~/server/providers/backups.server";
import { createLocalStorage } from "~/server/providers/storage.server";
import { insertPaidOrder } from "../../tests/setup/paid-orders";
import type { Row } from "./table";

export const ORDERS = 1_000;
const UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;
const FILE_BYTES = 8 * 1024 * 1024;

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

/** One file of `size` random bytes, made a megabyte at a time. */
function randomFile(size: number): ReadableStream<Uint8Array> {
  let left = size;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left === 0) return controller.close();
      const chunk = randomBytes(Math.min(left, 1024 * 1024));
      left -= chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

const seconds = (started: number) => (performance.now() - started) / 1000;

export async function backupRows(): Promise<Row[]> {
  const root = mkdtempSync(join(tmpdir(), "swag-bench-backup-"));
  try {
    const source = await openDatabase({ dataDir: join(root, "shop", "db") });
    const storage = createLocalStorage(join(root, "shop", "uploads"));
    log(`making ${ORDERS} paid orders with their invoices`);
    for (let n = 0; n < ORDERS; n++) {
      await source.db.transaction(async (tx) => {
        const order = await insertPaidOrder(tx, {
          userId: `bench-buyer-${n % 200}`,
          email: `buyer${n % 200}@bench.example`,
          company: `Bench Company ${n % 200}`,
          quantity: 50 + (n % 400),
        });
        await issueInvoice(tx, { orderId: order.id, now: new Date() });
      });
    }
    log(`writing ${formatFileSize(UPLOAD_BYTES)} of uploads`);
    for (let written = 0; written < UPLOAD_BYTES; written += FILE_BYTES) await storage.put(randomFile(FILE_BYTES));

    log("backing up");
    const backupStarted = performance.now();
    const made = await makeBackup(
      {
        db: source.db,
        storage,
        backups: {
          destination: directoryDestination(join(root, "backups")),
          retention: { daily: 7, weekly: 4 },
          authSecretFile: null,
          driver: source.driver,
        },
      },
      new Date(),
    );
    const backupSeconds = seconds(backupStarted);
    await source.close();
    if (!made.ok) throw new Error("a backup was running already");

    log("restoring into a new data directory");
    const restoredDir = join(root, "restored");
    const restoreStarted = performance.now();
    const manifest = await restoreBackup(made.location, {
      open: (migrationsFolder) =>
        openDatabase({ dataDir: join(restoredDir, "db"), migrate: migrationsFolder !== undefined, migrationsFolder }),
      storage: createLocalStorage(join(restoredDir, "uploads")),
      authSecretFile: null,
    });
    const restoreSeconds = seconds(restoreStarted);
    const restored = await openDatabase({ dataDir: join(restoredDir, "db") });
    const [counted] = await queryRows<{ orders: number }>(restored.db, sql`select count(*)::int as orders from orders`);
    await restored.close();
    const whole = counted?.orders === ORDERS && manifest.files.length === UPLOAD_BYTES / FILE_BYTES;

    const subject = `${ORDERS.toLocaleString("en-GB")} orders, ${formatFileSize(UPLOAD_BYTES)} of uploads (${manifest.files.length} files), PGlite`;
    return [
      {
        benchmark: "Backup (npm run backup)",
        subject,
        result: `${backupSeconds.toFixed(1)} s, archive ${formatFileSize(made.sizeBytes)}`,
        target: "none set: the figures are asked for (decision 083)",
      },
      {
        benchmark: "Restore (npm run restore)",
        subject: `the same archive into a new data directory`,
        result: `${restoreSeconds.toFixed(1)} s; ${counted?.orders ?? 0} orders and ${manifest.files.length} files back`,
        target: "the same orders and files (decision 083)",
        met: whole,
      },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
