import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditEvents, jobs, productImages } from "#db/schema";
import { MAX_PICTURES, PICTURE_MESSAGES } from "~/domain/catalogue/picture-rules";
import { EDIT_MESSAGES } from "~/domain/catalogue/product-edit";
import { loader as pictureLoader } from "~/routes/product-pictures";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { siteRequest } from "../../../tests/setup/users";
import { runDueJobs } from "../edge/job-worker.server";
import { putBytes } from "../providers/storage.server";
import { duplicateProduct, productForEditing } from "./catalogue-edits.server";
import {
  addProductPicture,
  movePictureEarlier,
  openProductPicture,
  PICTURE_FETCH_LIMIT,
  PICTURE_FETCH_MESSAGES,
  PICTURE_RELEASE_DELAY_MS,
  removeProductPicture,
} from "./catalogue-pictures.server";
import { readCatalogue } from "./catalogue-store.server";
import { PICTURE_URL_PREFIX } from "./picture-files.server";

const handle = testFileDatabase({ reset: false });
const { storage } = TEST_SHOP;

/**
 * A supplier's photo of a product: each one a colour of its own, so each upload is a picture of
 * its own (files are named by their bytes).
 */
let photos = 0;
const photo = async (width = 600, height = 500) => {
  photos += 1;
  // Far apart, so no two renders are the same bytes after the WebP encoder has had its way.
  const shade = { r: (photos * 97) % 256, g: (photos * 57) % 256, b: (photos * 23) % 256 };
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: shade } })
      .png()
      .toBuffer(),
  );
};

const copyOfCap = async () => {
  const copied = await duplicateProduct(handle.db, { staffId: "staff-1", productId: "8" });
  if (!copied.ok) throw new Error(copied.message);
  return copied.id;
};
const add = async (productId: string, change: Partial<Parameters<typeof addProductPicture>[1]> = {}) =>
  addProductPicture(handle.db, {
    storage,
    staffId: "staff-1",
    productId,
    bytes: await photo(),
    type: "image/png",
    alt: "The bottle in navy, logo on the side",
    colour: "Navy",
    ...change,
  });
const productOf = async (id: string) => (await readCatalogue(handle.db)).products.find((p) => p.id === id)!;
/** What fetching a picture by `name` gives, as a browser at `ip` asks for it. */
const open = (name: string, ip = "10.8.0.1") => openProductPicture(handle.db, { storage, name, ip });
const bytesOf = async (opened: Awaited<ReturnType<typeof open>>) =>
  opened.ok ? Buffer.from(await new Response(opened.stream).arrayBuffer()) : null;
const renderName = (src: string) => src.slice(PICTURE_URL_PREFIX.length);

describe("staff add a picture to a product", () => {
  it("renders it, puts it last in the gallery with its words and colour, records it, and serves its renders", async () => {
    const id = await copyOfCap();
    const before = await productOf(id);
    expect(await add(id)).toEqual({ ok: true });
    const after = await productOf(id);
    expect(after.version).toBe(before.version + 1);
    expect(after.images).toHaveLength(before.images.length + 1);
    const picture = after.images.at(-1)!;
    expect(picture).toMatchObject({ alt: "The bottle in navy, logo on the side", colour: "Navy", width: 400 });
    for (const src of [picture.src320, picture.src400, picture.full]) {
      expect(src.startsWith(PICTURE_URL_PREFIX), src).toBe(true);
      const bytes = await bytesOf(await open(renderName(src)));
      expect(bytes?.subarray(8, 12).toString("latin1")).toBe("WEBP");
    }
    const zoom = await bytesOf(await open(renderName(picture.full)));
    expect((await sharp(zoom ?? Buffer.alloc(0)).metadata()).width).toBe(1200);
    const { history } = (await productForEditing(handle.db, id))!;
    expect(history[0]).toMatchObject({
      field: "Pictures",
      oldValue: null,
      newValue: 'Added "The bottle in navy, logo on the side" (Navy)',
    });

    // As a buyer's browser fetches it: a WebP cached for a year, and nothing for any other name.
    const answer = await answerOf(pictureLoader, {
      request: siteRequest(picture.src400),
      params: { name: renderName(picture.src400) },
      ctx: testContext(handle),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves no stored file but a catalogue picture's renders: not another upload, not the original, not a made-up name", async () => {
    const id = await copyOfCap();
    await add(id);
    const stored = (
      await handle.db
        .select({ source: productImages.source })
        .from(productImages)
        .where(eq(productImages.productId, id))
    )
      .map((r) => r.source)
      .find((source) => source.startsWith("stored:"))!;
    const original = stored.slice("stored:".length).split("/")[0]!;
    const { storedName: someonesArtwork } = await putBytes(storage, new TextEncoder().encode("%PDF-1.7"));
    for (const name of [
      original,
      someonesArtwork,
      "00000000-0000-4000-8000-000000000000",
      "../secrets",
      "x".repeat(5000),
    ]) {
      expect(await open(name), name.slice(0, 40)).toMatchObject({ ok: false, status: 404 });
      const answer = await answerOf(pictureLoader, {
        request: siteRequest(`/product-pictures/${encodeURIComponent(name)}`),
        params: { name },
        ctx: testContext(handle),
      });
      expect(answer.status, name.slice(0, 40)).toBe(404);
    }
  });

  it("says why a file is refused, and keeps nothing of it", async () => {
    const id = await copyOfCap();
    const before = await productOf(id);
    expect(await add(id, { bytes: new TextEncoder().encode("GIF89a not a picture"), type: "image/gif" })).toMatchObject(
      {
        ok: false,
        status: 415,
        message: "Upload a JPEG, PNG or WebP picture.",
      },
    );
    expect(await add(id, { bytes: await photo(120, 120) })).toMatchObject({ ok: false, status: 400 });
    expect(await add(id, { type: "image/jpeg" })).toMatchObject({ ok: false, status: 415 });
    expect(await add(id, { colour: "Gold" })).toMatchObject({
      ok: false,
      status: 400,
      message: PICTURE_MESSAGES.colour,
    });
    expect(await add("999")).toMatchObject({ ok: false, status: 404, message: EDIT_MESSAGES.notFound });
    expect(await productOf(id)).toEqual(before);
  });

  it(`holds a gallery to ${MAX_PICTURES} pictures`, async () => {
    const id = await copyOfCap();
    const { images } = await productOf(id);
    await handle.db.insert(productImages).values(
      Array.from({ length: MAX_PICTURES - images.length }, (_, n) => ({
        productId: id,
        position: 100 + n,
        source: "builtin:cap-1",
        alt: `Cap ${n}`,
        colour: null,
      })),
    );
    expect(await add(id)).toMatchObject({ ok: false, status: 409, message: PICTURE_MESSAGES.full });
  });

  it("names the files by their bytes: the same picture on two products is one set of files, kept when one refuses it", async () => {
    const [first, second, full] = [await copyOfCap(), await copyOfCap(), await copyOfCap()];
    const bytes = await photo();
    expect(await add(first, { bytes })).toEqual({ ok: true });
    expect(await add(second, { bytes })).toEqual({ ok: true });
    const shown = (await productOf(first)).images.at(-1)!;
    expect((await productOf(second)).images.at(-1)).toMatchObject({ src400: shown.src400, full: shown.full });

    const { images } = await productOf(full);
    await handle.db.insert(productImages).values(
      Array.from({ length: MAX_PICTURES - images.length }, (_, n) => ({
        productId: full,
        position: 100 + n,
        source: "builtin:cap-1",
        alt: `Cap ${n}`,
        colour: null,
      })),
    );
    expect(await add(full, { bytes })).toMatchObject({ ok: false, status: 409 });
    expect(await bytesOf(await open(renderName(shown.src400)))).not.toBeNull();
  });
});

describe("staff move a picture earlier", () => {
  it("swaps it with the one before, so a new photo can become the card's, and records it", async () => {
    const id = await copyOfCap();
    await add(id, { alt: "The new photo" });
    const positionOf = async (alt: string) =>
      (
        await handle.db
          .select({ position: productImages.position, alt: productImages.alt })
          .from(productImages)
          .where(eq(productImages.productId, id))
      ).find((p) => p.alt === alt)!.position;
    for (let step = 0; step < 3; step += 1) {
      const { version } = await productOf(id);
      const position = await positionOf("The new photo");
      expect(await movePictureEarlier(handle.db, { staffId: "staff-1", productId: id, position, version })).toEqual({
        ok: true,
      });
    }
    const { images, version } = await productOf(id);
    expect(images.map((i) => i.alt)).toEqual(["The new photo", ...(await productOf("8")).images.map((i) => i.alt)]);
    expect(
      await movePictureEarlier(handle.db, {
        staffId: "staff-1",
        productId: id,
        position: await positionOf("The new photo"),
        version,
      }),
    ).toMatchObject({ ok: false, status: 409, message: PICTURE_MESSAGES.alreadyFirst });
    const { history } = (await productForEditing(handle.db, id))!;
    expect(history[0]).toMatchObject({
      field: "Pictures",
      oldValue: '"The new photo" at 2',
      newValue: '"The new photo" at 1',
    });
  });
});

describe("staff remove a picture", () => {
  it("takes it out, moves the later ones up, records it, and stops serving it", async () => {
    const id = await copyOfCap();
    await add(id, { alt: "The added one" });
    const { images, version } = await productOf(id);
    const added = images.at(-1)!;
    const positions = async () =>
      (
        await handle.db
          .select({ position: productImages.position, alt: productImages.alt })
          .from(productImages)
          .where(eq(productImages.productId, id))
      ).sort((a, b) => a.position - b.position);
    const [first, ...rest] = await positions();
    expect(
      await removeProductPicture(handle.db, {
        staffId: "staff-1",
        address: "203.0.113.7",
        productId: id,
        position: first!.position,
        version,
      }),
    ).toEqual({ ok: true });
    // The audit log has it, with the request's address (docs/decisions/081-audit-log.md).
    expect((await handle.db.select().from(auditEvents)).at(-1)).toMatchObject({
      action: "product.pictures",
      subjectId: id,
      staffId: "staff-1",
      address: "203.0.113.7",
    });
    expect((await positions()).map((p) => p.alt)).toEqual(rest.map((p) => p.alt));
    expect((await positions()).map((p) => p.position)).toEqual(rest.map((p) => p.position - 1));
    const afterFirst = await productOf(id);
    expect(afterFirst.images.map((i) => i.alt)).toEqual(images.slice(1).map((i) => i.alt));

    const last = (await positions()).at(-1)!;
    expect(
      await removeProductPicture(handle.db, {
        staffId: "staff-1",
        productId: id,
        position: last.position,
        version: afterFirst.version,
      }),
    ).toEqual({ ok: true });
    expect(await open(renderName(added.src400))).toMatchObject({ ok: false, status: 404 });
    const { history } = (await productForEditing(handle.db, id))!;
    expect(history[0]).toMatchObject({ field: "Pictures", oldValue: '"The added one"', newValue: "Removed" });
  });

  it("refuses a removal on an older version or of a picture that is gone, changing nothing", async () => {
    const id = await copyOfCap();
    const { version, images } = await productOf(id);
    expect(
      await removeProductPicture(handle.db, { staffId: "staff-1", productId: id, position: 1, version: version - 1 }),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(
      await removeProductPicture(handle.db, { staffId: "staff-1", productId: id, position: 99, version }),
    ).toMatchObject({
      ok: false,
      status: 404,
      message: PICTURE_MESSAGES.noSuchPicture,
    });
    expect((await productOf(id)).images).toEqual(images);
  });
});

describe("a removed picture's files", () => {
  /** The stored files of the last picture of product `id`, and whether each is still in storage. */
  const lastPictureFiles = async (id: string) => {
    const [row] = await handle.db
      .select({ source: productImages.source })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(desc(productImages.position))
      .limit(1);
    return row!.source.slice("stored:".length).split("/");
  };
  const kept = async (names: string[]) => Promise.all(names.map(async (name) => (await storage.get(name)) !== null));
  const removeLast = async (id: string, now: Date) => {
    const { images, version } = await productOf(id);
    const removed = await removeProductPicture(handle.db, {
      staffId: "staff-1",
      productId: id,
      position: images.length,
      version,
      now,
    });
    expect(removed).toEqual({ ok: true });
  };
  const runJobsAt = (now: Date) => runDueJobs(testContext(handle), { now });

  it("are deleted an hour after the removal, the original upload with its renders", async () => {
    const id = await copyOfCap();
    await add(id);
    const names = await lastPictureFiles(id);
    expect(names).toHaveLength(4);
    const removedAt = new Date();
    await removeLast(id, removedAt);
    await runJobsAt(new Date(removedAt.getTime() + PICTURE_RELEASE_DELAY_MS - 60_000));
    expect(await kept(names)).toEqual([true, true, true, true]);
    await runJobsAt(new Date(removedAt.getTime() + PICTURE_RELEASE_DELAY_MS + 60_000));
    expect(await kept(names)).toEqual([false, false, false, false]);
  });

  it("stay while a copy of the product still shows the picture, and go when it is removed there too", async () => {
    const id = await copyOfCap();
    await add(id);
    const names = await lastPictureFiles(id);
    const copied = await duplicateProduct(handle.db, { staffId: "staff-1", productId: id });
    if (!copied.ok) throw new Error(copied.message);
    const removedAt = new Date();
    const later = new Date(removedAt.getTime() + PICTURE_RELEASE_DELAY_MS + 60_000);
    await removeLast(id, removedAt);
    await runJobsAt(later);
    expect(await kept(names)).toEqual([true, true, true, true]);
    expect(await bytesOf(await open(renderName((await productOf(copied.id)).images.at(-1)!.src400)))).not.toBeNull();

    await removeLast(copied.id, removedAt);
    await runJobsAt(later);
    expect(await kept(names)).toEqual([false, false, false, false]);
  });

  it("queue nothing when the picture was a built-in one", async () => {
    const id = await copyOfCap();
    const queued = async () => (await handle.db.select().from(jobs).where(eq(jobs.kind, "picture-release"))).length;
    const before = { pictures: (await productOf(id)).images.length, jobs: await queued() };
    await removeLast(id, new Date());
    expect((await productOf(id)).images).toHaveLength(before.pictures - 1);
    expect(await queued()).toBe(before.jobs);
  });
});

describe("anyone fetches the pictures a product shows", () => {
  it(`allows ${PICTURE_FETCH_LIMIT.hits} a minute from one address, then says when to try again`, async () => {
    const id = await copyOfCap();
    await add(id);
    const name = renderName((await productOf(id)).images.at(-1)!.src320);
    const ip = "10.8.3.4";
    for (let i = 0; i < PICTURE_FETCH_LIMIT.hits; i += 1) {
      const opened = await open(name, ip);
      if (!opened.ok) throw new Error(`refused at ${i + 1}: ${opened.message}`);
      await opened.stream.cancel();
    }
    const answer = await answerOf(pictureLoader, {
      request: siteRequest(`/product-pictures/${name}`),
      params: { name },
      ctx: testContext(handle),
    });
    expect(answer.status).toBe(200);
    const refused = await open(name, ip);
    expect(refused).toMatchObject({ ok: false, status: 429, message: PICTURE_FETCH_MESSAGES.rateLimited });
    // Retry-After: a whole number of seconds within the minute the fetches are counted in.
    expect(refused.ok ? null : refused.retryAfterSeconds).toBeGreaterThan(0);
    expect((await open(name, "10.8.3.5")).ok).toBe(true);
  });
});
