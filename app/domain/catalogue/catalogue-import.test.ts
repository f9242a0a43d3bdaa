import { describe, expect, it } from "vitest";
import { PRODUCTS } from "~/catalogue/catalogue";
import { SPEC_CATEGORIES } from "~/catalogue/categories";
import type { StoredProduct } from "~/catalogue/types";
import {
  decodeImportBytes,
  notACsv,
  type ExistingProduct,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  importCounts,
  parseCsv,
  planImport,
  readImportFile,
} from "./catalogue-import";
import { CATALOGUE_CSV_HEADER, catalogueCsv } from "./catalogue-csv";
import { editOf } from "./product-edit";

const SLUGS: Record<string, string> = {
  "8": "custom-embroidered-cap",
  "15": "custom-running-shorts",
  "16": "branded-a5-diary",
  "17": "custom-yoga-mat",
};
const STORED: StoredProduct[] = PRODUCTS.map((product) => ({
  ...product,
  slug: SLUGS[product.id] ?? product.id,
  sku: null,
  status: "published",
  version: 3,
  demo: false,
}));
const EXISTING: ExistingProduct[] = STORED.map((p) => ({ id: p.id, status: p.status, version: 3, edit: editOf(p) }));

/** The shop's categories: the spec's six (docs/decisions/068-categories-are-data.md). */
const NAMES = SPEC_CATEGORIES.map((category) => category.name);

const HEADER = CATALOGUE_CSV_HEADER.join(",");
const BOTTLE =
  ",steel-bottle,BTL-1,draft,Steel Bottle,Drinkware,A 500 ml bottle.,25,2 weeks,3-5 days,New,25-99 9.50; 100+ 8.25,Steel #c0c4c8,0";

const plan = (text: string, existing: ExistingProduct[] = EXISTING) => {
  const read = readImportFile(text);
  if (!read.ok) throw new Error(read.message);
  return planImport(read.rows, { products: existing, categories: NAMES });
};

describe("a CSV file", () => {
  it("is read as Excel and the export write it: quotes, doubled quotes, line breaks in a cell, CRLF or LF, a BOM", () => {
    const parsed = parseCsv('\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\n1,,3\r\n\r\n');
    expect(parsed).toEqual({
      ok: true,
      records: [
        ["a", "b", "c"],
        ["x, y", 'say "hi"', "two\nlines"],
        ["1", "", "3"],
      ],
    });
  });

  it("is read as UTF-8, or as Excel's Windows-1252 when it is not UTF-8", () => {
    expect(decodeImportBytes(new TextEncoder().encode("Café £5"))).toBe("Café £5");
    expect(decodeImportBytes(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0xa3, 0x35]))).toBe("Café £5");
  });

  it("is a .csv of a text type with no NUL byte", () => {
    const text = new TextEncoder().encode("id,title");
    expect(notACsv({ name: "Products.CSV", type: "text/csv" }, text)).toBeNull();
    expect(notACsv({ name: "products.csv", type: "application/vnd.ms-excel" }, text)).toBeNull();
    expect(notACsv({ name: "products.csv", type: "" }, text)).toBeNull();
    expect(notACsv({ name: "logo.png", type: "image/png" }, text)).toBe(IMPORT_MESSAGES.notCsv);
    expect(notACsv({ name: "logo.csv", type: "image/png" }, text)).toBe(IMPORT_MESSAGES.notCsv);
    expect(notACsv({ name: "products.xlsx", type: "text/csv" }, text)).toBe(IMPORT_MESSAGES.notCsv);
    expect(notACsv({ name: "a.csv", type: "text/csv" }, Uint8Array.from([0x41, 0, 0x42]))).toBe(IMPORT_MESSAGES.notCsv);
  });

  it("keeps a quote inside an unquoted cell, text after a closing quote, and a last empty cell", () => {
    expect(parseCsv('a,b,\n1,x"y,"z"w\r\n2,,')).toEqual({
      ok: true,
      records: [
        ["a", "b", ""],
        ["1", 'x"y', "zw"],
        ["2", "", ""],
      ],
    });
  });

  it("with a quote left open is refused, naming the row", () => {
    expect(parseCsv('a,b\n1,"open\n2,3')).toEqual({ ok: false, message: IMPORT_MESSAGES.unclosedQuote(2) });
  });

  it("needs the export's columns, in any order, and some rows", () => {
    expect(readImportFile("")).toEqual({ ok: false, message: IMPORT_MESSAGES.empty });
    expect(readImportFile(`${HEADER}\r\n`)).toEqual({ ok: false, message: IMPORT_MESSAGES.empty });
    expect(readImportFile("id,title\n1,Cap")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The file has no url_name, supplier_reference, status, category/),
    });
    const reordered = [...CATALOGUE_CSV_HEADER].reverse();
    const cells = BOTTLE.split(",").reverse();
    expect(readImportFile(`${reordered.join(",")}\n${cells.join(",")}`)).toMatchObject({ ok: true });
  });

  it("holds at most 20,000 products", () => {
    const rows = Array.from({ length: IMPORT_LIMITS.rows + 1 }, () => BOTTLE).join("\n");
    expect(readImportFile(`${HEADER}\n${rows}`)).toEqual({ ok: false, message: IMPORT_MESSAGES.tooMany });
  });
});

describe("the dry run of an import", () => {
  it("finds nothing to do in the catalogue's own export, re-imported as it is", () => {
    const rows = plan(catalogueCsv(STORED));
    expect(rows.map((row) => [row.id, row.action])).toEqual([
      ["8", "unchanged"],
      ["15", "unchanged"],
      ["16", "unchanged"],
      ["17", "unchanged"],
    ]);
  });

  it("keeps a formula-looking title the export guarded as the title it was", () => {
    const guarded = [{ ...STORED[0]!, title: "-50% Cap" }];
    const existing = guarded.map((p) => ({ id: p.id, status: p.status, version: 1, edit: editOf(p) }));
    expect(plan(catalogueCsv(guarded), existing)[0]).toMatchObject({ action: "unchanged", title: "-50% Cap" });
  });

  it("creates a row without an id as a draft, and changes what a row with one changes", () => {
    const csv = catalogueCsv(STORED).replace("Custom Embroidered Cap", "Embroidered Baseball Cap");
    const rows = plan(`${csv}${BOTTLE}\r\n`);
    expect(importCounts(rows)).toEqual({ create: 1, change: 1, unchanged: 3, refused: 0 });
    expect(rows[0]).toMatchObject({
      action: "change",
      id: "8",
      version: 3,
      changes: [{ field: "Title", oldValue: "Custom Embroidered Cap", newValue: "Embroidered Baseball Cap" }],
    });
    expect(rows[4]).toMatchObject({ row: 6, action: "create", id: null, status: "draft", title: "Steel Bottle" });
    expect(rows[4]?.edit).toMatchObject({
      slug: "steel-bottle",
      sku: "BTL-1",
      moq: 25,
      tags: ["New"],
      tiers: [
        { from: 25, to: 99, unitPence: 950 },
        { from: 100, to: null, unitPence: 825 },
      ],
      colours: [{ name: "Steel", hex: "#c0c4c8" }],
      details: { branding: { methods: ["screen_print"], default: "screen_print" } },
    });
  });

  it("keeps a product's status when the row leaves it empty, and records a status the row moves", () => {
    const csv = catalogueCsv(STORED).split("\r\n");
    csv[1] = csv[1]!.replace(",published,", ",,");
    csv[2] = csv[2]!.replace(",published,", ",draft,");
    const rows = plan(csv.join("\r\n"));
    expect(rows[0]).toMatchObject({ action: "unchanged" });
    expect(rows[1]).toMatchObject({
      action: "change",
      status: "draft",
      changes: [{ field: "status", oldValue: "published", newValue: "draft" }],
    });
  });

  it.each([
    [BOTTLE.replace("25-99 9.50", "25-99 abc"), "row 2: price 'abc' is not an amount"],
    [
      BOTTLE.replace("25-99 9.50", "twenty five"),
      "row 2: price band 'twenty five' is not written as 50-99 5.50 or 400+ 3.88",
    ],
    [
      BOTTLE.replace("Steel #c0c4c8", "Steel"),
      "row 2: colour 'Steel' is not written as a name and a #rrggbb, such as Navy #1f2a56",
    ],
    [
      BOTTLE.replace(",New,", ",Bestseller,"),
      "row 2: tag 'Bestseller' is not one the shop has (Hot, New, Sporty, Low MOQ)",
    ],
    [BOTTLE.replace(",draft,", ",deleted,"), "row 2: status 'deleted' is not draft, published or archived"],
    [`../8${BOTTLE}`, "row 2: id '../8' is not a product number"],
    [`99${BOTTLE}`, "row 2: there is no product 99; leave the id empty to add one"],
    [
      BOTTLE.replace(",Drinkware,", ",Boats,"),
      "row 2: category 'Boats' is not one the shop has (Drinkware, Office Essentials, Other, Apparel, Bags, Hats)",
    ],
    [
      BOTTLE.replace("25-99 9.50", "50-99 9.50"),
      "row 2: Band 1 starts at 50, but the minimum order is 25: start it at 25.",
    ],
    [
      BOTTLE.replace("steel-bottle", "custom-yoga-mat"),
      'row 2: product 17 already uses the URL name "custom-yoga-mat"',
    ],
    [BOTTLE.replace(",Steel Bottle,", ",,"), "row 2: Enter the title."],
  ])("refuses a row, saying why: %s", (row, reason) => {
    const [planned] = plan(`${HEADER}\n${row}`);
    expect(planned?.action).toBe("refused");
    expect(planned?.reasons).toContain(reason);
  });

  it("takes a category the operator added, and refuses one the shop no longer has (decision 068)", () => {
    const read = readImportFile(`${HEADER}\n${BOTTLE.replace(",Drinkware,", ",Tech Gifts,")}`);
    if (!read.ok) throw new Error(read.message);
    const [added] = planImport(read.rows, { products: EXISTING, categories: [...NAMES, "Tech Gifts"] });
    expect(added).toMatchObject({ action: "create", edit: { category: "Tech Gifts" } });
    const [gone] = planImport(read.rows, { products: EXISTING, categories: ["Hats"] });
    expect(gone?.reasons).toEqual(["row 2: category 'Tech Gifts' is not one the shop has (Hats)"]);
  });

  it("refuses the second of two rows with one URL name, and a move the editor does not allow", () => {
    expect(plan(`${HEADER}\n${BOTTLE}\n${BOTTLE}`).map((row) => row.reasons)).toEqual([
      [],
      ['row 3: row 2 already uses the URL name "steel-bottle"'],
    ]);
    const archived = EXISTING.map((p) => (p.id === "16" ? { ...p, status: "archived" as const } : p));
    const rows = plan(catalogueCsv(STORED), archived);
    expect(rows[2]?.reasons).toEqual([
      "row 4: an archived product cannot be made published; restore it as a draft first",
    ]);
  });
});
