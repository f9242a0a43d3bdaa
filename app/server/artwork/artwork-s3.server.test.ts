import { initialDraft } from "../../../tests/setup/spec-catalogue";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "../../../tests/setup/s3-server";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { MINIMAL_PDF } from "../../../tests/setup/minimal-pdf";
import { customisationPart } from "~/domain/checkout/draft";
import { openArtwork, removeArtwork, saveArtwork } from "./artwork.server";
import { ARTWORK_NAME_HEADER } from "./artwork-upload.server";
import { queryRows } from "../platform/db.server";
import { createDraft } from "../checkout/drafts.server";
import { parseEnv } from "../platform/env.server";
import { checkStorage, type FileStorage, storageFromEnv } from "../providers/storage.server";

/**
 * Decision 028: with a bucket as the shop's upload storage, the app's own upload path keeps a
 * buyer's artwork and its preview in the bucket, serves them back from there and deletes them there.
 */

const handle = testFileDatabase();
const ALICE = "user-alice";
const PDF = new Uint8Array(MINIMAL_PDF);
let s3: S3Server;
/** The shop's upload storage, chosen from S3_* settings as the server does at boot: the bucket. */
let storage: FileStorage;

beforeAll(async () => {
  s3 = await startS3Server();
  storage = storageFromEnv(parseEnv(s3.env));
});
afterAll(async () => {
  await s3?.close();
});

async function newDraft(): Promise<string> {
  const result = await createDraft(handle.db, {
    accountId: ALICE,
    userId: ALICE,
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
  return result.draft.id;
}

function upload(body: BodyInit, name: string): Request {
  return new Request("http://shop.test/api/drafts/artwork", {
    method: "POST",
    body,
    headers: { [ARTWORK_NAME_HEADER]: encodeURIComponent(name) },
  });
}

describe("artwork uploads to an S3 bucket", () => {
  it("keeps the file and its preview in the bucket, not in the local uploads, and serves and deletes them there", async () => {
    expect(await checkStorage(storage)).toBe("ok");
    const draftId = await newDraft();
    const saved = await saveArtwork(handle.db, {
      userId: ALICE,
      draftId,
      request: upload(PDF, "Brand Logo.pdf"),
      storage,
    });
    if (!saved.ok) throw new Error(saved.message);

    const [row] = await queryRows<{ stored_name: string; preview_stored_name: string | null }>(
      handle.db,
      sql`select stored_name, preview_stored_name from artwork_files where id = ${saved.file.id}`,
    );
    if (!row?.preview_stored_name) throw new Error("the PDF got no preview");
    expect(await s3.keys()).toEqual([`uploads/${row.stored_name}`, `uploads/${row.preview_stored_name}`].sort());
    expect(await TEST_SHOP.storage.get(row.stored_name)).toBeNull();

    const file = await openArtwork(handle.db, { userId: ALICE, fileId: saved.file.id, storage });
    expect(new Uint8Array(await new Response(file?.stream).arrayBuffer())).toEqual(PDF);
    const preview = await openArtwork(handle.db, { userId: ALICE, fileId: saved.file.id, preview: true, storage });
    const png = new Uint8Array(await new Response(preview?.stream).arrayBuffer());
    expect(new TextDecoder().decode(png.subarray(1, 4))).toBe("PNG");

    const removed = await removeArtwork(handle.db, { userId: ALICE, draftId, fileId: saved.file.id, storage });
    expect(removed.ok).toBe(true);
    expect(await s3.keys()).toEqual([]);
  });
});
