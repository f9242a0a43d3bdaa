/**
 * What every place that keeps uploaded files (artwork, its previews, proofs, brand kit logos) is
 * given: a store of whole files under random names, on local disk or in an S3-compatible bucket
 * (storage.server.ts chooses). Shared by both drivers so neither imports the other.
 */
import { randomUUID } from "node:crypto";

export interface FileStorage {
  /** Stores the whole stream under a new random name; rejects (leaving nothing behind) if the stream errors. */
  put(stream: ReadableStream<Uint8Array>): Promise<{ storedName: string; size: number }>;
  /** The stored bytes, or null when there is no such file. */
  get(storedName: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the file; a missing file is not an error. */
  delete(storedName: string): Promise<void>;
  /** Resolves when files can be stored (the readiness check); rejects with the reason otherwise. */
  check(): Promise<void>;
}

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new file's name: random, never the uploader's. */
export const newStoredName = (): string => randomUUID();

/**
 * Only names a driver made can be opened, so no caller can reach another file or key ('../…',
 * another prefix) whatever a database row or a request holds.
 */
export const isStoredName = (name: string): boolean => STORED_NAME.test(name);
