import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startS3Server } from "../../../tests/setup/s3-server";
import { contentName, type FileStorage, isStoredName } from "./file-storage.server";
import { createS3Storage, S3_PART_BYTES } from "./s3-storage.server";
import { checkStorage, createLocalStorage } from "./storage.server";

/**
 * Decision 028: one contract, two drivers. Every case runs against local disk and against S3
 * through a real S3 API on loopback (s3rver), so the app cannot tell which one it was given.
 */

type Driver = {
  storage: FileStorage;
  /** Everything the driver's place holds: file names in the directory, or keys in the bucket. */
  listed(): Promise<string[]>;
  /** What `listed` shows for a stored name. */
  entryOf(storedName: string): string;
  /** Drivers of the same kind that cannot store anything, each for its own reason. */
  unreachable: Record<string, FileStorage>;
  reset(): Promise<void>;
  close(): Promise<void>;
};

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const address = server.address();
  await new Promise<void>((closed) => server.close(() => closed()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function localDriver(): Promise<Driver> {
  const root = mkdtempSync(join(tmpdir(), "storage-contract-"));
  const dir = join(root, "uploads");
  const notADirectory = join(root, "a-file");
  writeFileSync(notADirectory, "");
  return {
    storage: createLocalStorage(dir),
    listed: async () => {
      try {
        return readdirSync(dir).sort();
      } catch {
        return [];
      }
    },
    entryOf: (storedName) => storedName,
    unreachable: { "a directory that cannot be made": createLocalStorage(join(notADirectory, "uploads")) },
    reset: async () => rmSync(dir, { recursive: true, force: true }),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Driver(): Promise<Driver> {
  const server = await startS3Server();
  return {
    storage: createS3Storage(server.config),
    listed: () => server.keys(),
    entryOf: (storedName) => `uploads/${storedName}`,
    unreachable: {
      "an endpoint that does not answer": createS3Storage({
        ...server.config,
        endpoint: `http://127.0.0.1:${await closedPort()}`,
      }),
      "a bucket that does not exist": createS3Storage({ ...server.config, bucket: "no-such-bucket" }),
    },
    reset: () => server.clear(),
    close: () => server.close(),
  };
}

/** `size` bytes that differ from part to part, in chunks of `chunk`, as a request body arrives. */
function bytesStream(size: number, chunk = 64 * 1024, failAfter?: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (failAfter !== undefined && sent >= failAfter) {
        controller.error(new Error("the upload was cut off"));
        return;
      }
      if (sent >= size) {
        controller.close();
        return;
      }
      const length = Math.min(chunk, size - sent);
      const bytes = new Uint8Array(length);
      for (let i = 0; i < length; i += 1) bytes[i] = (sent + i) % 251;
      sent += length;
      controller.enqueue(bytes);
    },
  });
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function readAll(stream: ReadableStream<Uint8Array> | null): Promise<Uint8Array | null> {
  if (!stream) return null;
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function expectedBytes(size: number): Promise<Uint8Array> {
  return (await readAll(bytesStream(size))) ?? new Uint8Array();
}

describe.each([
  { name: "local disk", start: localDriver },
  { name: "S3 (s3rver on loopback)", start: s3Driver },
])("FileStorage on $name", ({ start }) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await start();
  });
  afterAll(async () => {
    await driver?.close();
  });
  beforeEach(async () => {
    await driver.reset();
  });

  it("gives back the bytes it was given", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 a small file");
    const stored = await driver.storage.put(new Blob([bytes]).stream());
    expect(stored.size).toBe(bytes.byteLength);
    expect(await readAll(await driver.storage.get(stored.storedName))).toEqual(bytes);
    expect(await driver.listed()).toEqual([driver.entryOf(stored.storedName)]);
  });

  it("stores an empty file as zero bytes", async () => {
    const stored = await driver.storage.put(new Blob([]).stream());
    expect(stored.size).toBe(0);
    expect(await readAll(await driver.storage.get(stored.storedName))).toEqual(new Uint8Array());
    expect(await driver.listed()).toEqual([driver.entryOf(stored.storedName)]);
  });

  it("streams a file of many megabytes, larger than one S3 part, byte for byte", async () => {
    const size = 2 * S3_PART_BYTES + 123_457;
    const stored = await driver.storage.put(bytesStream(size));
    expect(stored.size).toBe(size);
    const back = await readAll(await driver.storage.get(stored.storedName));
    expect(back?.byteLength).toBe(size);
    expect(sha256(back ?? new Uint8Array())).toBe(sha256(await expectedBytes(size)));
  });

  it("stores a file that ends exactly on an S3 part boundary", async () => {
    const stored = await driver.storage.put(bytesStream(S3_PART_BYTES));
    expect(stored.size).toBe(S3_PART_BYTES);
    const back = await readAll(await driver.storage.get(stored.storedName));
    expect(sha256(back ?? new Uint8Array())).toBe(sha256(await expectedBytes(S3_PART_BYTES)));
  });

  it.each([
    ["within its first megabyte", 512 * 1024],
    ["after more than one S3 part", S3_PART_BYTES + 1024 * 1024],
  ])("leaves nothing behind when the stream fails %s", async (_when, failAfter) => {
    await expect(driver.storage.put(bytesStream(50 * 1024 * 1024, 64 * 1024, failAfter))).rejects.toThrow(
      "the upload was cut off",
    );
    expect(await driver.listed()).toEqual([]);
  });

  it("names every file with a new random UUID", async () => {
    const first = await driver.storage.put(new Blob(["same bytes"]).stream());
    const second = await driver.storage.put(new Blob(["same bytes"]).stream());
    expect(first.storedName).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.storedName).not.toBe(first.storedName);
    expect(await driver.listed()).toEqual([driver.entryOf(first.storedName), driver.entryOf(second.storedName)].sort());
  });

  it("stores bytes under the name made from them when asked, and the same bytes again keep one file", async () => {
    const bytes = new TextEncoder().encode("a picture's render");
    const name = contentName(bytes);
    expect(isStoredName(name)).toBe(true);
    expect(contentName(new TextEncoder().encode("another render"))).not.toBe(name);
    const first = await driver.storage.put(new Blob([bytes]).stream(), { name });
    const again = await driver.storage.put(new Blob([bytes]).stream(), { name });
    expect([first.storedName, again.storedName]).toEqual([name, name]);
    expect(await readAll(await driver.storage.get(name))).toEqual(bytes);
    expect(await driver.listed()).toEqual([driver.entryOf(name)]);
    // A name that is not a stored name is not used: the file gets a random one.
    const odd = await driver.storage.put(new Blob([bytes]).stream(), { name: "../escape" });
    expect(odd.storedName).not.toBe("../escape");
    expect(isStoredName(odd.storedName)).toBe(true);
  });

  it("answers null for a name it never gave, or one that is not a stored name", async () => {
    const stored = await driver.storage.put(new Blob(["kept"]).stream());
    expect(await driver.storage.get("0b0e7a52-3c1e-4d8b-9a51-6f7c0d2e9b11")).toBeNull();
    for (const name of ["", "../uploads", `../${stored.storedName}`, `uploads/${stored.storedName}`, "x".repeat(36)])
      expect(await driver.storage.get(name)).toBeNull();
    expect(await driver.storage.get(stored.storedName.toUpperCase())).toBeNull();
    expect(isStoredName(stored.storedName)).toBe(true);
  });

  it("deletes a file, and deleting it again (or a name it never gave) is fine", async () => {
    const kept = await driver.storage.put(new Blob(["kept"]).stream());
    const gone = await driver.storage.put(new Blob(["gone"]).stream());
    await driver.storage.delete(gone.storedName);
    await driver.storage.delete(gone.storedName);
    await driver.storage.delete("../etc/passwd");
    expect(await driver.storage.get(gone.storedName)).toBeNull();
    expect(await driver.listed()).toEqual([driver.entryOf(kept.storedName)]);
  });

  it("lists every stored file with its size, and nothing else beside them", async () => {
    const listAll = async () => {
      const found: { storedName: string; size: number }[] = [];
      for await (const file of driver.storage.list()) found.push(file);
      return found.sort((a, b) => a.storedName.localeCompare(b.storedName));
    };
    expect(await listAll()).toEqual([]);
    const small = await driver.storage.put(new Blob(["four"]).stream());
    const large = await driver.storage.put(bytesStream(S3_PART_BYTES + 5));
    const gone = await driver.storage.put(new Blob(["gone"]).stream());
    await driver.storage.delete(gone.storedName);
    expect(await listAll()).toEqual(
      [
        { storedName: small.storedName, size: 4 },
        { storedName: large.storedName, size: S3_PART_BYTES + 5 },
      ].sort((a, b) => a.storedName.localeCompare(b.storedName)),
    );
  });

  it("is ready when files can be stored", async () => {
    await expect(driver.storage.check()).resolves.toBeUndefined();
    expect(await checkStorage(driver.storage)).toBe("ok");
  });

  it("is not ready when files cannot be stored, and says why only in the server's log", async () => {
    const cases = Object.entries(driver.unreachable);
    expect(cases.length).toBeGreaterThan(0);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const [why, storage] of cases) {
        await expect(storage.check(), why).rejects.toThrow();
        log.mockClear();
        expect(await checkStorage(storage), why).toBe("unreachable");
        expect(log, why).toHaveBeenCalledWith("[storage] not ready:", expect.any(Error));
      }
    } finally {
      log.mockRestore();
    }
  });
});
