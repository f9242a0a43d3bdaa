/**
 * Importing the catalogue from a CSV (docs/decisions/066-catalogue-is-data.md), as jobs staff can
 * leave running: the upload is kept and a job reads it into a dry run, row by row, that staff
 * check; once they confirm, a second job applies the rows to create or change, all in one
 * transaction that checks nothing changed since the dry run, records each change as the editor
 * would, and raises the catalogue's version once. Refused rows are left out; applying the same
 * file again changes nothing.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { catalogueImports, productChanges, productColours, productPriceTiers, products } from "#db/schema";
import {
  type ExistingCatalogue,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportCounts,
  importCounts,
  type PlannedRow,
  planImport,
  readImportFile,
} from "~/domain/catalogue/catalogue-import";
import { leadDaysOf } from "~/domain/catalogue/lead-days";
import { editOf } from "~/domain/catalogue/product-edit";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { defineJob, enqueue } from "../messages/jobs.server";
import {
  analyseCatalogue,
  bandRows,
  colourRows,
  nextProduct,
  raiseCatalogueVersion,
  rewriteProduct,
} from "../catalogue/catalogue-edits.server";
import { forgetCatalogue, loadCatalogue } from "../catalogue/catalogue-store.server";
import { recordAudit } from "../platform/audit-log.server";
import { actorOf } from "../catalogue/catalogue-edits.server";

const IMPORT_ID = z.object({ importId: z.string().uuid() });
/** Reads an uploaded file into its dry run. */
export const CATALOGUE_IMPORT_PLAN_JOB = defineJob("catalogue-import-plan", IMPORT_ID, { maxAttempts: 3 });
/** Applies a confirmed dry run; one attempt, since a failed one says why and is started again by staff. */
export const CATALOGUE_IMPORT_APPLY_JOB = defineJob("catalogue-import-apply", IMPORT_ID, { maxAttempts: 1 });

/** The imports kept, files and dry runs, newest first: older finished ones go as a new one comes. */
export const IMPORTS_KEPT = 50;

/** How many files one member of staff may upload an hour. */
export const IMPORT_UPLOAD_LIMIT = { hits: 20, windowSeconds: 3600 } as const;

export const IMPORT_STATUS_MESSAGES = {
  notFound: "That import doesn't exist.",
  notPlanned: "This import can't be applied now: it is still being read, already applied, or failed.",
  nothingToDo: "Nothing to apply: every row is as the catalogue has it, or refused.",
  changedSince: (row: number) =>
    `The catalogue changed since the dry run (row ${row} would now do something else). Upload the file again for a fresh dry run.`,
  noFile: "Choose a CSV file to import.",
} as const;

/** Keeps the file and queues its dry run, in one transaction. */
export async function startImport(
  db: Database,
  input: { staffId: string; fileName: string; text: string },
): Promise<{ ok: true; id: string } | Failure> {
  if (Buffer.byteLength(input.text) > IMPORT_LIMITS.bytes) return failure(413, "FILE_TOO_BIG", IMPORT_MESSAGES.tooBig);
  if (input.text.trim() === "") return failure(400, "EMPTY_FILE", IMPORT_MESSAGES.empty);
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(catalogueImports)
      .values({ staffId: input.staffId, fileName: input.fileName.slice(0, 200), csv: input.text })
      .returning({ id: catalogueImports.id });
    await enqueue(tx, { job: CATALOGUE_IMPORT_PLAN_JOB, payload: { importId: made!.id } });
    await tx.execute(sql`delete from catalogue_imports where id in (
      select id from catalogue_imports where status in ('planned', 'applied', 'failed')
      order by created_at desc offset ${IMPORTS_KEPT})`);
    return { ok: true as const, id: made!.id };
  });
}

/** The catalogue as an import compares rows with it: read now, not from a process's copy. */
async function existingProducts(db: Database): Promise<ExistingCatalogue> {
  const { products: all, categories } = await loadCatalogue(db);
  return {
    products: all.map((product) => ({
      id: product.id,
      status: product.status,
      version: product.version,
      edit: editOf(product),
    })),
    categories: categories.map((category) => category.name),
  };
}

/** A planned row as the import keeps it: what it does and why, without the fields it saves. */
const keptRow = ({ edit: _edit, ...row }: PlannedRow) => row;

/** The job reading an upload into its dry run; a file that cannot be read fails with the reason. */
export async function planStoredImport(db: Database, importId: string): Promise<void> {
  const [stored] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
  if (stored?.status !== "planning") return;
  const read = readImportFile(stored.csv);
  if (!read.ok) {
    await db
      .update(catalogueImports)
      .set({ status: "failed", error: read.message })
      .where(eq(catalogueImports.id, importId));
    return;
  }
  const plan = planImport(read.rows, await existingProducts(db));
  await db
    .update(catalogueImports)
    .set({ status: "planned", rowsRead: plan.length, rowsTotal: plan.length, plan: plan.map(keptRow) })
    .where(and(eq(catalogueImports.id, importId), eq(catalogueImports.status, "planning")));
}

/** Staff confirm a dry run: the apply job is queued, once. */
export async function confirmImport(
  db: Database,
  input: { importId: string; staffId: string; address?: string },
): Promise<{ ok: true } | Failure> {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .select({ status: catalogueImports.status, plan: catalogueImports.plan })
      .from(catalogueImports)
      .where(eq(catalogueImports.id, input.importId))
      .for("update");
    if (!stored) return failure(404, "IMPORT_NOT_FOUND", IMPORT_STATUS_MESSAGES.notFound);
    if (stored.status !== "planned") return failure(409, "IMPORT_NOT_PLANNED", IMPORT_STATUS_MESSAGES.notPlanned);
    const counts = importCounts(stored.plan as PlannedRow[]);
    if (counts.create + counts.change === 0) return failure(409, "NOTHING_TO_DO", IMPORT_STATUS_MESSAGES.nothingToDo);
    await tx
      .update(catalogueImports)
      .set({ status: "applying", appliedBy: input.staffId })
      .where(eq(catalogueImports.id, input.importId));
    await recordAudit(tx, actorOf(input), {
      action: "catalogue.import",
      subject: { kind: "product", id: `import:${input.importId}` },
      summary: `Catalogue import applied: ${counts.create} products to create, ${counts.change} to change`,
      after: counts,
    });
    await enqueue(tx, { job: CATALOGUE_IMPORT_APPLY_JOB, payload: { importId: input.importId } });
    return { ok: true as const };
  });
}

/** Rows written at once when an import creates products. */
const BATCH = 500;

/**
 * The job applying a confirmed import: the file is read again against the catalogue as it is now;
 * when any row would do other than the dry run said, nothing is applied and the import fails with
 * that row. Otherwise every row to create or change is written in one transaction.
 */
export async function applyStoredImport(db: Database, importId: string): Promise<void> {
  const [stored] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
  if (stored?.status !== "applying") return;
  const fail = (error: string) =>
    db.update(catalogueImports).set({ status: "failed", error }).where(eq(catalogueImports.id, importId));
  const read = readImportFile(stored.csv);
  if (!read.ok) return void (await fail(read.message));
  const dryRun = stored.plan as PlannedRow[];
  const outcome = await db.transaction(async (tx) => {
    // No edit lands between this read and the writes (reads go on), and one writer of new numbers.
    await tx.execute(sql`lock table products in share row exclusive mode`);
    const { id: firstId, position: firstPosition } = await nextProduct(tx);
    const plan = planImport(read.rows, await existingProducts(tx));
    const differs = plan.find((row, index) => {
      const was = dryRun[index];
      return !was || was.action !== row.action || was.id !== row.id || was.version !== row.version;
    });
    if (differs) return { changedAt: differs.row };
    const creates = plan.filter((row) => row.action === "create");
    const by = stored.appliedBy ?? stored.staffId;
    for (let start = 0; start < creates.length; start += BATCH) {
      const batch = creates.slice(start, start + BATCH).map((row, offset) => ({
        row,
        id: String(Number(firstId) + start + offset),
        position: firstPosition + start + offset,
      }));
      await tx.insert(products).values(
        batch.map(({ row, id, position }) => {
          const { tiers: _tiers, colours: _colours, ...fields } = row.edit!;
          return {
            ...fields,
            id,
            position,
            status: row.status ?? "draft",
            version: 1,
            leadDays: leadDaysOf(fields.leadTime),
          };
        }),
      );
      await tx.insert(productColours).values(batch.flatMap(({ row, id }) => colourRows(id, row.edit!)));
      await tx.insert(productPriceTiers).values(batch.flatMap(({ row, id }) => bandRows(id, row.edit!)));
      await tx.insert(productChanges).values(
        batch.map(({ row, id }) => ({
          productId: id,
          changedBy: by,
          field: "Created",
          oldValue: null,
          newValue: `${row.title}, imported from ${stored.fileName} (row ${row.row})`,
        })),
      );
    }
    for (const row of plan.filter((planned) => planned.action === "change")) {
      await rewriteProduct(tx, {
        productId: row.id!,
        version: (row.version ?? 0) + 1,
        edit: row.edit!,
        status: row.status,
        changes: row.changes,
        staffId: by,
      });
    }
    await raiseCatalogueVersion(tx);
    await tx
      .update(catalogueImports)
      .set({ status: "applied", appliedAt: sql`now()` })
      .where(eq(catalogueImports.id, importId));
    return { changedAt: null };
  });
  if (outcome.changedAt !== null) return void (await fail(IMPORT_STATUS_MESSAGES.changedSince(outcome.changedAt)));
  forgetCatalogue(db);
  await analyseCatalogue(db);
}

/** An import as its page shows it. */
export type ImportView = {
  id: string;
  fileName: string;
  status: "planning" | "planned" | "applying" | "applied" | "failed";
  createdAt: string;
  appliedAt: string | null;
  error: string | null;
  counts: ImportCounts | null;
  rows: Omit<PlannedRow, "edit">[];
};

/** One import, its refused and changing rows first, as staff check it. */
export async function importForStaff(db: Database, importId: string): Promise<ImportView | undefined> {
  const [stored] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, importId));
  if (!stored) return undefined;
  const plan = (stored.plan ?? []) as Omit<PlannedRow, "edit">[];
  const order = { refused: 0, create: 1, change: 2, unchanged: 3 } as const;
  return {
    id: stored.id,
    fileName: stored.fileName,
    status: stored.status as ImportView["status"],
    createdAt: stored.createdAt.toISOString(),
    appliedAt: stored.appliedAt?.toISOString() ?? null,
    error: stored.error,
    counts: stored.plan ? importCounts(plan as PlannedRow[]) : null,
    rows: [...plan].sort((a, b) => order[a.action] - order[b.action] || a.row - b.row),
  };
}

/** The latest imports, for the import page's list. */
export async function recentImports(db: Database) {
  return db
    .select({
      id: catalogueImports.id,
      fileName: catalogueImports.fileName,
      status: catalogueImports.status,
      createdAt: catalogueImports.createdAt,
      rowsTotal: catalogueImports.rowsTotal,
    })
    .from(catalogueImports)
    .orderBy(desc(catalogueImports.createdAt))
    .limit(10);
}
