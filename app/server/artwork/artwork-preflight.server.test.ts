/**
 * Decision 027's preflight at the upload: each file is checked as it arrives, a file that can never print is
 * refused with its reason and leaves nothing behind, a readable one keeps its report and a PNG of
 * page one, and the buyer's "Use it anyway" is recorded on the file for step 2's Next and the order.
 */
import { missingFor } from "../../../tests/setup/spec-catalogue";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  cmykArtwork,
  lowResImage,
  noPagesPdf,
  truncatedPdf,
  userPasswordPdf,
} from "../../../tests/setup/artwork-corpus";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { newCapDraft } from "../../../tests/setup/cap-draft";
import { judgePreflight, PREFLIGHT_MESSAGES } from "~/domain/artwork/preflight";
import { acceptArtworkWarnings, openArtwork, saveArtwork } from "./artwork.server";
import { ARTWORK_NAME_HEADER } from "./artwork-upload.server";
import { queryRows } from "../platform/db.server";
import { getDraft } from "../checkout/drafts.server";
import { ghostscriptInstalled, sandboxAvailable } from "./preflight-sandbox.server";
import { createLocalStorage, type FileStorage } from "../providers/storage.server";

vi.setConfig({ testTimeout: 30_000 });

const boxed = await sandboxAvailable();
const ghostscript = await ghostscriptInstalled();

const handle = testFileDatabase();
let dataDir: string;
let uploadsDir: string;
let storage: FileStorage;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "swag-preflight-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
beforeEach(() => {
  uploadsDir = mkdtempSync(join(dataDir, "uploads-"));
  storage = createLocalStorage(uploadsDir);
});

const ALICE = "user-alice";

const request = (bytes: Uint8Array, name: string) =>
  new Request("http://shop.test/api/drafts/x/artwork", {
    method: "POST",
    body: new Uint8Array(bytes),
    headers: { [ARTWORK_NAME_HEADER]: encodeURIComponent(name), "Content-Length": String(bytes.length) },
  });
const send = async (draftId: string, bytes: Uint8Array, name: string, userId = ALICE) =>
  saveArtwork(handle.db, { userId, draftId, request: request(bytes, name), storage });

describe("the upload's preflight", () => {
  it("keeps a readable file's report and page one as a PNG only its uploader can open", async () => {
    const draft = await newCapDraft(handle.db, ALICE);
    const saved = await send(draft.id, await lowResImage(), "screenshot.pdf");
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.file.preflight).toMatchObject({ kind: "pdf", pages: 1, vector: false });
    expect(saved.file.preflight?.kind === "pdf" ? saved.file.preflight.images : []).toEqual([
      { widthPx: 283, heightPx: 156, widthMm: 100, heightMm: 55 },
    ]);
    expect(saved.file.use_anyway).toEqual([]);
    const preview = await openArtwork(handle.db, { userId: ALICE, fileId: saved.file.id, preview: true, storage });
    expect(preview?.contentType).toBe("image/png");
    const png = new Uint8Array(await new Response(preview?.stream).arrayBuffer());
    expect(new TextDecoder().decode(png.subarray(1, 4))).toBe("PNG");
    expect(
      await openArtwork(handle.db, { userId: "user-bob", fileId: saved.file.id, preview: true, storage }),
    ).toBeNull();
  });

  it("refuses a file that can never print with its reason, and leaves nothing behind", async () => {
    const draft = await newCapDraft(handle.db, ALICE);
    for (const [bytes, message] of [
      [await userPasswordPdf(), PREFLIGHT_MESSAGES.encrypted],
      [await truncatedPdf(), PREFLIGHT_MESSAGES.damaged],
      [await noPagesPdf(), PREFLIGHT_MESSAGES.no_pages],
    ] as const) {
      expect(await send(draft.id, bytes, "logo.pdf")).toEqual({
        ok: false,
        status: 422,
        code: "ARTWORK_UNREADABLE",
        message,
      });
    }
    expect(readdirSync(uploadsDir)).toEqual([]);
    expect(await queryRows(handle.db, sql`select id from artwork_files`)).toEqual([]);
    expect((await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))?.data.artwork.files).toEqual([]);
  });
});

describe("a file over the sandbox's limits (decision 032)", () => {
  it.runIf(boxed && ghostscript)(
    "is kept, unchecked, with the reason as a warning the buyer answers and staff see",
    async () => {
      const draft = await newCapDraft(handle.db, ALICE);
      const loop = new TextEncoder().encode(
        "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\n{ 1 pop } loop\n",
      );
      const saved = await send(draft.id, loop, "logo.eps");
      if (!saved.ok) throw new Error(saved.message);
      expect(saved.file.preflight).toEqual({ kind: "unchecked", overLimit: "cpu" });
      // The upload itself is kept; there is no picture.
      expect(readdirSync(uploadsDir)).toHaveLength(1);
      expect(judgePreflight(saved.file.preflight!, { method: "embroidery", placement: null })).toEqual([
        {
          level: "warning",
          code: "unchecked",
          message:
            "We could not check this file: it needed more computing time than we allow. We'll check it by hand before we print.",
        },
      ]);
      const answered = await acceptArtworkWarnings(handle.db, {
        userId: ALICE,
        draftId: draft.id,
        fileId: saved.file.id,
        codes: ["unchecked"],
      });
      expect(answered.ok).toBe(true);
    },
  );
});

describe("Use it anyway", () => {
  it("holds step 2's Next until the buyer answers a warning, and asks again when a new warning appears", async () => {
    const draft = await newCapDraft(handle.db, ALICE);
    const saved = await send(draft.id, await lowResImage(), "screenshot.pdf");
    if (!saved.ok) throw new Error(saved.message);
    const step2 = async () => {
      const data = (await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))!.data;
      return { ...data, confirm: { rights_confirmed: true, lead_time_acknowledged: true } };
    };
    // Embroidery: the raster warning.
    expect(missingFor(await step2())).toEqual(["artwork.use_anyway"]);
    const answered = await acceptArtworkWarnings(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      fileId: saved.file.id,
      codes: ["raster"],
    });
    if (!answered.ok) throw new Error(answered.message);
    expect(answered.version).toBe(saved.version + 1);
    expect(answered.files[0]?.use_anyway).toEqual(["raster"]);
    expect(missingFor(await step2())).toEqual([]);
    // DTF warns of the resolution instead, which was never answered.
    const dtf = await step2();
    expect(missingFor({ ...dtf, branding: { ...dtf.branding, method: "dtf" } })).toEqual(["artwork.use_anyway"]);
  });

  it("lets nobody else answer, and not on a file the draft does not hold", async () => {
    const draft = await newCapDraft(handle.db, ALICE);
    const saved = await send(draft.id, await cmykArtwork(), "logo.pdf");
    if (!saved.ok) throw new Error(saved.message);
    const answer = (userId: string, fileId: string) =>
      acceptArtworkWarnings(handle.db, { userId, draftId: draft.id, fileId, codes: ["spot"] });
    expect(await answer("user-bob", saved.file.id)).toMatchObject({ ok: false, status: 404 });
    expect(await answer(ALICE, crypto.randomUUID())).toMatchObject({ ok: false, status: 404 });
    expect(await answer(ALICE, "not-an-id")).toMatchObject({ ok: false, status: 404 });
    await handle.db.execute(sql`update order_drafts set status = 'paid' where id = ${draft.id}`);
    expect(await answer(ALICE, saved.file.id)).toMatchObject({ ok: false, status: 409 });
    const files = (await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))?.data.artwork.files;
    expect(files?.map((file) => file.use_anyway)).toEqual([[]]);
  });
});
