/**
 * Receiving an uploaded file (a draft's artwork, a brand kit's logo, a problem report's photo): the
 * headers are checked before a byte of the body is read, then the body streams through a byte
 * counter and a content check into storage within the user's daily allowance. The one place every
 * upload shares, so a rule changed here changes for all of them.
 */
import {
  ARTWORK_MESSAGES,
  ARTWORK_SNIFF_BYTES,
  artworkKind,
  artworkMaxBytes,
  artworkTooLarge,
  cleanArtworkName,
  contentMatchesArtwork,
  type ArtworkKind,
} from "~/domain/artwork/artwork-rules";
import { DRAFT_MESSAGES, NO_DRAFT_MESSAGE } from "~/domain/checkout/draft";
import type { Database } from "../platform/db.server";
import { type Failure, failure } from "../platform/http.server";
import type { FileStorage } from "../providers/storage.server";
import { reserveUploadBytes, returnUploadBytes } from "./upload-quota.server";

/** The request header that carries the file's name (URI-encoded). */
export const ARTWORK_NAME_HEADER = "X-File-Name";

export const FAILURES = {
  noName: () => failure(400, "FILE_NAME_MISSING", ARTWORK_MESSAGES.noName),
  empty: () => failure(400, "FILE_EMPTY", ARTWORK_MESSAGES.empty),
  wrongType: () => failure(415, "UNSUPPORTED_FILE_TYPE", ARTWORK_MESSAGES.wrongType),
  notArtwork: () => failure(415, "UNSUPPORTED_FILE_TYPE", ARTWORK_MESSAGES.notArtwork),
  tooMany: () => failure(409, "TOO_MANY_FILES", ARTWORK_MESSAGES.tooMany),
  noFile: () => failure(404, "FILE_NOT_FOUND", ARTWORK_MESSAGES.notFound),
  noDraft: () => failure(404, "DRAFT_NOT_FOUND", NO_DRAFT_MESSAGE),
  locked: () => failure(409, "DRAFT_LOCKED", DRAFT_MESSAGES.locked),
  quota: () => failure(429, "UPLOAD_QUOTA", ARTWORK_MESSAGES.quota),
};

/** The uploaded file's name from X-File-Name, cleaned; "" when there is none. */
export function uploadName(request: Request): string {
  const header = request.headers.get(ARTWORK_NAME_HEADER);
  if (header === null) return "";
  try {
    return cleanArtworkName(decodeURIComponent(header));
  } catch {
    // Not URI-encoded after all (a hand-written client): use it as it came.
    return cleanArtworkName(header);
  }
}

/** The body's length as the request declares it; null when it declares none (or nonsense). */
export function declaredLength(request: Request): number | null {
  const declared = request.headers.get("Content-Length")?.trim() ?? "";
  return declared.length <= 16 && /^\d+$/.test(declared) ? Number(declared) : null;
}

/** What an upload's first bytes must be, and the refusals for a file too large, not what it says, or empty. */
export type ContentCheck = {
  sniffBytes: number;
  matches: (head: Uint8Array) => boolean;
  tooLarge: () => Failure;
  notMatching: () => Failure;
  empty: () => Failure;
};

/** An artwork file of `kind`: its signature, and its limit's 413 (an SVG's is smaller, decision 044). */
const artworkCheck = (kind: ArtworkKind): ContentCheck => ({
  sniffBytes: ARTWORK_SNIFF_BYTES,
  matches: (head) => contentMatchesArtwork(kind, head),
  tooLarge: () => failure(413, "FILE_TOO_LARGE", artworkTooLarge(kind)),
  notMatching: FAILURES.notArtwork,
  empty: FAILURES.empty,
});

/**
 * Counts bytes and checks the first `check.sniffBytes` against the file's format before passing
 * anything on; errors the stream (which cancels the request body) at the first byte past
 * `maxBytes`, refusing with `overLimit`, or on content that isn't what the name says.
 */
function guardUpload(check: ContentCheck, maxBytes: number, overLimit: Failure) {
  let rejection: Failure | null = null;
  let head: Uint8Array[] = [];
  let headSize = 0;
  let sniffed = false;
  let size = 0;

  const reject = (controller: TransformStreamDefaultController<Uint8Array>, refusal: Failure) => {
    rejection = refusal;
    controller.error(new Error(refusal.message));
  };
  const release = (controller: TransformStreamDefaultController<Uint8Array>) => {
    sniffed = true;
    const bytes = new Uint8Array(headSize);
    let offset = 0;
    for (const part of head) {
      bytes.set(part, offset);
      offset += part.byteLength;
    }
    head = [];
    if (bytes.byteLength === 0) return;
    if (!check.matches(bytes)) return reject(controller, check.notMatching());
    controller.enqueue(bytes);
  };

  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > maxBytes) return reject(controller, overLimit);
      if (sniffed) return controller.enqueue(chunk);
      head.push(chunk);
      headSize += chunk.byteLength;
      if (headSize >= check.sniffBytes) release(controller);
    },
    flush(controller) {
      if (!sniffed) release(controller);
    },
  });
  return { stream, rejection: (): Failure | null => rejection, size: () => size };
}

/**
 * What an artwork upload's headers say, checked before a byte of the body is read: its name (in
 * X-File-Name), its kind by extension, and its declared length, refused when over the kind's limit
 * (at most `maxBytes`) or 0. `maxBytes` and `check` of the answer are what the body is then held to
 * (storeUpload).
 */
export function readUploadHeaders(
  request: Request,
  maxBytes: number,
):
  | { ok: true; name: string; kind: ArtworkKind; length: number | null; maxBytes: number; check: ContentCheck }
  | Failure {
  const name = uploadName(request);
  if (name === "") return FAILURES.noName();
  const kind = artworkKind(name);
  if (!kind) return FAILURES.wrongType();
  const limit = Math.min(maxBytes, artworkMaxBytes(kind));
  const check = artworkCheck(kind);
  const length = declaredLength(request);
  if (length !== null && length > limit) return check.tooLarge();
  if (length === 0) return FAILURES.empty();
  return { ok: true, name, kind, length, maxBytes: limit, check };
}

/**
 * Streams an upload's body into storage within the user's daily allowance, counted and sniffed as
 * it arrives (guardUpload); what was reserved and not used is given back, and an empty file is
 * deleted and refused.
 */
export async function storeUpload(
  db: Database,
  input: {
    userId: string;
    check: ContentCheck;
    length: number | null;
    maxBytes: number;
    body: ReadableStream<Uint8Array>;
    storage: FileStorage;
  },
): Promise<{ ok: true; storedName: string; size: number } | Failure> {
  const { userId, length, maxBytes } = input;
  const reserved = await reserveUploadBytes(db, {
    userId,
    wanted: length !== null ? { exactly: length } : { atMost: maxBytes },
  });
  if (reserved === 0) return FAILURES.quota();
  // Cut short by the allowance only when the size was not declared (a declared one was granted whole).
  const guard = guardUpload(
    input.check,
    reserved,
    length === null && reserved < maxBytes ? FAILURES.quota() : input.check.tooLarge(),
  );
  let stored: { storedName: string; size: number };
  try {
    stored = await input.storage.put(input.body.pipeThrough(guard.stream));
  } catch (error) {
    const rejection = guard.rejection();
    if (rejection) return rejection;
    throw error;
  } finally {
    await returnUploadBytes(db, { userId, bytes: reserved - guard.size() });
  }
  if (stored.size === 0) {
    await input.storage.delete(stored.storedName);
    return input.check.empty();
  }
  return { ok: true, ...stored };
}
