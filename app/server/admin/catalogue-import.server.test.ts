/**
 * Importing the catalogue from a CSV as jobs (docs/decisions/066-catalogue-is-data.md), on PGlite,
 * or on PostgreSQL with TEST_DATABASE_URL: the dry run, confirming it, and what applying it writes.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogueImports, productChanges } from "#db/schema";
import { CATALOGUE_CSV_HEADER, catalogueCsv } from "~/domain/catalogue/catalogue-csv";
import { IMPORT_MESSAGES } from "~/domain/catalogue/catalogue-import";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { runDueJobs } from "../edge/job-worker.server";
import { productForEditing, saveProduct } from "../catalogue/catalogue-edits.server";
import {
  applyStoredImport,
  confirmImport,
  IMPORT_STATUS_MESSAGES,
  IMPORTS_KEPT,
  importForStaff,
  startImport,
} from "./catalogue-import.server";
import { loadCatalogue, readCatalogue } from "../catalogue/catalogue-store.server";

const handle = testFileDatabase();

const HEADER = CATALOGUE_CSV_HEADER.join(",");
const bottle = (slug: string, price = "9.50") =>
  `,${slug},BTL-1,published,Steel Bottle ${slug},Drinkware,A 500 ml bottle.,25,2 weeks,3-5 days,New,25-99 ${price}; 100+ 8.25,Steel #c0c4c8,0`;

const exportCsv = async () => catalogueCsv((await loadCatalogue(handle.db)).products);
const jobs = () => runDueJobs(testContext(handle));
async function upload(text: string, staffId = "staff-1") {
  const started = await startImport(handle.db, { staffId, fileName: "supplier.csv", text });
  if (!started.ok) throw new Error(started.message);
  await jobs();
  return started.id;
}

describe("a catalogue import", () => {
  it("reads the file into a dry run that writes nothing, then applies it once confirmed, recording each change", async () => {
    const before = await loadCatalogue(handle.db);
    const csv = (await exportCsv()).replace("Custom Yoga Mat", "Custom Yoga Mat Pro");
    const id = await upload(`${csv}${bottle("steel-bottle")}\r\n${bottle("bad-bottle", "abc")}\r\n`);
    const planned = await importForStaff(handle.db, id);
    expect(planned).toMatchObject({
      status: "planned",
      counts: { create: 1, change: 1, unchanged: 3, refused: 1 },
    });
    expect(planned?.rows[0]).toMatchObject({
      row: 7,
      action: "refused",
      reasons: ["row 7: price 'abc' is not an amount"],
    });
    expect((await loadCatalogue(handle.db)).version).toBe(before.version);

    expect(await confirmImport(handle.db, { importId: id, staffId: "staff-2" })).toEqual({ ok: true });
    await jobs();
    expect(await importForStaff(handle.db, id)).toMatchObject({ status: "applied", error: null });
    const after = await readCatalogue(handle.db);
    expect(after.version).toBe(before.version + 1);
    expect(after.products.find((p) => p.id === "17")?.title).toBe("Custom Yoga Mat Pro");
    const made = after.products.find((p) => p.slug === "steel-bottle");
    expect(made).toMatchObject({ status: "published", version: 1, moq: 25, sku: "BTL-1", demo: false });
    expect(Number(made?.id)).toBeGreaterThan(17);
    expect(after.products.some((p) => p.slug === "bad-bottle")).toBe(false);
    const history = await handle.db.select().from(productChanges).where(eq(productChanges.productId, "17"));
    expect(history.map(({ changedBy, field, newValue }) => ({ changedBy, field, newValue }))).toEqual([
      { changedBy: "staff-2", field: "Title", newValue: "Custom Yoga Mat Pro" },
    ]);
    expect((await productForEditing(handle.db, made!.id))?.history[0]).toMatchObject({
      field: "Created",
      newValue: "Steel Bottle steel-bottle, imported from supplier.csv (row 6)",
    });
    // The export of the result, imported again, changes nothing.
    const again = await upload(await exportCsv());
    expect((await importForStaff(handle.db, again))?.counts).toEqual({
      create: 0,
      change: 0,
      unchanged: 5,
      refused: 0,
    });
    expect(await confirmImport(handle.db, { importId: again, staffId: "staff-1" })).toMatchObject({
      ok: false,
      status: 409,
      message: IMPORT_STATUS_MESSAGES.nothingToDo,
    });
  });

  it("applies nothing when the catalogue changed since the dry run, and says which row", async () => {
    const id = await upload(`${(await exportCsv()).replace("Branded A5 Diary", "Branded A5 Notebook")}`);
    const diary = (await productForEditing(handle.db, "16"))!;
    await saveProduct(handle.db, {
      staffId: "staff-3",
      productId: "16",
      version: diary.version,
      edit: { ...diary.edit, moq: 60, tiers: [{ ...diary.edit.tiers[0]!, from: 60 }, ...diary.edit.tiers.slice(1)] },
    });
    expect(await confirmImport(handle.db, { importId: id, staffId: "staff-1" })).toEqual({ ok: true });
    await jobs();
    expect(await importForStaff(handle.db, id)).toMatchObject({
      status: "failed",
      error: IMPORT_STATUS_MESSAGES.changedSince(4),
    });
    expect((await loadCatalogue(handle.db)).products.find((p) => p.id === "16")?.title).toBe("Branded A5 Diary");
  });

  it("keeps the latest 50 finished imports, files and dry runs, and drops older ones as new ones come", async () => {
    for (let n = 0; n < IMPORTS_KEPT + 3; n += 1) await upload(`${HEADER}\n${bottle(`kept-${n}`)}`);
    const kept = await handle.db.select({ fileName: catalogueImports.fileName }).from(catalogueImports);
    expect(kept.length).toBeLessThanOrEqual(IMPORTS_KEPT + 1);
    expect(kept.length).toBeGreaterThanOrEqual(IMPORTS_KEPT);
  });

  it("fails a file it cannot read with the reason, and applies only what was confirmed, once", async () => {
    const unreadable = await upload("id,title\n1,Cap\n");
    expect(await importForStaff(handle.db, unreadable)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^The file has no url_name/),
      counts: null,
    });
    expect(await confirmImport(handle.db, { importId: unreadable, staffId: "staff-1" })).toMatchObject({
      status: 409,
      message: IMPORT_STATUS_MESSAGES.notPlanned,
    });
    expect(await startImport(handle.db, { staffId: "s", fileName: "x.csv", text: " \n" })).toMatchObject({
      status: 400,
      message: IMPORT_MESSAGES.empty,
    });
    const id = await upload(`${HEADER}\n${bottle("once-bottle")}`);
    // Applied before it is confirmed: nothing happens.
    await applyStoredImport(handle.db, id);
    expect((await importForStaff(handle.db, id))?.status).toBe("planned");
    await confirmImport(handle.db, { importId: id, staffId: "staff-1" });
    await jobs();
    await applyStoredImport(handle.db, id);
    const made = (await loadCatalogue(handle.db)).products.filter((p) => p.slug === "once-bottle");
    expect(made).toHaveLength(1);
    const [row] = await handle.db.select().from(catalogueImports).where(eq(catalogueImports.id, id));
    expect(row?.appliedBy).toBe("staff-1");
  });
});
