import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { ARTWORK_BYTES_PER_DAY } from "~/domain/artwork/artwork-rules";
import { queryRows } from "../platform/db.server";
import { reserveUploadBytes, returnUploadBytes } from "./upload-quota.server";

const handle = testFileDatabase();

const MB = 1024 * 1024;
const used = async (userId: string) =>
  (
    await queryRows<{ count: number }>(
      handle.db,
      sql`select count from rate_limits where key = ${`upload-bytes:${userId}`}`,
    )
  )[0]?.count ?? 0;

describe("reserveUploadBytes", () => {
  it("grants a declared size while the day's allowance covers it, and no more", async () => {
    expect(await reserveUploadBytes(handle.db, { userId: "alice", wanted: { exactly: 150 * MB } })).toBe(150 * MB);
    expect(await reserveUploadBytes(handle.db, { userId: "alice", wanted: { exactly: 50 * MB } })).toBe(50 * MB);
    expect(await reserveUploadBytes(handle.db, { userId: "alice", wanted: { exactly: 1 } })).toBe(0);
    expect(await used("alice")).toBe(ARTWORK_BYTES_PER_DAY);
  });

  it("grants an undeclared size what is left, so uploads side by side cannot overrun the allowance", async () => {
    const grants = await Promise.all(
      Array.from({ length: 6 }, () => reserveUploadBytes(handle.db, { userId: "alice", wanted: { atMost: 50 * MB } })),
    );
    expect(grants.reduce((sum, granted) => sum + granted, 0)).toBe(ARTWORK_BYTES_PER_DAY);
    expect(grants.filter((granted) => granted === 0)).toHaveLength(2);
  });

  it("takes back what an upload did not read", async () => {
    await reserveUploadBytes(handle.db, { userId: "alice", wanted: { exactly: 200 * MB } });
    await returnUploadBytes(handle.db, { userId: "alice", bytes: 50 * MB });
    expect(await used("alice")).toBe(150 * MB);
    expect(await reserveUploadBytes(handle.db, { userId: "alice", wanted: { atMost: 80 * MB } })).toBe(50 * MB);
  });

  it("keeps each user's allowance apart", async () => {
    await reserveUploadBytes(handle.db, { userId: "alice", wanted: { exactly: 200 * MB } });
    expect(await reserveUploadBytes(handle.db, { userId: "bob", wanted: { exactly: 200 * MB } })).toBe(200 * MB);
  });

  it("starts a new allowance 24 hours after the window began", async () => {
    await reserveUploadBytes(handle.db, { userId: "alice", wanted: { exactly: 200 * MB } });
    await handle.db.execute(
      sql`update rate_limits set window_start = now() - interval '25 hours' where key = 'upload-bytes:alice'`,
    );
    expect(await reserveUploadBytes(handle.db, { userId: "alice", wanted: { exactly: 10 * MB } })).toBe(10 * MB);
    expect(await used("alice")).toBe(10 * MB);
  });
});
