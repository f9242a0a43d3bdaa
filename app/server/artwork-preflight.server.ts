/**
 * The preflight of a stored artwork upload (issue 20): its bytes are read back from storage and
 * checked off the request thread (preflight.server.ts); a file that cannot be read is deleted and
 * refused with its reason, and a readable one keeps its bounded report and a PNG of page one.
 */
import type { ArtworkKind } from "~/domain/artwork-rules";
import { boundReport, judgePreflight, type PreflightReport } from "~/domain/preflight";
import { type Failure, failure } from "./http.server";
import { runPreflight } from "./preflight.server";
import type { FileStorage } from "./storage.server";

export const PREFLIGHT_BUSY_MESSAGE = "We're checking other files right now. Please upload yours again in a minute.";

export type Preflighted = { ok: true; report: PreflightReport; previewStoredName: string | null };

/** A stored file's bytes, read whole: the upload's own limit bounds them. */
async function readStored(storage: FileStorage, storedName: string, size: number): Promise<Uint8Array | null> {
  const stream = await storage.get(storedName);
  if (!stream) return null;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for await (const chunk of stream) {
    if (offset + chunk.byteLength > size) throw new Error(`${storedName} is larger than its ${size} bytes`);
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return offset === size ? bytes : bytes.slice(0, offset);
}

/**
 * Checks the stored file `storedName`: refused (and deleted) when it cannot be read, 503 when the
 * checks are all busy (deleted too: the buyer uploads it again), else its report and preview. A
 * file over one of the sandbox's limits is kept, unchecked, for staff to check by hand (decision 032).
 */
export async function preflightStored(
  storage: FileStorage,
  stored: { storedName: string; size: number },
  kind: ArtworkKind,
): Promise<Preflighted | Failure> {
  const bytes = await readStored(storage, stored.storedName, stored.size);
  if (!bytes)
    return failure(404, "FILE_NOT_FOUND", "The file went missing while we checked it. Please upload it again.");
  const result = await runPreflight(kind, bytes);
  if (!result.ok && "overLimit" in result) {
    return { ok: true, report: { kind: "unchecked", overLimit: result.overLimit }, previewStoredName: null };
  }
  if (!result.ok) {
    await storage.delete(stored.storedName);
    return failure(503, "PREFLIGHT_BUSY", PREFLIGHT_BUSY_MESSAGE, { retryAfterSeconds: 60 });
  }
  // Blockers do not depend on the method or the placement: a file that has one is never printable.
  const blocker = judgePreflight(result.report, { method: "none", placement: null }).find(
    (finding) => finding.level === "blocker",
  );
  if (blocker) {
    await storage.delete(stored.storedName);
    return failure(422, "ARTWORK_UNREADABLE", blocker.message);
  }
  const png = result.preview;
  const preview = png
    ? await storage.put(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(png);
            controller.close();
          },
        }),
      )
    : null;
  return { ok: true, report: boundReport(result.report), previewStoredName: preview?.storedName ?? null };
}
