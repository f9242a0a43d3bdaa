import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testFileDatabase } from "../../../tests/setup/test-db";
import { queryRows } from "./db.server";
import { atMostEvery, checkDatabase } from "./health.server";

const handle = testFileDatabase({ reset: false });

describe("the migrated database", () => {
  it("has the profiles and order_drafts tables of SPEC.md §3", async () => {
    const rows = await queryRows<{ table_name: string; column_name: string }>(
      handle.db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and table_name in ('profiles', 'order_drafts')`,
    );
    const columns = rows.map((r) => `${r.table_name}.${r.column_name}`);
    expect(columns).toEqual(
      expect.arrayContaining([
        "profiles.user_id",
        "profiles.email",
        "profiles.first_name",
        "profiles.last_name",
        "profiles.avatar_url",
        "order_drafts.id",
        "order_drafts.account_id",
        "order_drafts.user_id",
        "order_drafts.product_id",
        "order_drafts.status",
        "order_drafts.created_at",
        "order_drafts.updated_at",
        "order_drafts.data",
      ]),
    );
  });

  it("refuses a draft status outside the known set", async () => {
    await expect(
      handle.db.execute(
        sql`insert into order_drafts (account_id, user_id, product_id, status) values ('a', 'u', '8', 'bogus')`,
      ),
    ).rejects.toThrow();
  });
});

describe("checkDatabase", () => {
  it("says ok when the head-only count on profiles works", async () => {
    expect(await checkDatabase(handle.db)).toBe("ok");
  });

  it("says reachable but RLS/permissions issue when the table is refused", async () => {
    // Roles belong to the whole PostgreSQL cluster, not to this file's database: a name of its own,
    // dropped after, so that a second run on the same cluster finds none left behind.
    const role = sql.identifier(`swag_reader_${randomBytes(4).toString("hex")}`);
    await handle.db.execute(sql`create role ${role} nologin`);
    await handle.db.execute(sql`revoke all on profiles from public`);
    await handle.db.execute(sql`set role ${role}`);
    try {
      expect(await checkDatabase(handle.db)).toBe("reachable but RLS/permissions issue");
    } finally {
      await handle.db.execute(sql`reset role`);
      await handle.db.execute(sql`drop role ${role}`);
    }
  });

  it("says connection/error when the database is gone", async () => {
    const spare = await createTestDatabase();
    await spare.close();
    expect(await checkDatabase(spare.db)).toBe("connection/error");
  });
});

describe("a public health check", () => {
  it("asks its check at most once a second, however many callers ask", async () => {
    let clock = 0;
    let asked = 0;
    const status = atMostEvery(
      1_000,
      async () => `answer ${++asked}`,
      () => clock,
    );
    expect(await Promise.all([status(), status(), status()])).toEqual(["answer 1", "answer 1", "answer 1"]);
    clock = 999;
    expect(await status()).toBe("answer 1");
    clock = 1_000;
    expect(await status()).toBe("answer 2");
    expect(asked).toBe(2);
  });
});
