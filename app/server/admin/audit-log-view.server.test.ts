/**
 * The audit log (docs/decisions/081-audit-log.md) as the table keeps it and staff read it: no
 * entry changed or deleted before six years, whatever the application asks; filters by subject,
 * staff, words and London days; pages of 100; the CSV of what matches.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents } from "#db/schema";
import { AUDIT_PAGE_SIZE, readAuditFilters } from "~/domain/core/audit";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { recordAudit } from "../platform/audit-log.server";
import { auditCsv, auditPage } from "./audit-log-view.server";

const handle = testFileDatabase();
const olive = { id: "staff-olive", email: "olive@swag.example", address: "203.0.113.7" };
const filters = (query: string) => readAuditFilters(new URLSearchParams(query));

async function statusChange(orderNumber: string, at?: string) {
  await recordAudit(handle.db, olive, {
    action: "order.status",
    subject: { kind: "order", id: `id-${orderNumber}` },
    summary: `Order ${orderNumber}: "Paid" to "In production"`,
    before: { status: "paid" },
    after: { status: "in_production" },
  });
  if (at) await handle.db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
  if (at) {
    await handle.db.execute(sql`update audit_events set at = ${at} where subject_id = ${`id-${orderNumber}`}`);
    await handle.db.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  }
}

describe("the audit log's table", () => {
  it("refuses to change or delete an entry, so the application cannot rewrite what staff did", async () => {
    await statusChange("SS-000001");
    await expect(handle.db.execute(sql`update audit_events set summary = 'nothing happened'`)).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    expect(await handle.db.select().from(auditEvents)).toHaveLength(1);
  });
});

describe("reading the log", () => {
  it("filters by subject, staff, words or id and London days, newest first", async () => {
    await statusChange("SS-000001", "2026-11-02T10:00:00Z");
    await statusChange("SS-000002", "2026-11-03T23:30:00Z"); // 3 November in London (GMT)
    await recordAudit(
      handle.db,
      { id: null },
      {
        action: "staff.grant",
        subject: { kind: "staff", id: "user-9" },
        summary: "nine@swag.example made staff",
      },
    );
    const summaries = async (query: string) =>
      (await auditPage(handle.db, filters(query))).events.map((event) => event.summary);
    expect(await summaries("")).toEqual([
      "nine@swag.example made staff",
      'Order SS-000002: "Paid" to "In production"',
      'Order SS-000001: "Paid" to "In production"',
    ]);
    expect(await summaries("subject=staff")).toEqual(["nine@swag.example made staff"]);
    expect(await summaries("staff=OLIVE@")).toHaveLength(2);
    expect(await summaries("q=SS-000002")).toEqual(['Order SS-000002: "Paid" to "In production"']);
    expect(await summaries("q=id-SS-000001")).toEqual(['Order SS-000001: "Paid" to "In production"']);
    // A % or _ typed is a character, not a wildcard.
    expect(await summaries("q=%25")).toEqual([]);
    expect(await summaries("from=2026-11-03&to=2026-11-03&subject=order")).toEqual([
      'Order SS-000002: "Paid" to "In production"',
    ]);
    const granted = (await auditPage(handle.db, filters("subject=staff"))).events[0];
    expect(granted).toMatchObject({ who: "Command line", address: null });
  });

  it("pages 100 at a time by the last id shown", async () => {
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) await statusChange(`SS-${String(i).padStart(6, "0")}`);
    const first = await auditPage(handle.db, filters(""));
    expect(first.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.next).toBe(first.events.at(-1)!.id);
    const second = await auditPage(handle.db, filters(`before=${first.next}`));
    expect(second).toMatchObject({ next: null });
    expect(second.events).toHaveLength(5);
  });

  it("downloads what matches as CSV, before and after as JSON, a formula never run", async () => {
    await recordAudit(handle.db, olive, {
      action: "order.cancel",
      subject: { kind: "order", id: "id-1" },
      summary: '=HYPERLINK("http://evil.example")',
      before: { status: "paid" },
      after: { status: "cancelled" },
    });
    const csv = await auditCsv(handle.db, filters("subject=order"));
    const [header, row] = csv.split("\r\n");
    expect(header).toBe("When,Who,Address,Action,Subject,Subject id,What,Before,After");
    expect(row).toContain("olive@swag.example,203.0.113.7,order.cancel,order,id-1,");
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(row).toContain(`"{""status"":""paid""}","{""status"":""cancelled""}"`);
  });
});
