/**
 * Brand kits (app/domain/artwork/brand-kit.ts): an account's logos, colours and placement
 * notes. The account is the session's (its active organisation, else the buyer), so only its
 * members read or change it; a logo id of another account's kit behaves like one that does not
 * exist (404). Logos are uploaded as a draft's artwork is (same name, type, content and size
 * checks, the same daily allowance) and step 2 copies one into a draft (artwork-copy.server.ts),
 * so the draft owns its file. Changes are limited to 60 an hour per user. An organisation's kit is
 * read by its members and changed only by its owners and admins, by their role at the moment of
 * the change (docs/decisions/035-current-membership.md).
 */
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { brandKitLogos, brandKits } from "#db/schema";
import { ARTWORK_CONTENT_TYPES, ARTWORK_MAX_BYTES } from "~/domain/artwork/artwork-rules";
import { BRAND_KIT_LIMITS, BRAND_KIT_MESSAGES, type BrandKitView } from "~/domain/artwork/brand-kit";
import { mayManageMembers } from "~/domain/people/organisation-roles";
import { isDraftId, type ArtworkFileEntry } from "~/domain/checkout/draft";
import { FAILURES, readUploadHeaders, storeUpload } from "./artwork-upload.server";
import { preflightStored } from "./artwork-preflight.server";
import { checksLimited } from "./preflight-queue.server";
import { copyArtworkIntoDraft, notCopied } from "./artwork-copy.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { currentRole } from "../platform/record-access.server";
import { dbOf, type RequestArgs, sessionOf } from "../accounts/request-context.server";
import { deleteStored, type FileStorage } from "../providers/storage.server";

/** Whose kit: the session's account, and the member acting on it. */
export type KitMember = { userId: string; accountId: string };

export const BRAND_KIT_CHANGES = { hits: 60, windowSeconds: 3_600 } as const;

const noLogo = () => failure(404, "LOGO_NOT_FOUND", BRAND_KIT_MESSAGES.noLogo);
const accountOf = (member: KitMember) => member.accountId || member.userId;

/** Whether this member may change the kit: their own personal one, or as an owner or admin of the organisation. */
export async function mayEditBrandKit(db: Database, member: KitMember): Promise<boolean> {
  const accountId = accountOf(member);
  if (accountId === member.userId) return true;
  return mayManageMembers(await currentRole(db, { organisationId: accountId, userId: member.userId }));
}

/** A change to the kit itself: refused for a plain member (403), then counted against the hourly limit. */
async function mayChange(db: Database, member: KitMember): Promise<Failure | null> {
  if (!(await mayEditBrandKit(db, member))) return failure(403, "BRAND_KIT_READ_ONLY", BRAND_KIT_MESSAGES.readOnly);
  return limited(db, member);
}

async function limited(db: Database, member: KitMember): Promise<Failure | null> {
  const hit = await hitRateLimit(db, {
    key: `brand-kit:${member.userId}`,
    limit: BRAND_KIT_CHANGES.hits,
    windowSeconds: BRAND_KIT_CHANGES.windowSeconds,
  });
  return hit.allowed
    ? null
    : failure(429, "RATE_LIMITED", BRAND_KIT_MESSAGES.rateLimited, { retryAfterSeconds: hit.retryAfterSeconds });
}

/** The kit of the member's account; an empty one before anything is saved. */
export async function getBrandKit(db: Database, member: KitMember): Promise<BrandKitView> {
  if (!member.userId) return { colours: [], placementNotes: "", logos: [] };
  const accountId = accountOf(member);
  const [kit] = await db.select().from(brandKits).where(eq(brandKits.accountId, accountId)).limit(1);
  const logos = await db
    .select()
    .from(brandKitLogos)
    .where(eq(brandKitLogos.accountId, accountId))
    .orderBy(asc(brandKitLogos.createdAt), asc(brandKitLogos.id));
  return {
    colours: kit?.colours ?? [],
    placementNotes: kit?.placementNotes ?? "",
    logos: logos.map((logo) => ({
      id: logo.id,
      name: logo.originalName,
      size: logo.sizeBytes,
      createdAt: logo.createdAt.toISOString(),
    })),
  };
}

/** Saves the colours and placement notes, already checked by parseBrandColours and cleanPlacementNotes. */
export async function saveBrandKit(
  db: Database,
  { member, kit }: { member: KitMember; kit: { colours: string[]; placementNotes: string } },
): Promise<{ ok: true } | Failure> {
  const refused = await mayChange(db, member);
  if (refused) return refused;
  if (kit.colours.length > BRAND_KIT_LIMITS.colours) {
    return failure(400, "VALIDATION_FAILED", BRAND_KIT_MESSAGES.tooManyColours);
  }
  const values = { colours: kit.colours, placementNotes: kit.placementNotes, updatedBy: member.userId };
  await db
    .insert(brandKits)
    .values({ accountId: accountOf(member), ...values })
    .onConflictDoUpdate({ target: brandKits.accountId, set: { ...values, updatedAt: sql`now()` } });
  return { ok: true };
}

/**
 * Stores an uploaded logo in the member's kit: the request's body as a draft's artwork upload sends
 * it (raw bytes, the name in X-File-Name), refused past 20 logos.
 */
export async function uploadBrandLogo(
  db: Database,
  input: KitMember & { request: Request; storage: FileStorage; maxBytes?: number },
): Promise<{ ok: true; logo: BrandKitView["logos"][number] } | Failure> {
  const { request, userId } = input;
  const accountId = accountOf(input);
  const maxBytes = input.maxBytes ?? ARTWORK_MAX_BYTES;
  const storage = input.storage;
  const headers = readUploadHeaders(request, maxBytes);
  if (!headers.ok) return headers;
  const { name, kind, length, maxBytes: limit, check } = headers;
  if (!request.body) return FAILURES.empty();
  const refused = (await mayChange(db, input)) ?? (await checksLimited(db, userId));
  if (refused) return refused;
  const full = async () => {
    const [row] = await db.select({ n: count() }).from(brandKitLogos).where(eq(brandKitLogos.accountId, accountId));
    return (row?.n ?? 0) >= BRAND_KIT_LIMITS.logos;
  };
  if (await full()) return failure(409, "TOO_MANY_LOGOS", BRAND_KIT_MESSAGES.tooManyLogos);

  const stored = await storeUpload(db, {
    userId,
    check,
    length,
    maxBytes: limit,
    body: request.body,
    storage,
  });
  if (!stored.ok) return stored;
  // A file that can never print is refused here as in step 2 (decision 027); the kit keeps no report,
  // since each copy into a draft is checked again for its own method and placement.
  const checked = await preflightStored(db, { userId, storage, stored, kind, signal: request.signal });
  if (!checked.ok) return checked;
  await deleteStored(storage, [checked.previewStoredName]);
  const id = randomUUID();
  const inserted = await db.transaction(async (tx) => {
    // One upload at a time per kit past this point, so two at once cannot make 21.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`brand-kit:${accountId}`}))`);
    const [row] = await tx.select({ n: count() }).from(brandKitLogos).where(eq(brandKitLogos.accountId, accountId));
    if ((row?.n ?? 0) >= BRAND_KIT_LIMITS.logos) return null;
    const [logo] = await tx
      .insert(brandKitLogos)
      .values({
        id,
        accountId,
        uploadedBy: userId,
        originalName: name,
        storedName: stored.storedName,
        sizeBytes: stored.size,
        contentType: ARTWORK_CONTENT_TYPES[kind],
      })
      .returning();
    return logo ?? null;
  });
  if (!inserted) {
    await storage.delete(stored.storedName);
    return failure(409, "TOO_MANY_LOGOS", BRAND_KIT_MESSAGES.tooManyLogos);
  }
  return {
    ok: true,
    logo: { id, name, size: stored.size, createdAt: inserted.createdAt.toISOString() },
  };
}

/** Removes a logo from the member's kit, record and bytes; drafts keep their own copies. */
export async function removeBrandLogo(
  db: Database,
  input: KitMember & { logoId: string; storage: FileStorage },
): Promise<{ ok: true } | Failure> {
  if (!isDraftId(input.logoId)) return noLogo();
  const refused = await mayChange(db, input);
  if (refused) return refused;
  const [gone] = await db
    .delete(brandKitLogos)
    .where(and(eq(brandKitLogos.id, input.logoId), eq(brandKitLogos.accountId, accountOf(input))))
    .returning({ storedName: brandKitLogos.storedName });
  if (!gone) return noLogo();
  await input.storage.delete(gone.storedName);
  return { ok: true };
}

/**
 * Step 2's "Use this logo": a copy of the kit's logo becomes an artwork file of the member's own
 * editable draft, exactly as an upload would leave it. 404 for a logo outside the member's kit or
 * a draft that is not theirs; 409 for a paid draft or one with its 10 files.
 */
export async function takeBrandLogo(
  db: Database,
  input: KitMember & { draftId: string; logoId: string; storage: FileStorage },
): Promise<{ ok: true; files: ArtworkFileEntry[]; version: number } | Failure> {
  if (!isDraftId(input.logoId)) return noLogo();
  if (!isDraftId(input.draftId)) return FAILURES.noDraft();
  const [logo] = await db
    .select()
    .from(brandKitLogos)
    .where(and(eq(brandKitLogos.id, input.logoId), eq(brandKitLogos.accountId, accountOf(input))))
    .limit(1);
  if (!logo) return noLogo();
  const refused = (await limited(db, input)) ?? (await checksLimited(db, input.userId));
  if (refused) return refused;
  const copied = await copyArtworkIntoDraft(db, {
    userId: input.userId,
    draftId: input.draftId,
    sources: [{ name: logo.originalName, storedName: logo.storedName, contentType: logo.contentType }],
    storage: input.storage,
  });
  if (!copied) return notCopied(db, input);
  if (copied.missing.length > 0) return failure(410, "LOGO_MISSING", "That logo's file is missing: upload it again.");
  return { ok: true, files: copied.files, version: copied.version };
}

/** The signed-in buyer's brand kit for a page's loader (step 2 offers it); an empty one signed out. */
export async function brandKitFor({ context }: RequestArgs): Promise<BrandKitView> {
  const session = await sessionOf(context);
  if (!session) return { colours: [], placementNotes: "", logos: [] };
  return getBrandKit(dbOf(context), { userId: session.user.id, accountId: session.accountId });
}
