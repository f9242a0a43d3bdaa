/**
 * Uploaded files in an S3-compatible bucket (decision 028), for a shop that runs on more than
 * one machine: AWS S3, MinIO, R2 and the like. Keys are `${prefix}${random UUID}`; the bucket is
 * private and files leave only through the routes that check ownership, as on local disk.
 */
import type { S3Client } from "@aws-sdk/client-s3";
import { type FileStorage, isStoredName, nameToStore } from "./file-storage.server";

export type S3StorageConfig = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint?: string;
  /** Bucket in the path rather than the host name, as MinIO and loopback servers need. */
  forcePathStyle?: boolean;
  /** Where in the bucket the files go; default `uploads/`. */
  prefix?: string;
};

/**
 * Files up to one part go up in one PutObject; larger ones as a multipart upload, a part at a
 * time, so an upload holds at most one part in memory rather than the whole 50 MB. 8 MiB is over
 * S3's 5 MiB floor for every part but the last.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** How long the readiness check waits for the bucket before calling it unreachable. */
const CHECK_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;

type Sdk = typeof import("@aws-sdk/client-s3");

/** Reads `stream` into parts of at least `partBytes` (the last may be shorter, or empty for an empty stream). */
async function* partsOf(stream: ReadableStream<Uint8Array>, partBytes: number): AsyncGenerator<Uint8Array, void> {
  let chunks: Uint8Array[] = [];
  let buffered = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    buffered += chunk.byteLength;
    if (buffered >= partBytes) {
      yield Buffer.concat(chunks, buffered);
      chunks = [];
      buffered = 0;
    }
  }
  yield Buffer.concat(chunks, buffered);
}

function isNoSuchKey(error: unknown): boolean {
  return error instanceof Error && error.name === "NoSuchKey";
}

/**
 * The SDK and a client for `config`, loaded on first use: a shop on local disk never pays for it
 * at start-up. Shared by the uploads' store and the backups' bucket (backup-runs.server.ts).
 */
export function lazyS3Client(
  config: S3StorageConfig,
  options: { requestChecksumCalculation?: "WHEN_SUPPORTED" | "WHEN_REQUIRED" } = {},
): () => Promise<{ sdk: Sdk; client: S3Client }> {
  let loaded: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  return () => {
    loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        ...options,
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle ?? false,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // An endpoint that drops packets would otherwise hold an upload for the system's connect
        // timeout (minutes) on each of the SDK's attempts. No idle timeout: a download streams at
        // the buyer's pace.
        requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
      }),
    }));
    return loaded;
  };
}

export function createS3Storage(config: S3StorageConfig): FileStorage {
  const bucket = config.bucket;
  const prefix = config.prefix ?? "uploads/";
  const keyOf = (storedName: string) => `${prefix}${storedName}`;
  const load = lazyS3Client(config);

  async function putMultipart(
    { sdk, client }: { sdk: Sdk; client: S3Client },
    key: string,
    first: Uint8Array,
    rest: AsyncGenerator<Uint8Array, void>,
  ): Promise<number> {
    const { UploadId } = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    if (!UploadId) throw new Error(`S3 gave no upload id for ${key}`);
    try {
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      let size = 0;
      let part: Uint8Array | undefined = first;
      while (part) {
        // A stream that ends exactly on a part boundary leaves an empty last part; S3 needs none.
        if (part.byteLength > 0) {
          const PartNumber = parts.length + 1;
          const sent = await client.send(
            new sdk.UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber, Body: part }),
          );
          parts.push({ ETag: sent.ETag, PartNumber });
          size += part.byteLength;
        }
        const next = await rest.next();
        part = next.done ? undefined : next.value;
      }
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return size;
    } catch (error) {
      // The parts of an unfinished upload are never an object: no reader can see them. Aborting
      // frees them now; a bucket lifecycle rule (AbortIncompleteMultipartUpload) catches an abort
      // that fails, as it does on servers that do not implement it.
      await client
        .send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
        .catch((abort: unknown) => console.error(`[storage] could not abort the upload of ${key}:`, abort));
      throw error;
    }
  }

  return {
    async put(stream, options) {
      const s3 = await load();
      const storedName = nameToStore(options);
      const key = keyOf(storedName);
      const parts = partsOf(stream, S3_PART_BYTES);
      try {
        // Nothing is sent until a whole part (or the whole file) has arrived, so a stream that
        // fails inside its first part leaves nothing in the bucket.
        const next = await parts.next();
        const first = next.done ? new Uint8Array() : next.value;
        if (first.byteLength < S3_PART_BYTES) {
          await s3.client.send(new s3.sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: first }));
          return { storedName, size: first.byteLength };
        }
        return { storedName, size: await putMultipart(s3, key, first, parts) };
      } finally {
        // Stops reading the upload when S3 refused it part-way (a no-op once the stream has ended).
        await parts.return(undefined);
      }
    },

    async get(storedName) {
      if (!isStoredName(storedName)) return null;
      const { sdk, client } = await load();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(storedName) }));
        if (!object.Body) return null;
        return object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (error) {
        if (isNoSuchKey(error)) return null;
        throw error;
      }
    },

    async delete(storedName) {
      if (!isStoredName(storedName)) return;
      const { sdk, client } = await load();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: keyOf(storedName) }));
      } catch (error) {
        if (!isNoSuchKey(error)) throw error;
      }
    },

    async check() {
      const { sdk, client } = await load();
      await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    },

    async *list() {
      const { sdk, client } = await load();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const storedName = object.Key?.slice(prefix.length) ?? "";
          if (isStoredName(storedName)) yield { storedName, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
