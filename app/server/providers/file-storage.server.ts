/**
 * What every place that keeps uploaded files (artwork, its previews, proofs, brand kit logos) is
 * given: a store of whole files under random names, on local disk or in an S3-compatible bucket
 * (storage.server.ts chooses). Shared by both drivers so neither imports the other.
 */
import { createHash, randomUUID } from "node:crypto";

export interface FileStorage {
  /**
   * Stores the whole stream under a new random name, or under `name` when one is given (a name
   * `contentName` made: the same bytes, the same name, so storing them again changes nothing);
   * rejects (leaving nothing behind) if the stream errors.
   */
  put(stream: ReadableStream<Uint8Array>, options?: { name?: string }): Promise<{ storedName: string; size: number }>;
  /** The stored bytes, or null when there is no such file. */
  get(storedName: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the file; a missing file is not an error. */
  delete(storedName: string): Promise<void>;
  /** Resolves when files can be stored (the readiness check); rejects with the reason otherwise. */
  check(): Promise<void>;
  /** Every stored file with its size, in no particular order (for a backup: decision 083). */
  list(): AsyncIterable<{ storedName: string; size: number }>;
}

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new file's name: random, never the uploader's. */
export const newStoredName = (): string => randomUUID();

/**
 * The name of a file the server made whose bytes are its identity (a product picture's render):
 * the first 128 bits of their SHA-256, written as a UUID is, so it is a stored name like any other.
 */
export function contentName(bytes: Uint8Array): string {
  const hex = createHash("sha256").update(bytes).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Only names a driver made can be opened, so no caller can reach another file or key ('../…',
 * another prefix) whatever a database row or a request holds.
 */
export const isStoredName = (name: string): boolean => STORED_NAME.test(name);

/** The name a put stores under: the one asked for, if it is a stored name, else a new random one. */
export const nameToStore = (options: { name?: string } | undefined): string =>
  options?.name !== undefined && isStoredName(options.name) ? options.name : newStoredName();
