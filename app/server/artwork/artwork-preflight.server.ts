/**
 * The preflight of a stored artwork upload (docs/decisions/027-artwork-preflight.md): its check goes through the one fair queue of
 * checks across processes (preflight-queue.server.ts, decision 033) and the upload waits for it. A
 * file that cannot be read is deleted and refused with its reason; a readable one keeps its bounded
 * report and a PNG of page one; one over the parser's limits is kept without a report.
 */
import type { ArtworkKind } from "~/domain/artwork/artwork-rules";
import type { Database } from "../platform/db.server";
import type { Failure } from "../platform/http.server";
import { awaitCheck, type CheckOutcome, enqueueCheck } from "./preflight-queue.server";
import type { PreflightOptions } from "./preflight.server";
import type { FileStorage } from "../providers/storage.server";

export type Preflighted = Extract<CheckOutcome, { ok: true }>;

/**
 * Checks the stored file `stored` of `userId`'s: 429 (and deleted) past the account's hourly
 * checks, refused (and deleted) when it cannot be read, 503 when the check did not come round in
 * time or the upload went away (deleted too: the buyer uploads it again), else its report and preview.
 */
export async function preflightStored(
  db: Database,
  input: {
    userId: string;
    storage: FileStorage;
    stored: { storedName: string; size: number };
    kind: ArtworkKind;
    signal?: AbortSignal;
    preflight?: PreflightOptions;
  },
): Promise<Preflighted | Failure> {
  const { storage, stored } = input;
  const queued = await enqueueCheck(db, { userId: input.userId, kind: input.kind, ...stored });
  if (!queued.ok) {
    await storage.delete(stored.storedName);
    return queued;
  }
  return awaitCheck({ db, storage, preflight: input.preflight }, { id: queued.id, signal: input.signal });
}
