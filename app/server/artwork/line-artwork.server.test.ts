/**
 * One logo on every line (docs/decisions/044-raster-and-svg-artwork.md): a file on one of the buyer's drafts is copied into
 * another of theirs, checked again there, and owned by it; anyone else's draft or file is a 404.
 * Real PGlite, real preflight and local file storage.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { artworkFiles, authUser } from "#db/schema";
import { ARTWORK_MESSAGES } from "~/domain/artwork/artwork-rules";
import { MINIMAL_PDF } from "../../../tests/setup/minimal-pdf";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { copyArtworkIntoDraft } from "./artwork-copy.server";
import { createDraft } from "../checkout/drafts.server";
import { LINE_ARTWORK_COPIES, takeLineArtwork } from "./line-artwork.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { createLocalStorage, type FileStorage, putBytes } from "../providers/storage.server";

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
let storage: FileStorage;
const PDF = new Uint8Array(MINIMAL_PDF);

beforeAll(() => {
  storage = createLocalStorage(mkdtempSync(join(tmpdir(), "line-artwork-")));
});

async function draftOf(userId: string, productId: string) {
  await handle.db
    .insert(authUser)
    .values({ id: userId, name: userId, email: `${userId}@acme.example`, emailVerified: true })
    .onConflictDoNothing();
  const created = await createDraft(handle.db, { accountId: userId, userId, productId, data: { quantity: 100 } });
  if (!created.ok) throw new Error(created.message);
  return created.draft;
}

/** A draft of the cap with logo.pdf on it, as the buyer's upload left it, "Use it anyway" given there. */
async function capWithLogo(userId: string) {
  const draft = await draftOf(userId, "8");
  const { storedName } = await putBytes(storage, PDF);
  const copied = await copyArtworkIntoDraft(handle.db, {
    userId,
    draftId: draft.id,
    sources: [{ name: "logo.pdf", storedName, contentType: "application/pdf", useAnyway: ["raster"] }],
    storage,
  });
  if (!copied) throw new Error("seeding the cap's logo failed");
  return { draft, file: copied.added[0]! };
}

describe("takeLineArtwork", () => {
  it("copies the buyer's file from another line into this one, checked again, the copy its own", async () => {
    const cap = await capWithLogo("alice");
    const shorts = await draftOf("alice", "15");
    const taken = await takeLineArtwork(handle.db, {
      userId: "alice",
      draftId: shorts.id,
      fromDraftId: cap.draft.id,
      fileId: cap.file.id,
      storage,
    });
    expect(taken).toMatchObject({ ok: true, version: shorts.version + 1 });
    if (!taken.ok) return;
    expect(taken.files).toHaveLength(1);
    const [copy] = taken.files;
    expect(copy).toMatchObject({ name: "logo.pdf", size: PDF.length, use_anyway: [] });
    expect(copy!.id).not.toBe(cap.file.id);
    expect(copy!.preflight).toBeDefined();

    const rows = await handle.db.select().from(artworkFiles).where(eq(artworkFiles.draftId, shorts.id));
    expect(rows).toMatchObject([{ id: copy!.id, userId: "alice", originalName: "logo.pdf" }]);
    const [original] = await handle.db.select().from(artworkFiles).where(eq(artworkFiles.id, cap.file.id));
    expect(rows[0]!.storedName).not.toBe(original!.storedName);
  });

  it("is a 404 for another buyer's file or draft, and for the line's own file, and changes nothing", async () => {
    const alices = await capWithLogo("alice");
    const eves = await capWithLogo("eve");
    const evesShorts = await draftOf("eve", "15");
    const before = await handle.db.select().from(artworkFiles);

    // Eve names Alice's draft and file for her own draft.
    expect(
      await takeLineArtwork(handle.db, {
        userId: "eve",
        draftId: evesShorts.id,
        fromDraftId: alices.draft.id,
        fileId: alices.file.id,
        storage,
      }),
    ).toMatchObject({ ok: false, status: 404, message: ARTWORK_MESSAGES.notFound });
    // Eve copies her own file into Alice's draft.
    expect(
      await takeLineArtwork(handle.db, {
        userId: "eve",
        draftId: alices.draft.id,
        fromDraftId: eves.draft.id,
        fileId: eves.file.id,
        storage,
      }),
    ).toMatchObject({ ok: false, status: 404 });
    // A line's own file onto itself, and ids that are not ids.
    expect(
      await takeLineArtwork(handle.db, {
        userId: "eve",
        draftId: eves.draft.id,
        fromDraftId: eves.draft.id,
        fileId: eves.file.id,
        storage,
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(
      await takeLineArtwork(handle.db, {
        userId: "eve",
        draftId: evesShorts.id,
        fromDraftId: "../etc",
        fileId: eves.file.id,
        storage,
      }),
    ).toMatchObject({ ok: false, status: 404 });

    expect(await handle.db.select().from(artworkFiles)).toHaveLength(before.length);
  });

  it("answers 429 once the buyer's copies for the hour are spent, copying nothing", async () => {
    const cap = await capWithLogo("carol");
    const shorts = await draftOf("carol", "15");
    for (let i = 0; i < LINE_ARTWORK_COPIES.hits; i++)
      await hitRateLimit(handle.db, {
        key: "line-artwork:carol",
        limit: LINE_ARTWORK_COPIES.hits,
        windowSeconds: LINE_ARTWORK_COPIES.windowSeconds,
      });
    const refused = await takeLineArtwork(handle.db, {
      userId: "carol",
      draftId: shorts.id,
      fromDraftId: cap.draft.id,
      fileId: cap.file.id,
      storage,
    });
    expect(refused).toMatchObject({ ok: false, status: 429, code: "RATE_LIMITED" });
    expect(await handle.db.select().from(artworkFiles).where(eq(artworkFiles.draftId, shorts.id))).toEqual([]);
  });
});
