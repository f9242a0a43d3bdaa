/**
 * The data rights' routes (docs/decisions/084) at their own doors: each answers its caller, then 429
 * once that caller's budget is spent: asking for a copy (3 a day), deleting an account (5 tries an
 * hour), downloading a copy (20 an hour), the person's own and staff's alike, and rendering the page
 * a deleted account lands on (60 a minute per client address).
 */
import { describe, expect, it } from "vitest";
import { dataExports, rateLimits } from "#db/schema";
import {
  ACCOUNT_DELETED_PAGE_LIMIT,
  ACCOUNT_DELETION_HOURLY_LIMIT,
  DATA_EXPORT_DAILY_LIMIT,
} from "~/domain/orders/data-rights";
import { hitRateLimit } from "~/server/platform/rate-limit.server";
import { DATA_EXPORT_DOWNLOAD_LIMIT } from "~/server/admin/data-exports.server";
import { answerOf } from "../../tests/setup/route-answer";
import { testContext, testFileDatabase } from "../../tests/setup/test-db";
import { createSignedInStaff, createSignedInUser, siteRequest } from "../../tests/setup/users";
import { action as askForCopy } from "./account.data";
import { loader as downloadCopy } from "./account.data-download";
import { action as deleteAccount } from "./account.delete";
import { loader as staffDownload } from "./admin.data-export-download";
import { loader as accountDeleted } from "./account-deleted";

const handle = testFileDatabase();
const NOBODY = "00000000-0000-4000-8000-000000000084";
const call = (handler: unknown, request: Request, params: Record<string, string> = {}) =>
  answerOf(handler as (args: never) => unknown, { request, params, ctx: testContext(handle) });

/** Spends what is left of a budget, as that many earlier requests would have. */
async function spend(key: string, limit: number, windowSeconds: number) {
  for (let i = 0; i < limit; i++) await hitRateLimit(handle.db, { key, limit, windowSeconds });
}

describe("the data rights' routes, 429 past their budgets", () => {
  it("/account/data asks for a copy, then 429 past the day's", async () => {
    const buyer = await createSignedInUser(handle, "copy-budget@acme.example");
    const ask = () =>
      call(
        askForCopy,
        siteRequest("/account/data", { method: "POST", cookie: buyer.cookie, form: { intent: "export" } }),
      );
    expect((await ask()).status).toBe(200);
    await handle.db.delete(rateLimits);
    await spend(`data-export:${buyer.userId}`, DATA_EXPORT_DAILY_LIMIT, 86_400);
    // The copy being prepared is answered again; once it is not, the budget speaks.
    await handle.db.update(dataExports).set({ status: "failed" });
    expect((await ask()).status).toBe(429);
  });

  it("/account/delete refuses a wrong password, then 429 past the hour's tries, the account kept", async () => {
    const buyer = await createSignedInUser(handle, "delete-budget@acme.example");
    const attempt = () =>
      call(
        deleteAccount,
        siteRequest("/account/delete", {
          method: "POST",
          cookie: buyer.cookie,
          form: { password: "not it at all", confirm: "yes" },
        }),
      );
    expect((await attempt()).status).toBe(403);
    await spend(`account-delete:${buyer.userId}`, ACCOUNT_DELETION_HOURLY_LIMIT, 3600);
    expect((await attempt()).status).toBe(429);
  });

  it("/account/data/:id and /admin/data-requests/exports/:id answer 404 for no copy, then 429 past the hour's downloads", async () => {
    const buyer = await createSignedInUser(handle, "download-budget@acme.example");
    const staff = await createSignedInStaff(handle, "download-budget@swag.example");
    const own = () =>
      call(downloadCopy, siteRequest(`/account/data/${NOBODY}`, { cookie: buyer.cookie }), { id: NOBODY });
    const staffs = () =>
      call(staffDownload, siteRequest(`/admin/data-requests/exports/${NOBODY}`, { cookie: staff.cookie }), {
        id: NOBODY,
      });
    expect((await own()).status).toBe(404);
    expect((await staffs()).status).toBe(404);
    const { limit, windowSeconds } = DATA_EXPORT_DOWNLOAD_LIMIT;
    await spend(`data-export-download:${buyer.userId}`, limit, windowSeconds);
    await spend(`data-export-download:staff:${staff.userId}`, limit, windowSeconds);
    expect((await own()).status).toBe(429);
    expect((await staffs()).status).toBe(429);
  });

  it("/account-deleted renders for an address, then 429 past the minute's renders", async () => {
    const first = siteRequest("/account-deleted");
    const ip = first.headers.get("x-real-ip") ?? "";
    const render = (request = new Request(first.url, { headers: first.headers })) => call(accountDeleted, request);
    expect((await render(first)).status).toBe(200);
    const { hits, windowSeconds } = ACCOUNT_DELETED_PAGE_LIMIT;
    await spend(`account-deleted:${ip}`, hits, windowSeconds);
    expect((await render()).status).toBe(429);
    // Another address is not held up by the first's.
    expect((await call(accountDeleted, siteRequest("/account-deleted"))).status).toBe(200);
  });
});
