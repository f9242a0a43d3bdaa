/**
 * Where uploaded files live (decision 064): local disk by default, or an
 * S3-compatible bucket when S3_BUCKET is set (s3-storage.server.ts). Files are stored under random
 * names from crypto.randomUUID() (or, for a picture's renders, a name made from their bytes),
 * never the uploader's name; on disk in `${DATA_DIR}/uploads`,
 * which the static file server does not serve. The only way out is a route that checks ownership
 * first (app/server/artwork/artwork.server.ts).
 */
import { randomUUID } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, opendir, rename, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Env } from "../platform/env.server";
import { type FileStorage, isStoredName, nameToStore } from "./file-storage.server";
import { createS3Storage, type S3StorageConfig } from "./s3-storage.server";

export type { FileStorage } from "./file-storage.server";

/** Whether a file-system error says the path is not there. */
export function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

/** Files in one directory on local disk. */
export function createLocalStorage(root: string): FileStorage {
  const dir = resolve(root);
  const pathOf = (storedName: string): string | null => (isStoredName(storedName) ? join(dir, storedName) : null);

  return {
    async put(stream, options) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const storedName = nameToStore(options);
      const final = join(dir, storedName);
      // Written beside the final name and renamed when complete, so a reader never sees half a file
      // (and two puts of one content name never write the same partial file).
      const partial = `${final}.${randomUUID()}.part`;
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

    async check() {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await access(dir, constants.W_OK);
    },

    async *list() {
      let entries: AsyncIterable<{ name: string; isFile(): boolean }>;
      try {
        entries = await opendir(dir);
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      // Half-written files (`….part`) are not stored names and are passed over.
      for await (const entry of entries) {
        if (!entry.isFile() || !isStoredName(entry.name)) continue;
        try {
          yield { storedName: entry.name, size: (await stat(join(dir, entry.name))).size };
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },
  };
}

/**
 * The S3 settings of the environment for `bucket` (the uploads' S3_BUCKET, or the backups'
 * BACKUP_S3_BUCKET): null without a bucket; an error for one without its region and keys.
 */
export function s3ConfigFromEnv(env: Env, bucket: string | undefined): S3StorageConfig | null {
  const { S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!bucket) return null;
  if (!region || !accessKeyId || !secretAccessKey)
    throw new Error(`The bucket ${bucket} is set without S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`);
  return {
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

/** The storage an environment asks for: its S3 bucket when S3_BUCKET is set, else `${DATA_DIR}/uploads`. */
export function storageFromEnv(env: Env): FileStorage {
  const s3 = s3ConfigFromEnv(env, env.S3_BUCKET);
  return s3 ? createS3Storage(s3) : createLocalStorage(join(resolve(env.DATA_DIR), "uploads"));
}

/**
 * For /readyz: whether files can be stored. The reason for "unreachable" (an endpoint, a bucket
 * name, an error from the provider) goes to the server's log only, never to whoever asked.
 */
export async function checkStorage(storage: FileStorage): Promise<"ok" | "unreachable"> {
  try {
    await storage.check();
    return "ok";
  } catch (error) {
    console.error("[storage] not ready:", error);
    return "unreachable";
  }
}

/** Stores `bytes` made by the server (a rendered preview) as a new file, or under `name` (contentName). */
export function putBytes(
  storage: FileStorage,
  bytes: Uint8Array,
  options?: { name?: string },
): Promise<{ storedName: string }> {
  return storage.put(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
    options,
  );
}

/** Deletes each of `names` that is set: a file and the preview rendered from it (decision 027). */
export async function deleteStored(storage: FileStorage, names: readonly (string | null)[]): Promise<void> {
  for (const name of names) if (name) await storage.delete(name);
}
