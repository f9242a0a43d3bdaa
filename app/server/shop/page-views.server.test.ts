import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { action } from "~/routes/api.page-views";
import { answerOf } from "../../../tests/setup/route-answer";
import { queryRows } from "../platform/db.server";
import { normalisePagePath } from "./page-views.server";

const handle = testFileDatabase();

// navigator.sendBeacon posts a string body as text/plain.
function beacon(body: string) {
  const request = new Request("http://localhost/api/page-views", {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", "x-real-ip": "203.0.113.5", Cookie: "promo_closed=1" },
    body,
  });
  return answerOf(action, { request, ctx: testContext(handle) });
}

describe("normalisePagePath", () => {
  it("keeps a path with its query string and drops a fragment", () => {
    expect(normalisePagePath("/products?search=cap")).toBe("/products?search=cap");
    expect(normalisePagePath("/faqs#samples")).toBe("/faqs");
  });

  it.each([
    undefined,
    42,
    "",
    "products",
    "https://evil.example/",
    "//evil.example",
    "/a\nb",
    "/a\\b",
    `/${"x".repeat(2048)}`,
  ])("refuses %j", (raw) => {
    expect(normalisePagePath(raw)).toBeNull();
  });
});

describe("POST /api/page-views (R-AN-01, A-51)", () => {
  it("stores the path with its query string and nothing else", async () => {
    const response = await beacon(JSON.stringify({ path: "/products?search=cap" }));
    expect(response.status).toBe(204);
    const stored = await queryRows<Record<string, unknown>>(handle.db, sql`select * from page_views`);
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0]!).sort()).toEqual(["created_at", "id", "path"]);
    expect(stored[0]?.path).toBe("/products?search=cap");
  });

  it("has no column that could hold an IP, cookie, user agent or referrer", async () => {
    const columns = await queryRows<{ column_name: string }>(
      handle.db,
      sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = 'page_views'`,
    );
    expect(columns.map((c) => c.column_name).sort()).toEqual(["created_at", "id", "path"]);
  });

  it.each([
    ["not json", "BAD_JSON"],
    [JSON.stringify(null), "BAD_JSON"],
    [JSON.stringify({ path: "https://evil.example/" }), "VALIDATION_FAILED"],
    [JSON.stringify({}), "VALIDATION_FAILED"],
  ])("refuses %j with 400", async (body, code) => {
    const response = await beacon(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code, message: expect.any(String) } });
    expect(await queryRows(handle.db, sql`select 1 from page_views`)).toHaveLength(0);
  });
});
