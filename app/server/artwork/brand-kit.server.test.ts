import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { artworkFiles, authMember, authOrganization, authUser, brandKitLogos } from "#db/schema";
import { BRAND_KIT_LIMITS, BRAND_KIT_MESSAGES } from "~/domain/artwork/brand-kit";
import { testFileDatabase } from "../../../tests/setup/test-db";
import {
  BRAND_KIT_CHANGES,
  getBrandKit,
  removeBrandLogo,
  saveBrandKit,
  takeBrandLogo,
  uploadBrandLogo,
} from "./brand-kit.server";
import { createDraft } from "../checkout/drafts.server";
import { createLocalStorage, type FileStorage } from "../providers/storage.server";
import { MINIMAL_PDF } from "../../../tests/setup/minimal-pdf";

// Brand kits on the real test database: a brand kit belongs to an account (an organisation,
// else a buyer); only its members see or change it, within its limits; a logo goes into a draft
// as a copy the draft owns.

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
let storage: FileStorage;
beforeAll(() => {
  storage = createLocalStorage(mkdtempSync(join(tmpdir(), "brand-kit-")));
});

const PDF = new Uint8Array(MINIMAL_PDF);
/** The organisation's owner and an admin: those who change its kit (decision 035). */
const ALICE = { userId: "alice", accountId: "org-acme" };
const BOB = { userId: "bob", accountId: "org-acme" };
const EVE = { userId: "eve", accountId: "eve" };

beforeEach(async () => {
  await handle.db
    .insert(authUser)
    .values(["alice", "bob"].map((id) => ({ id, name: id, email: `${id}@acme.example`, emailVerified: true })));
  await handle.db
    .insert(authOrganization)
    .values({ id: "org-acme", name: "Acme", slug: "acme", createdAt: new Date() });
  await handle.db.insert(authMember).values(
    [
      ["alice", "owner"],
      ["bob", "admin"],
    ].map(([userId, role]) => ({
      id: `m-${userId}`,
      organizationId: "org-acme",
      userId: userId!,
      role: role!,
      createdAt: new Date(),
    })),
  );
});

const logoRequest = (name: string, text?: string) => {
  const body = text === undefined ? PDF : new TextEncoder().encode(text);
  return new Request("http://127.0.0.1:3999/api/brand-kit/logos", {
    method: "POST",
    headers: { "X-File-Name": encodeURIComponent(name), "Content-Length": String(body.length) },
    body,
  });
};
const upload = (who: typeof ALICE, name = "logo.pdf", body?: string) =>
  uploadBrandLogo(handle.db, { ...who, request: logoRequest(name, body), storage });
const forgetLimits = () => handle.db.execute(sql`delete from rate_limits`);

async function draftOf(userId: string) {
  const created = await createDraft(handle.db, { accountId: userId, userId, productId: "8", data: { quantity: 50 } });
  if (!created.ok) throw new Error(created.message);
  return created.draft;
}

describe("the brand kit", () => {
  it("is empty until saved, and keeps colours and notes for every member of the organisation", async () => {
    expect(await getBrandKit(handle.db, ALICE)).toEqual({ colours: [], placementNotes: "", logos: [] });
    expect(
      await saveBrandKit(handle.db, { member: ALICE, kit: { colours: ["#1f2a56"], placementNotes: "Centred" } }),
    ).toEqual({
      ok: true,
    });
    expect(await getBrandKit(handle.db, BOB)).toMatchObject({ colours: ["#1f2a56"], placementNotes: "Centred" });
    expect(await getBrandKit(handle.db, EVE)).toEqual({ colours: [], placementNotes: "", logos: [] });
    // A buyer without an organisation has a kit of their own.
    await saveBrandKit(handle.db, { member: EVE, kit: { colours: [], placementNotes: "Left chest" } });
    expect((await getBrandKit(handle.db, ALICE)).placementNotes).toBe("Centred");
  });

  it("refuses more colours than the limit", async () => {
    const colours = Array.from({ length: BRAND_KIT_LIMITS.colours + 1 }, (_, i) => `#${String(i).padStart(6, "0")}`);
    expect(await saveBrandKit(handle.db, { member: ALICE, kit: { colours, placementNotes: "" } })).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it("stores uploaded logos checked as artwork is, and refuses what is not artwork", async () => {
    const added = await upload(ALICE, "Acme logo.pdf");
    expect(added).toMatchObject({ ok: true, logo: { name: "Acme logo.pdf", size: PDF.length } });
    expect((await getBrandKit(handle.db, BOB)).logos.map((l) => l.name)).toEqual(["Acme logo.pdf"]);
    expect(await upload(ALICE, "logo.png")).toMatchObject({ ok: false, status: 415 });
    expect(await upload(ALICE, "fake.pdf", "GIF89a not a pdf at all")).toMatchObject({ ok: false, status: 415 });
    expect(await upload(ALICE, "")).toMatchObject({ ok: false, status: 400 });
    expect(await handle.db.select().from(brandKitLogos)).toHaveLength(1);
  });

  it(`keeps at most ${BRAND_KIT_LIMITS.logos} logos`, async () => {
    // The first 19 as rows (each upload is checked in a worker of its own, about a second apiece
    // in tests), the 20th through the upload.
    const stored = await storage.put(new Blob([PDF]).stream());
    await handle.db.insert(brandKitLogos).values(
      Array.from({ length: BRAND_KIT_LIMITS.logos - 1 }, (_, i) => ({
        id: crypto.randomUUID(),
        accountId: ALICE.accountId,
        uploadedBy: ALICE.userId,
        originalName: `logo-${i}.pdf`,
        storedName: `${stored.storedName}-${i}`,
        sizeBytes: stored.size,
        contentType: "application/pdf",
      })),
    );
    expect(await upload(ALICE, "logo-19.pdf")).toMatchObject({ ok: true });
    await forgetLimits();
    expect(await upload(BOB, "one-more.pdf")).toMatchObject({
      ok: false,
      status: 409,
      message: BRAND_KIT_MESSAGES.tooManyLogos,
    });
    // Another account's kit is not full.
    expect(await upload(EVE, "eve.pdf")).toMatchObject({ ok: true });
  });

  it("lets only members remove a logo; anyone else gets a 404 and the logo stays", async () => {
    const added = await upload(ALICE);
    if (!added.ok) throw new Error("upload failed");
    expect(await removeBrandLogo(handle.db, { ...EVE, logoId: added.logo.id, storage })).toMatchObject({ status: 404 });
    expect(await removeBrandLogo(handle.db, { ...ALICE, logoId: "not-an-id", storage })).toMatchObject({ status: 404 });
    expect((await getBrandKit(handle.db, ALICE)).logos).toHaveLength(1);
    expect(await removeBrandLogo(handle.db, { ...BOB, logoId: added.logo.id, storage })).toEqual({ ok: true });
    expect((await getBrandKit(handle.db, ALICE)).logos).toHaveLength(0);
  });

  it("limits changes per user", async () => {
    for (let i = 0; i < BRAND_KIT_CHANGES.hits; i++)
      await saveBrandKit(handle.db, { member: EVE, kit: { colours: [], placementNotes: "" } });
    expect(await saveBrandKit(handle.db, { member: EVE, kit: { colours: [], placementNotes: "" } })).toMatchObject({
      ok: false,
      status: 429,
    });
  });
});

describe("takeBrandLogo (step 2's Use this logo)", () => {
  it("copies the logo into the member's draft as an upload would, the draft owning its copy", async () => {
    const added = await upload(ALICE, "Acme logo.pdf");
    if (!added.ok) throw new Error("upload failed");
    const draft = await draftOf(BOB.userId);
    const taken = await takeBrandLogo(handle.db, { ...BOB, draftId: draft.id, logoId: added.logo.id, storage });
    expect(taken).toMatchObject({ ok: true, version: draft.version + 1 });
    if (!taken.ok) return;
    expect(taken.files).toMatchObject([{ name: "Acme logo.pdf", size: PDF.length }]);
    const [row] = await handle.db.select().from(artworkFiles).where(eq(artworkFiles.draftId, draft.id));
    expect(row).toMatchObject({ userId: BOB.userId, originalName: "Acme logo.pdf", id: taken.files[0]!.id });
    const [kept] = await handle.db.select().from(brandKitLogos);
    expect(row!.storedName).not.toBe(kept!.storedName);
    // Removing the logo from the kit leaves the draft's copy.
    await removeBrandLogo(handle.db, { ...ALICE, logoId: added.logo.id, storage });
    expect(new Uint8Array(await new Response(await storage.get(row!.storedName)).arrayBuffer())).toEqual(PDF);
  });

  it("is a 404 for another account's logo or another buyer's draft, and changes nothing", async () => {
    const added = await upload(ALICE);
    if (!added.ok) throw new Error("upload failed");
    const evesDraft = await draftOf(EVE.userId);
    expect(
      await takeBrandLogo(handle.db, { ...EVE, draftId: evesDraft.id, logoId: added.logo.id, storage }),
    ).toMatchObject({ ok: false, status: 404, message: BRAND_KIT_MESSAGES.noLogo });
    const bobsDraft = await draftOf(BOB.userId);
    expect(
      await takeBrandLogo(handle.db, { ...ALICE, draftId: bobsDraft.id, logoId: added.logo.id, storage }),
    ).toMatchObject({ ok: false, status: 404 });
    expect(await handle.db.select().from(artworkFiles)).toHaveLength(0);
  });
});
