import { describe, expect, it } from "vitest";
import { requireStaffBudget, STAFF_PAGE_LIMIT } from "~/server/accounts/admin-access.server";
import { ATTENTION_PAGE_LIMIT } from "~/server/admin/needs-attention.server";
import { VAT_PAGE_LIMITS } from "~/server/admin/vat-return.server";
import { BOARD_PAGE_LIMIT } from "~/server/admin/production-board.server";
import { answerOf } from "../../tests/setup/route-answer";
import { testContext, testFileDatabase } from "../../tests/setup/test-db";
import { createSignedInStaff, createSignedInUser, siteRequest } from "../../tests/setup/users";
import { BACKUP_NOW_LIMIT, BACKUP_NOW_MESSAGES } from "~/server/admin/backup-now.server";
import { action as adminAction } from "./admin._index";
import { loader as attentionLoader } from "./admin.attention";
import { loader as closuresLoader } from "./admin.closures";
import { loader as dataRequestsLoader } from "./admin.data-requests";
import { loader as auditLoader } from "./admin.audit";
import { loader as auditExportLoader } from "./admin.audit-export";
import { AUDIT_LIMITS } from "~/server/admin/audit-log-view.server";
import { loader as boardLoader } from "./admin.board";
import { loader as vatLoader } from "./admin.vat";
import { loader as vatExportLoader } from "./admin.vat-export";
import { loader as staffDocumentLoader } from "./admin.order-document";
import { loader as buyerDocumentLoader } from "./order-document";
import { DOCUMENT_DOWNLOAD_LIMIT, mayRenderDocument } from "~/server/documents/invoices.server";

const handle = testFileDatabase();

const PAGES = [
  { path: "/admin/vat", loader: vatLoader, bucket: "vat", limit: VAT_PAGE_LIMITS.page },
  { path: "/admin/vat/export.csv", loader: vatExportLoader, bucket: "vat-export", limit: VAT_PAGE_LIMITS.export },
  { path: "/admin/attention", loader: attentionLoader, bucket: "attention", limit: ATTENTION_PAGE_LIMIT },
  { path: "/admin/board", loader: boardLoader, bucket: "board", limit: BOARD_PAGE_LIMIT },
  { path: "/admin/closures", loader: closuresLoader, bucket: "closures", limit: STAFF_PAGE_LIMIT },
  { path: "/admin/audit", loader: auditLoader, bucket: "audit", limit: AUDIT_LIMITS.page },
  { path: "/admin/data-requests", loader: dataRequestsLoader, bucket: "data-requests", limit: STAFF_PAGE_LIMIT },
  { path: "/admin/audit/export.csv", loader: auditExportLoader, bucket: "audit-export", limit: AUDIT_LIMITS.export },
] as const;

describe("the operator's week pages", () => {
  for (const [index, page] of PAGES.entries())
    it(`${page.path} answers staff, then 429 once their budget is spent`, async () => {
      const staff = await createSignedInStaff(handle, `week-page-${index}@swag.example`);
      const get = () =>
        answerOf(page.loader as (args: never) => unknown, {
          request: siteRequest(page.path, { cookie: staff.cookie }),
          ctx: testContext(handle),
        });
      expect((await get()).status, page.path).toBe(200);
      for (let i = 1; i < page.limit.hits; i++)
        await requireStaffBudget(handle.db, { staffId: staff.userId, bucket: page.bucket, limit: page.limit });
      expect((await get()).status, page.path).toBe(429);
    });
});

describe("Back up now on /admin (docs/decisions/083)", () => {
  it("queues a backup for staff, says one is queued already within the minute, then 429 once their budget is spent", async () => {
    const staff = await createSignedInStaff(handle, "back-up-now@swag.example");
    const press = () =>
      answerOf(adminAction as (args: never) => unknown, {
        request: siteRequest("/admin", { method: "POST", cookie: staff.cookie, form: { intent: "backup" } }),
        ctx: testContext(handle),
      });
    expect(await press()).toMatchObject({ status: 200, body: { message: BACKUP_NOW_MESSAGES.queued } });
    expect((await press()).status).toBe(409);
    for (let i = 2; i < BACKUP_NOW_LIMIT.hits; i++)
      await requireStaffBudget(handle.db, { staffId: staff.userId, bucket: "backup-now", limit: BACKUP_NOW_LIMIT });
    expect((await press()).status).toBe(429);
  });

  it("refuses a buyer with the ordinary 404, queuing nothing", async () => {
    const buyer = await createSignedInUser(handle, "not-staff-backup@swag.example");
    const answer = await answerOf(adminAction as (args: never) => unknown, {
      request: siteRequest("/admin", { method: "POST", cookie: buyer.cookie, form: { intent: "backup" } }),
      ctx: testContext(handle),
    });
    expect(answer.status).toBe(404);
  });
});

describe("a credit note's address (docs/decisions/072)", () => {
  const orderId = "00000000-0000-4000-8000-000000000072";
  const number = "CN-2026-000001";
  for (const [who, loader, path] of [
    ["staff", staffDocumentLoader, `/admin/orders/${orderId}/credit-notes/${number}`],
    ["a buyer", buyerDocumentLoader, `/orders/${orderId}/credit-notes/${number}`],
  ] as const)
    it(`answers ${who} 404 for a note they cannot have, then 429 once their document budget is spent`, async () => {
      const user =
        who === "staff"
          ? await createSignedInStaff(handle, "week-page-notes@swag.example")
          : await createSignedInUser(handle, "notes-buyer@swag.example");
      const get = () =>
        answerOf(loader as (args: never) => unknown, {
          request: siteRequest(path, { cookie: user.cookie }),
          params: { id: orderId, number },
          ctx: testContext(handle),
        });
      expect((await get()).status).toBe(404);
      for (let i = 1; i < DOCUMENT_DOWNLOAD_LIMIT.limit; i++) await mayRenderDocument(handle.db, user.userId);
      expect((await get()).status).toBe(429);
    });
});
