import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { nextDocumentNumber } from "./document-numbers.server";

// Decision 019: invoice numbers run without gaps or repeats, also under concurrency and rollbacks.

const handle = testFileDatabase();
const at = new Date("2026-11-26T10:00:00Z");

describe("nextDocumentNumber", () => {
  it("counts each kind on its own, from 1, in the London year", async () => {
    const take = (kind: "invoice" | "quote", now = at) =>
      handle.db.transaction((tx) => nextDocumentNumber(tx, { kind, now }));
    expect(await take("invoice")).toBe("INV-2026-000001");
    expect(await take("invoice")).toBe("INV-2026-000002");
    expect(await take("quote")).toBe("Q-2026-000001");
    expect(await take("invoice", new Date("2027-01-01T00:30:00Z"))).toBe("INV-2027-000001");
    expect(await take("invoice")).toBe("INV-2026-000003");
  });

  it("gives a rolled-back number back, so none is skipped", async () => {
    await handle.db.transaction((tx) => nextDocumentNumber(tx, { kind: "invoice", now: at }));
    await expect(
      handle.db.transaction(async (tx) => {
        await nextDocumentNumber(tx, { kind: "invoice", now: at });
        throw new Error("payment event failed after numbering");
      }),
    ).rejects.toThrow("payment event failed");
    expect(await handle.db.transaction((tx) => nextDocumentNumber(tx, { kind: "invoice", now: at }))).toBe(
      "INV-2026-000002",
    );
  });

  it("never repeats and leaves no gap under concurrent issuers, some of which roll back", async () => {
    const issued: string[] = [];
    const attempts = Array.from({ length: 24 }, (_, i) =>
      handle.db
        .transaction(async (tx) => {
          const number = await nextDocumentNumber(tx, { kind: "invoice", now: at });
          await tx.execute(sql`select pg_sleep(0.005)`);
          if (i % 4 === 3) throw new Error("rolled back");
          issued.push(number);
        })
        .catch((error: Error) => {
          if (error.message !== "rolled back") throw error;
        }),
    );
    await Promise.all(attempts);
    expect(issued).toHaveLength(18);
    expect([...issued].sort()).toEqual(
      Array.from({ length: 18 }, (_, i) => `INV-2026-${String(i + 1).padStart(6, "0")}`),
    );
  });
});
