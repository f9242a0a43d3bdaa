/**
 * Where uploaded files live (DESIGN "files": local disk behind a small interface, S3-compatible
 * later). Files are stored under random names from crypto.randomUUID(), never the uploader's
 * name, in `${DATA_DIR}/uploads`, which the static file server does not serve; the only way out
 * is a route that checks ownership first (app/server/artwork.server.ts).
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { getEnv } from "./env.server";

export interface FileStorage {
  /** Stores the whole stream under a new random name; rejects (leaving nothing behind) if the stream errors. */
  put(stream: ReadableStream<Uint8Array>): Promise<{ storedName: string; size: number }>;
  /** The stored bytes, or null when there is no such file. */
  get(storedName: string): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the file; a missing file is not an error. */
  delete(storedName: string): Promise<void>;
}

const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

/** Files in one directory on local disk. */
export function createLocalStorage(root: string): FileStorage {
  const dir = resolve(root);
  // Only names this module made can be opened, so no caller can reach outside `dir` ('../…').
  const pathOf = (storedName: string): string | null => (STORED_NAME.test(storedName) ? join(dir, storedName) : null);

  return {
    async put(stream) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const storedName = randomUUID();
      const final = join(dir, storedName);
      // Written beside the final name and renamed when complete, so a reader never sees half a file.
      const partial = `${final}.part`;
      const file = createWriteStream(partial, { flags: "wx", mode: 0o600 });
      try {
        // DOM and node:stream/web declare the same ReadableStream twice; they are one class at runtime.
        await pipeline(Readable.fromWeb(stream as unknown as NodeReadableStream<Uint8Array>), file);
        await rename(partial, final);
      } catch (error) {
        // A body that fails at once (too large, say) can fail while the file is still being opened,
        // and the pipeline rejects before that open lands. Removing the file before the stream has
        // closed would leave the half file behind.
        if (!file.closed) await new Promise<void>((closed) => file.once("close", closed));
        await rm(partial, { force: true });
        throw error;
      }
      const { size } = await stat(final);
      return { storedName, size };
    },

    async get(storedName) {
      const path = pathOf(storedName);
      if (!path) return null;
      try {
        await stat(path);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return Readable.toWeb(createReadStream(path)) as unknown as ReadableStream<Uint8Array>;
    },

    async delete(storedName) {
      const path = pathOf(storedName);
      if (path) await rm(path, { force: true });
    },
  };
}

let uploads: FileStorage | undefined;

/** The app's upload storage: `${DATA_DIR}/uploads`. */
export function getUploadStorage(): FileStorage {
  uploads ??= createLocalStorage(join(resolve(getEnv().DATA_DIR), "uploads"));
  return uploads;
}

/** Deletes each of `names` that is set: a file and the preview rendered from it (issue 20). */
export async function deleteStored(storage: FileStorage, names: readonly (string | null)[]): Promise<void> {
  for (const name of names) if (name) await storage.delete(name);
}
