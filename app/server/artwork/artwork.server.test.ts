import { initialDraft } from "../../../tests/setup/spec-catalogue";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { ARTWORK_BYTES_PER_DAY, ARTWORK_MAX_FILES, ARTWORK_MESSAGES } from "~/domain/artwork/artwork-rules";
import { customisationPart } from "~/domain/checkout/draft";
import { artworkDownloadHeaders, openArtwork, removeArtwork, saveArtwork } from "./artwork.server";
import { ARTWORK_NAME_HEADER } from "./artwork-upload.server";
import { ghostscriptInstalled } from "./preflight-sandbox.server";
import { queryRows } from "../platform/db.server";
import { createDraft, getDraft, saveDraftStep } from "../checkout/drafts.server";
import { createLocalStorage, type FileStorage } from "../providers/storage.server";
import { MINIMAL_PDF, minimalPdfOfSize } from "../../../tests/setup/minimal-pdf";

const handle = testFileDatabase();
let dataDir: string;
let uploadsDir: string;
let storage: FileStorage;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "swag-artwork-"));
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  // A fresh `${DATA_DIR}/uploads` per test, so "nothing left on disk" can be checked.
  uploadsDir = mkdtempSync(join(dataDir, "uploads-"));
  storage = createLocalStorage(uploadsDir);
});

const ALICE = "user-alice";
const BOB = "user-bob";

const text = (value: string) => new TextEncoder().encode(value);
const PDF = new Uint8Array(MINIMAL_PDF);
const EPS = text(
  "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\nnewpath 10 10 moveto 90 90 lineto stroke\n%%EOF\n",
);
const PNG = Uint8Array.of(
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  13,
  0x49,
  0x48,
  0x44,
  0x52,
  0,
  0,
  0,
  1,
);

async function newDraft(userId = ALICE): Promise<{ id: string; version: number }> {
  const result = await createDraft(handle.db, {
    accountId: userId,
    userId,
    productId: "8",
    data: customisationPart(
      initialDraft({
        productId: "8",
        quantity: 50,
        selectedColor: "#111111",
        customizationSelections: [],
        handwrittenNote: false,
      }),
    ),
  });
  if (!result.ok) throw new Error(result.message);
  return result.draft;
}

function upload(body: BodyInit | null, name: string | null, headers: Record<string, string> = {}): Request {
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    body,
    headers: name === null ? headers : { [ARTWORK_NAME_HEADER]: encodeURIComponent(name), ...headers },
    duplex: "half",
  };
  return new Request("http://shop.test/api/drafts/artwork", init);
}

const filesOnDisk = () => readdirSync(uploadsDir);

describe("saveArtwork", () => {
  it("stores a PDF under a random name and lists it on the draft", async () => {
    const draft = await newDraft();
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PDF, "Brand Logo.PDF"),
      storage,
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.file).toMatchObject({ name: "Brand Logo.PDF", size: PDF.byteLength });
    expect(result.version).toBe(2);

    const saved = await getDraft(handle.db, { userId: ALICE, draftId: draft.id });
    expect(saved?.version).toBe(2);
    expect(saved?.data.artwork).toEqual({ email_later: false, files: [result.file] });

    const [row] = await queryRows<{
      original_name: string;
      stored_name: string;
      preview_stored_name: string | null;
      content_type: string;
      size_bytes: number;
      user_id: string;
    }>(
      handle.db,
      sql`select original_name, stored_name, preview_stored_name, content_type, size_bytes, user_id
            from artwork_files where id = ${result.file.id}`,
    );
    expect(row).toMatchObject({
      original_name: "Brand Logo.PDF",
      content_type: "application/pdf",
      size_bytes: PDF.byteLength,
      user_id: ALICE,
    });
    // Only random names are on disk: the bytes exactly as sent, and page one as a PNG (decision 027).
    expect(filesOnDisk().sort()).toEqual([row?.stored_name, row?.preview_stored_name].sort());
    expect(row?.stored_name).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Uint8Array(readFileSync(join(uploadsDir, row?.stored_name ?? "")))).toEqual(PDF);
    expect(
      readFileSync(join(uploadsDir, row?.preview_stored_name ?? ""))
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    expect(result.file.preflight).toMatchObject({ kind: "pdf", pages: 1, vector: true, images: [] });
  });

  it("accepts an EPS, and a streamed body without Content-Length", async () => {
    const draft = await newDraft();
    const stream = new Blob([EPS.slice(0, 10), EPS.slice(10)]).stream();
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(stream, "logo.eps"),
      storage,
    });
    if (!result.ok) throw new Error(result.message);
    const [row] = await queryRows<{ content_type: string }>(handle.db, sql`select content_type from artwork_files`);
    expect(row?.content_type).toBe("application/postscript");
  });

  it("keeps a non-ASCII file name (sent URI-encoded)", async () => {
    const draft = await newDraft();
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PDF, "Café – logo.pdf"),
      storage,
    });
    expect(result.ok && result.file.name).toBe("Café – logo.pdf");
  });

  it("refuses a PNG renamed .pdf (415) and leaves nothing behind", async () => {
    const draft = await newDraft();
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PNG, "logo.pdf"),
      storage,
    });
    expect(result).toEqual({
      ok: false,
      status: 415,
      code: "UNSUPPORTED_FILE_TYPE",
      message:
        "This file isn't what its name says (a valid PDF, EPS, SVG, PNG or JPEG). Export your artwork again and upload that.",
    });
    expect(filesOnDisk()).toEqual([]);
    expect((await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))?.data.artwork).toEqual({
      email_later: true,
      files: [],
    });
  });

  it("refuses a .gif by its name (415) before reading it", async () => {
    const draft = await newDraft();
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PNG, "logo.gif"),
      storage,
    });
    expect(result).toMatchObject({ status: 415, message: "Only .EPS, .PDF, .SVG, .PNG or .JPG files are accepted." });
  });

  it("refuses an SVG declared over 10 MB (413) before reading it", async () => {
    const draft = await newDraft();
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload("<svg>", "logo.svg", { "Content-Length": String(10 * 1024 * 1024 + 1) }),
      storage,
    });
    expect(result).toMatchObject({ status: 413, message: "SVG files can be at most 10 MB." });
    expect(filesOnDisk()).toEqual([]);
  });

  it("refuses an empty file (400 'The file is empty.')", async () => {
    const draft = await newDraft();
    for (const request of [
      upload(new Uint8Array(0), "logo.pdf"),
      upload(null, "logo.pdf"),
      upload(new Blob([]).stream(), "logo.pdf"),
    ]) {
      const result = await saveArtwork(handle.db, { userId: ALICE, draftId: draft.id, request, storage });
      expect(result).toEqual({ ok: false, status: 400, code: "FILE_EMPTY", message: "The file is empty." });
    }
    expect(filesOnDisk()).toEqual([]);
  });

  it("refuses an upload without a file name (400)", async () => {
    const draft = await newDraft();
    expect(
      await saveArtwork(handle.db, { userId: ALICE, draftId: draft.id, request: upload(PDF, null), storage }),
    ).toMatchObject({
      status: 400,
      code: "FILE_NAME_MISSING",
    });
  });

  it("refuses a file over the limit (413) and removes the partial file", async () => {
    const draft = await newDraft();
    const big = new Uint8Array(4096);
    big.set(PDF);
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(big, "big.pdf"),
      storage,
      maxBytes: 2048,
    });
    expect(result).toEqual({ ok: false, status: 413, code: "FILE_TOO_LARGE", message: "Files can be at most 50 MB." });
    expect(filesOnDisk()).toEqual([]);
    const exact = new Uint8Array(minimalPdfOfSize(2048));
    expect(
      (
        await saveArtwork(handle.db, {
          userId: ALICE,
          draftId: draft.id,
          request: upload(exact, "exact.pdf"),
          storage,
          maxBytes: 2048,
        })
      ).ok,
    ).toBe(true);
  });

  it("stops reading an endless body soon after the limit", async () => {
    const draft = await newDraft();
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(pulls === 1 ? PDF : new Uint8Array(1024));
      },
    });
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(endless, "endless.pdf"),
      storage,
      maxBytes: 10 * 1024,
    });
    expect(result).toMatchObject({ status: 413 });
    expect(pulls).toBeLessThan(30);
    expect(filesOnDisk()).toEqual([]);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const draft = await newDraft();
    let pulled = false;
    // highWaterMark 0: the stream pulls only when someone reads, not eagerly on construction.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(PDF);
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(body, "logo.pdf", { "Content-Length": String(60 * 1024 * 1024) }),
      storage,
    });
    expect(result).toMatchObject({ status: 413 });
    expect(pulled).toBe(false);
  });

  it("answers 404 for another user's draft and stores nothing", async () => {
    const draft = await newDraft(BOB);
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PDF, "logo.pdf"),
      storage,
    });
    expect(result).toMatchObject({ status: 404, code: "DRAFT_NOT_FOUND", message: "No draft found." });
    expect(filesOnDisk()).toEqual([]);
    expect((await getDraft(handle.db, { userId: BOB, draftId: draft.id }))?.version).toBe(1);
  });

  it("takes artwork for a draft with a payment open: nothing is locked before payment", async () => {
    const draft = await newDraft();
    await handle.db.execute(sql`update order_drafts set status = 'awaiting_payment' where id = ${draft.id}`);
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PDF, "logo.pdf"),
      storage,
    });
    expect(result).toMatchObject({ ok: true });
    expect(filesOnDisk()).toHaveLength(2);
  });

  it("answers 409 for a paid draft", async () => {
    const draft = await newDraft();
    await handle.db.execute(sql`update order_drafts set status = 'paid' where id = ${draft.id}`);
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PDF, "logo.pdf"),
      storage,
    });
    expect(result).toMatchObject({ status: 409, code: "DRAFT_LOCKED" });
    expect(filesOnDisk()).toEqual([]);
  });

  it(`allows at most ${ARTWORK_MAX_FILES} files per draft`, async () => {
    const draft = await newDraft();
    const entries = Array.from({ length: ARTWORK_MAX_FILES }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `logo-${i}.pdf`,
      size: 10,
      uploaded_at: new Date().toISOString(),
    }));
    await handle.db.execute(
      sql`update order_drafts set data = jsonb_set(data, '{artwork,files}', ${JSON.stringify(entries)}::jsonb) where id = ${draft.id}`,
    );
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PDF, "one-more.pdf"),
      storage,
    });
    expect(result).toMatchObject({
      status: 409,
      code: "TOO_MANY_FILES",
      message: "You can upload at most 10 files per order.",
    });
    expect(filesOnDisk()).toEqual([]);
  });

  describe("uploading a file again under its name replaces it", () => {
    const send = (draftId: string, body: Uint8Array<ArrayBuffer>, name: string) =>
      saveArtwork(handle.db, { userId: ALICE, draftId, request: upload(body, name), storage });
    const storedNames = async () =>
      (
        await queryRows<{ name: string }>(
          handle.db,
          sql`select name from artwork_files, unnest(array[stored_name, preview_stored_name]) as name
               where name is not null order by name`,
        )
      ).map((row) => row.name);

    it("lists it once, in its place, with the new bytes; the old record and bytes are gone", async () => {
      const draft = await newDraft();
      const first = await send(draft.id, PDF, "logo.pdf");
      const other = await send(draft.id, EPS, "mark.eps");
      if (!first.ok || !other.ok) throw new Error("upload failed");
      const before = await storedNames();
      const bigger = text(`${new TextDecoder().decode(PDF)}% revised\n`);
      const again = await send(draft.id, bigger, "logo.pdf");
      if (!again.ok) throw new Error(again.message);

      expect(again.file).toMatchObject({ name: "logo.pdf", size: bigger.byteLength });
      expect(again.file.id).not.toBe(first.file.id);
      expect(again.files).toEqual([again.file, other.file]);
      expect(again.version).toBe(other.version + 1);
      expect((await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))?.data.artwork.files).toEqual(
        again.files,
      );
      // The new logo.pdf and its preview; mark.eps, untouched, with its preview where Ghostscript draws one.
      const eps = (await ghostscriptInstalled()) ? 2 : 1;
      const after = await storedNames();
      expect(after).toHaveLength(2 + eps);
      expect(filesOnDisk().sort()).toEqual(after);
      expect(after.filter((name) => before.includes(name))).toHaveLength(eps);
      const opened = await openArtwork(handle.db, { userId: ALICE, fileId: again.file.id, storage });
      expect(new Uint8Array(await new Response(opened?.stream).arrayBuffer())).toEqual(bigger);
      expect(await openArtwork(handle.db, { userId: ALICE, fileId: first.file.id, storage })).toBeNull();
    });

    it("keeps a file whose name differs only in case, or in another draft", async () => {
      const draft = await newDraft();
      const elsewhere = await newDraft();
      await send(draft.id, PDF, "logo.pdf");
      await send(elsewhere.id, PDF, "logo.pdf");
      const upper = await send(draft.id, PDF, "Logo.pdf");
      if (!upper.ok) throw new Error(upper.message);
      expect(upper.files.map((f) => f.name)).toEqual(["logo.pdf", "Logo.pdf"]);
      expect((await getDraft(handle.db, { userId: ALICE, draftId: elsewhere.id }))?.data.artwork.files).toHaveLength(1);
      expect(filesOnDisk()).toHaveLength(6);
    });

    it(`replaces a file on a draft that already has ${ARTWORK_MAX_FILES}`, async () => {
      const draft = await newDraft();
      const entries = Array.from({ length: ARTWORK_MAX_FILES }, (_, i) => ({
        id: crypto.randomUUID(),
        name: `logo-${i}.pdf`,
        size: 10,
        uploaded_at: new Date().toISOString(),
      }));
      await handle.db.execute(
        sql`update order_drafts set data = jsonb_set(data, '{artwork,files}', ${JSON.stringify(entries)}::jsonb) where id = ${draft.id}`,
      );
      const again = await send(draft.id, PDF, "logo-3.pdf");
      if (!again.ok) throw new Error(again.message);
      expect(again.files.map((f) => f.name)).toEqual(entries.map((e) => e.name));
      expect(again.files[3]).toEqual(again.file);
    });

    it("folds a name an older draft listed twice into the one new file", async () => {
      const draft = await newDraft();
      const first = await send(draft.id, PDF, "logo.pdf");
      if (!first.ok) throw new Error(first.message);
      const twice = [first.file, { ...first.file, id: crypto.randomUUID() }];
      await handle.db.execute(
        sql`update order_drafts set data = jsonb_set(data, '{artwork,files}', ${JSON.stringify(twice)}::jsonb) where id = ${draft.id}`,
      );
      // A refused upload (an EPS named .pdf) replaces nothing.
      expect(await send(draft.id, EPS, "logo.pdf")).toMatchObject({ status: 415 });
      expect((await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))?.data.artwork.files).toEqual(twice);
      const replaced = await send(draft.id, PDF, "logo.pdf");
      if (!replaced.ok) throw new Error(replaced.message);
      expect(replaced.files).toEqual([replaced.file]);
      expect(filesOnDisk()).toHaveLength(2);
    });
  });

  describe("the daily allowance", () => {
    const MB = 1024 * 1024;
    const usedToday = async (userId = ALICE) =>
      (
        await queryRows<{ count: number }>(
          handle.db,
          sql`select count from rate_limits where key = ${`upload-bytes:${userId}`}`,
        )
      )[0]?.count ?? 0;
    const spendAllBut = (bytesLeft: number, userId = ALICE) =>
      handle.db.execute(
        sql`insert into rate_limits (key, count, window_start) values (${`upload-bytes:${userId}`}, ${ARTWORK_BYTES_PER_DAY - bytesLeft}, now())`,
      );

    it("counts the bytes of each upload read, kept or refused", async () => {
      const draft = await newDraft();
      expect(
        (await saveArtwork(handle.db, { userId: ALICE, draftId: draft.id, request: upload(PDF, "logo.pdf"), storage }))
          .ok,
      ).toBe(true);
      expect(await usedToday()).toBe(PDF.byteLength);
      expect(
        await saveArtwork(handle.db, { userId: ALICE, draftId: draft.id, request: upload(PNG, "logo.pdf"), storage }),
      ).toMatchObject({ status: 415 });
      expect(await usedToday()).toBe(PDF.byteLength + PNG.byteLength);
    });

    it("refuses (429) before reading a byte once the day's allowance is used up, and stores nothing", async () => {
      const draft = await newDraft();
      await spendAllBut(0);
      let pulled = false;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulled = true;
            controller.enqueue(PDF);
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const result = await saveArtwork(handle.db, {
        userId: ALICE,
        draftId: draft.id,
        request: upload(body, "logo.pdf"),
        storage,
      });
      expect(result).toEqual({ ok: false, status: 429, code: "UPLOAD_QUOTA", message: ARTWORK_MESSAGES.quota });
      expect(ARTWORK_MESSAGES.quota).toContain("200 MB");
      expect(pulled).toBe(false);
      expect(filesOnDisk()).toEqual([]);
    });

    it("refuses a declared size the allowance cannot cover", async () => {
      const draft = await newDraft();
      await spendAllBut(PDF.byteLength - 1);
      const result = await saveArtwork(handle.db, {
        userId: ALICE,
        draftId: draft.id,
        request: upload(PDF, "logo.pdf", { "Content-Length": String(PDF.byteLength) }),
        storage,
      });
      expect(result).toMatchObject({ status: 429, code: "UPLOAD_QUOTA" });
    });

    it("stops an undeclared upload where the allowance ends (429) and removes the partial file", async () => {
      const draft = await newDraft();
      await spendAllBut(2 * 1024);
      const big = new Uint8Array(minimalPdfOfSize(8 * 1024));
      const result = await saveArtwork(handle.db, {
        userId: ALICE,
        draftId: draft.id,
        request: upload(big, "big.pdf"),
        storage,
      });
      expect(result).toMatchObject({ status: 429, code: "UPLOAD_QUOTA" });
      expect(filesOnDisk()).toEqual([]);
      expect(await usedToday()).toBeLessThanOrEqual(ARTWORK_BYTES_PER_DAY);
      // Another user's allowance is their own.
      const bobs = await newDraft(BOB);
      expect(
        (await saveArtwork(handle.db, { userId: BOB, draftId: bobs.id, request: upload(big, "big.pdf"), storage })).ok,
      ).toBe(true);
      expect(await usedToday(BOB)).toBeLessThan(MB);
    });
  });

  it("survives a later step-2 save: the files list belongs to the upload endpoint", async () => {
    const draft = await newDraft();
    const uploaded = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PDF, "logo.pdf"),
      storage,
    });
    if (!uploaded.ok) throw new Error(uploaded.message);
    const saved = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { artwork: { email_later: true }, notes: "see logo" },
      expectedVersion: uploaded.version,
    });
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.draft.data.artwork).toEqual({ email_later: true, files: [uploaded.file] });
  });
});

describe("openArtwork and removeArtwork", () => {
  async function withFile() {
    const draft = await newDraft();
    const result = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PDF, "logo.pdf"),
      storage,
    });
    if (!result.ok) throw new Error(result.message);
    return { draft, file: result.file, version: result.version };
  }

  it("opens the file only for its owner", async () => {
    const { file } = await withFile();
    const opened = await openArtwork(handle.db, { userId: ALICE, fileId: file.id, storage });
    expect(opened).toMatchObject({ name: "logo.pdf", contentType: "application/pdf", size: PDF.byteLength });
    if (!opened) return;
    expect(new Uint8Array(await new Response(opened.stream).arrayBuffer())).toEqual(PDF);
    expect(await openArtwork(handle.db, { userId: BOB, fileId: file.id, storage })).toBeNull();
    expect(
      await openArtwork(handle.db, { userId: ALICE, fileId: "00000000-0000-4000-8000-000000000000", storage }),
    ).toBeNull();
    expect(await openArtwork(handle.db, { userId: ALICE, fileId: "../../etc/passwd", storage })).toBeNull();
  });

  it("removes the record, the list entry and the bytes", async () => {
    const { draft, file, version } = await withFile();
    const result = await removeArtwork(handle.db, { userId: ALICE, draftId: draft.id, fileId: file.id, storage });
    expect(result).toEqual({ ok: true, version: version + 1 });
    expect((await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))?.data.artwork.files).toEqual([]);
    expect(await queryRows(handle.db, sql`select id from artwork_files`)).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
    expect(
      await removeArtwork(handle.db, { userId: ALICE, draftId: draft.id, fileId: file.id, storage }),
    ).toMatchObject({
      status: 404,
      code: "FILE_NOT_FOUND",
    });
  });

  it("keeps the other files in their order", async () => {
    const { draft } = await withFile();
    const second = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(EPS, "b.eps"),
      storage,
    });
    const third = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      request: upload(PDF, "c.pdf"),
      storage,
    });
    if (!second.ok || !third.ok) throw new Error("upload failed");
    await removeArtwork(handle.db, { userId: ALICE, draftId: draft.id, fileId: second.file.id, storage });
    const names = (await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))?.data.artwork.files.map(
      (f) => f.name,
    );
    expect(names).toEqual(["logo.pdf", "c.pdf"]);
    expect(filesOnDisk()).toHaveLength(4);
  });

  it("lets nobody else remove a file", async () => {
    const { draft, file } = await withFile();
    expect(await removeArtwork(handle.db, { userId: BOB, draftId: draft.id, fileId: file.id, storage })).toMatchObject({
      status: 404,
    });
    expect(filesOnDisk()).toHaveLength(2);
    expect((await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))?.data.artwork.files).toHaveLength(1);
  });
});

describe("artworkDownloadHeaders", () => {
  it("always downloads, with the buyer's file name", () => {
    const headers = artworkDownloadHeaders({ name: 'Café "logo".pdf', contentType: "application/pdf", size: 12 });
    expect(headers.get("Content-Disposition")).toBe(
      `attachment; filename="Caf_ _logo_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22logo%22.pdf`,
    );
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(headers.get("Content-Length")).toBe("12");
  });
});
