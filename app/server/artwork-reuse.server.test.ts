import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { customisationPart } from "~/domain/draft";
import { buildInitialDraft } from "~/domain/draft-schemas";
import { testFileDatabase } from "../../tests/setup/test-db";
import { recentUploads, reuseArtwork } from "./artwork-reuse.server";
import { saveArtwork } from "./artwork.server";
import { ARTWORK_NAME_HEADER } from "./artwork-upload.server";
import { createDraft, getDraft } from "./drafts.server";
import { sandboxAvailable } from "./preflight-sandbox.server";
import { createLocalStorage, type FileStorage } from "./storage.server";

// docs/decisions/044-raster-and-svg-artwork.md on the real test database and the real sandbox: a PNG logo uploaded on one line
// is used on another without uploading it again, and only by its uploader.

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
const handle = testFileDatabase();
let storage: FileStorage;
const boxed = await sandboxAvailable();
beforeAll(() => {
  storage = createLocalStorage(mkdtempSync(join(tmpdir(), "swag-reuse-")));
});

const ALICE = "user-reuse-alice";
const BOB = "user-reuse-bob";

async function newDraft(userId: string, productId = "8") {
  const result = await createDraft(handle.db, {
    accountId: userId,
    userId,
    productId,
    data: customisationPart(
      buildInitialDraft({
        productId,
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

function pngLogo(): Uint8Array {
  const canvas = createCanvas(1200, 600);
  canvas.getContext("2d").fillRect(300, 150, 600, 300);
  return new Uint8Array(canvas.toBuffer("image/png"));
}

async function uploadPng(userId: string, draftId: string) {
  const body = pngLogo();
  const request = new Request("http://shop.test/api/drafts/artwork", {
    method: "POST",
    body,
    headers: { [ARTWORK_NAME_HEADER]: "logo.png", "Content-Length": String(body.byteLength) },
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  const saved = await saveArtwork(handle.db, { userId, draftId, request, storage });
  if (!saved.ok) throw new Error(JSON.stringify(saved));
  return saved.file;
}

describe.skipIf(!boxed)("one logo on every line", () => {
  it("copies the buyer's PNG from one line's draft into another's, checked again, without uploading it", async () => {
    const first = await newDraft(ALICE, "8");
    const second = await newDraft(ALICE, "8");
    const uploaded = await uploadPng(ALICE, first.id);
    expect(uploaded.preflight).toMatchObject({ kind: "raster", format: "png", widthPx: 1200, alpha: true });

    const offered = await recentUploads(handle.db, { userId: ALICE, exceptDraftId: second.id });
    expect(offered).toMatchObject([{ id: uploaded.id, name: "logo.png", productId: "8" }]);
    expect(await recentUploads(handle.db, { userId: ALICE, exceptDraftId: first.id })).toEqual([]);

    const reused = await reuseArtwork(handle.db, { userId: ALICE, draftId: second.id, fileId: uploaded.id, storage });
    expect(reused).toMatchObject({ ok: true, files: [{ name: "logo.png", use_anyway: [] }] });
    const files = (await getDraft(handle.db, { userId: ALICE, draftId: second.id }))!.data.artwork.files;
    expect(files).toHaveLength(1);
    expect(files[0]!.id).not.toBe(uploaded.id);
    expect(files[0]!.preflight).toEqual(uploaded.preflight);
  });

  it("is a 404 for another buyer's file or draft, and changes nothing", async () => {
    const alices = await newDraft(ALICE);
    const bobs = await newDraft(BOB);
    const uploaded = await uploadPng(ALICE, alices.id);
    expect(
      await reuseArtwork(handle.db, { userId: BOB, draftId: bobs.id, fileId: uploaded.id, storage }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await reuseArtwork(handle.db, { userId: ALICE, draftId: bobs.id, fileId: uploaded.id, storage }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await reuseArtwork(handle.db, { userId: ALICE, draftId: alices.id, fileId: "not-an-id", storage }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect((await getDraft(handle.db, { userId: BOB, draftId: bobs.id }))!.data.artwork.files).toEqual([]);
    expect(await recentUploads(handle.db, { userId: BOB, exceptDraftId: bobs.id })).toEqual([]);
  });
});
