/**
 * The photos of a problem report (docs/decisions/043-problem-reports.md): sent one
 * at a time as an artwork upload is (the raw file as the body, its name in X-File-Name), by a reader
 * of the order while its report is open. Who may is settled before a byte is read; the body streams
 * through a byte counter and a signature check (JPEG or PNG, nothing decoded) into the file storage,
 * within the user's daily upload allowance. The server never opens a photo: staff download it.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { problemReportPhotos } from "#db/schema";
import {
  PHOTO_CONTENT_TYPES,
  PROBLEM_LIMITS,
  PROBLEM_MESSAGES,
  PROBLEM_PHOTO_LIMIT,
  photoContentMatches,
  photoKind,
  type PhotoKind,
} from "~/domain/orders/problem-reports";
import { type ContentCheck, declaredLength, storeUpload, uploadName } from "../artwork/artwork-upload.server";
import type { ArtworkDownload } from "../artwork/artwork.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { openReportFor } from "./problem-reports.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import type { FileStorage } from "../providers/storage.server";
import { isUuid } from "~/domain/core/ids";

const SNIFF_BYTES = 16;

const REFUSALS = {
  notFound: () => failure(404, "ORDER_NOT_FOUND", PROBLEM_MESSAGES.notFound),
  noReport: () => failure(409, "NO_OPEN_REPORT", PROBLEM_MESSAGES.noOpenReport),
  noName: () => failure(400, "FILE_NAME_MISSING", PROBLEM_MESSAGES.photoName),
  wrongType: () => failure(415, "UNSUPPORTED_FILE_TYPE", PROBLEM_MESSAGES.photoType),
  tooLarge: () => failure(413, "FILE_TOO_LARGE", PROBLEM_MESSAGES.photoTooLarge),
  tooMany: () => failure(409, "TOO_MANY_FILES", PROBLEM_MESSAGES.photoCount),
  empty: () => failure(400, "FILE_EMPTY", PROBLEM_MESSAGES.photoEmpty),
  tooOften: (retryAfterSeconds: number) =>
    failure(429, "RATE_LIMITED", PROBLEM_MESSAGES.photoTooOften, { retryAfterSeconds }),
};

/** A JPEG or PNG by its first bytes; nothing decodes it. */
const photoCheck = (kind: PhotoKind): ContentCheck => ({
  sniffBytes: SNIFF_BYTES,
  matches: (head) => photoContentMatches(kind, head),
  tooLarge: REFUSALS.tooLarge,
  notMatching: REFUSALS.wrongType,
  empty: REFUSALS.empty,
});

const photosOf = async (db: Database, reportId: string) =>
  Number(
    (await db.select({ n: count() }).from(problemReportPhotos).where(eq(problemReportPhotos.reportId, reportId)))[0]
      ?.n ?? 0,
  );

/** Adds one photo to the order's open report. */
export async function addProblemPhoto(
  db: Database,
  input: { userId: string; accountId: string; orderId: string; request: Request; storage: FileStorage },
): Promise<{ ok: true; photo: { id: string; name: string; size: number } } | Failure> {
  const { request, userId } = input;
  // Counted before anything is looked up or read, refused or not.
  const limit = await hitRateLimit(db, {
    key: `problem-photo:${userId}`,
    limit: PROBLEM_PHOTO_LIMIT.hits,
    windowSeconds: PROBLEM_PHOTO_LIMIT.windowSeconds,
  });
  if (!limit.allowed) return REFUSALS.tooOften(limit.retryAfterSeconds);
  const found = await openReportFor(db, { reader: input, orderId: input.orderId });
  if (!found) return REFUSALS.notFound();
  if (!found.reportId) return REFUSALS.noReport();
  const reportId = found.reportId;
  const name = uploadName(request);
  if (name === "") return REFUSALS.noName();
  const kind = photoKind(name);
  if (!kind) return REFUSALS.wrongType();
  const length = declaredLength(request);
  if (length !== null && length > PROBLEM_LIMITS.photoBytes) return REFUSALS.tooLarge();
  if (length === 0 || !request.body) return REFUSALS.empty();
  if ((await photosOf(db, reportId)) >= PROBLEM_LIMITS.photos) return REFUSALS.tooMany();

  const storage = input.storage;
  const stored = await storeUpload(db, {
    userId,
    check: photoCheck(kind),
    length,
    maxBytes: PROBLEM_LIMITS.photoBytes,
    body: request.body,
    storage,
  });
  if (!stored.ok) return stored;
  const inserted = await db.transaction(async (tx) => {
    // One photo at a time per report past this point, so two at once cannot make one too many.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`problem-photos:${reportId}`}))`);
    if ((await photosOf(tx, reportId)) >= PROBLEM_LIMITS.photos) return null;
    const [row] = await tx
      .insert(problemReportPhotos)
      .values({
        reportId,
        uploadedBy: userId,
        originalName: name,
        storedName: stored.storedName,
        contentType: PHOTO_CONTENT_TYPES[kind],
        sizeBytes: stored.size,
      })
      .returning({ id: problemReportPhotos.id });
    return row ?? null;
  });
  if (!inserted) {
    await storage.delete(stored.storedName);
    return REFUSALS.tooMany();
  }
  return { ok: true, photo: { id: inserted.id, name, size: stored.size } };
}

/** A report's photo for staff, as a download; null when there is no such photo on that report. */
export async function openProblemPhoto(
  db: Database,
  input: { reportId: string; photoId: string; storage: FileStorage },
): Promise<ArtworkDownload | null> {
  if (!isUuid(input.reportId) || !isUuid(input.photoId)) return null;
  const [photo] = await db
    .select()
    .from(problemReportPhotos)
    .where(and(eq(problemReportPhotos.id, input.photoId), eq(problemReportPhotos.reportId, input.reportId)))
    .limit(1);
  if (!photo) return null;
  const stream = await input.storage.get(photo.storedName);
  if (!stream) return null;
  return { name: photo.originalName, contentType: photo.contentType, size: photo.sizeBytes, stream };
}
