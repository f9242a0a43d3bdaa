import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3StorageConfig } from "~/server/providers/s3-storage.server";

export type S3Server = {
  /** What createS3Storage needs to reach the server's bucket. */
  config: S3StorageConfig;
  /** The same values as S3_* environment variables. */
  env: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Empties the bucket. */
  clear(): Promise<void>;
  close(): Promise<void>;
};

/** s3rver's own account: it checks request signatures against these keys. */
const S3RVER_KEYS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** A real S3 API (s3rver) on a free loopback port, keeping its bucket in a temporary directory. */
export async function startS3Server(bucket = "swag-uploads"): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3StorageConfig = { bucket, region: "eu-west-2", endpoint, forcePathStyle: true, ...S3RVER_KEYS };
  const client = new S3Client({
    region: config.region,
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
  });
  const keys = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
  };
  return {
    config,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    keys,
    async clear() {
      for (const Key of await keys()) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
