/**
 * The doors of accounts on credit terms (docs/decisions/085) at the routes: each answers its caller,
 * then 429 once that caller's budget is spent: the account page (120 loads a minute), applying
 * (5 an hour), the statements' PDFs (the documents' budget), staff's pages and their decisions.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { authMember, authOrganization, authSession, creditAccounts } from "#db/schema";
import { requireStaffBudget, STAFF_PAGE_LIMIT } from "~/server/accounts/admin-access.server";
import { DOCUMENT_DOWNLOAD_LIMIT, mayRenderDocument } from "~/server/documents/invoices.server";
import { CREDIT_APPLY_LIMIT, CREDIT_DECISION_LIMIT, CREDIT_PAGE_LIMIT } from "~/server/payments/credit-accounts.server";
import { hitRateLimit } from "~/server/platform/rate-limit.server";
import { answerOf } from "../../tests/setup/route-answer";
import { testContext, testFileDatabase } from "../../tests/setup/test-db";
import { createSignedInStaff, createSignedInUser, siteRequest } from "../../tests/setup/users";
import { action as apply, loader as creditPage } from "./account.credit";
import { loader as statement } from "./account.credit-statement";
import { loader as staffList } from "./admin.credit-accounts";
import { action as decide, loader as staffAccount } from "./admin.credit-account";
import { loader as staffStatement } from "./admin.credit-account-statement";

const handle = testFileDatabase();
const call = (handler: unknown, request: Request, params: Record<string, string> = {}) =>
  answerOf(handler as (args: never) => unknown, { request, params, ctx: testContext(handle) });

async function spend(key: string, limit: number, windowSeconds: number) {
  for (let i = 0; i < limit; i++) await hitRateLimit(handle.db, { key, limit, windowSeconds });
}

/** A signed-in owner acting for their organisation, which has an approved account of £5,000 at 30 days. */
async function ownerWithAccount(name: string) {
  const owner = await createSignedInUser(handle, `${name}@acme.example`);
  const organisationId = `org-${name}`;
  await handle.db
    .insert(authOrganization)
    .values({ id: organisationId, name, slug: organisationId, createdAt: new Date() });
  await handle.db.insert(authMember).values({
    id: `${organisationId}-owner`,
    organizationId: organisationId,
    userId: owner.userId,
    role: "owner",
    createdAt: new Date(),
  });
  return { ...owner, organisationId };
}

async function approve(organisationId: string, staffId: string) {
  await handle.db.insert(creditAccounts).values({
    organizationId: organisationId,
    status: "approved",
    companyName: "Acme Events Ltd",
    companyNumber: "01234567",
    accountsEmail: "accounts@acme.example",
    monthlySpendPence: 200_000,
    appliedBy: staffId,
    appliedAt: new Date(),
    limitPence: 500_000,
    termsDays: 30,
    decidedBy: staffId,
    decidedAt: new Date(),
  });
}

/** The owner's cookie acting for the organisation: better-auth's active organisation on the session. */
async function actingFor(owner: Awaited<ReturnType<typeof ownerWithAccount>>) {
  await handle.db
    .update(authSession)
    .set({ activeOrganizationId: owner.organisationId })
    .where(eq(authSession.userId, owner.userId));
  return owner.cookie;
}

describe("the credit accounts' routes, 429 past their budgets", () => {
  it("/account/credit answers the page, then 429 past the minute's loads", async () => {
    const buyer = await createSignedInUser(handle, "credit-page@acme.example");
    const load = () => call(creditPage, siteRequest("/account/credit", { cookie: buyer.cookie }));
    expect((await load()).status).toBe(200);
    await spend(`credit-page:${buyer.userId}`, CREDIT_PAGE_LIMIT.limit, CREDIT_PAGE_LIMIT.windowSeconds);
    expect((await load()).status).toBe(429);
  });

  it("/account/credit refuses a wrong application, then 429 past the hour's", async () => {
    const owner = await ownerWithAccount("apply-budget");
    const cookie = await actingFor(owner);
    const post = () =>
      call(apply, siteRequest("/account/credit", { method: "POST", cookie, form: { company_name: "" } }));
    expect((await post()).status).toBe(400);
    await spend(`credit-apply:${owner.userId}`, CREDIT_APPLY_LIMIT.limit, CREDIT_APPLY_LIMIT.windowSeconds);
    expect((await post()).status).toBe(429);
  });

  it("/account/credit/statement.pdf and staff's answer the PDF, then 429 past the documents' budget", async () => {
    const staff = await createSignedInStaff(handle, "credit-statement@swag.example");
    const owner = await ownerWithAccount("statement-budget");
    await approve(owner.organisationId, staff.userId);
    const cookie = await actingFor(owner);
    const own = () => call(statement, siteRequest("/account/credit/statement.pdf", { cookie }));
    const staffs = () =>
      call(
        staffStatement,
        siteRequest(`/admin/credit-accounts/${owner.organisationId}/statement.pdf`, { cookie: staff.cookie }),
        { organisationId: owner.organisationId },
      );
    expect((await own()).status).toBe(200);
    expect((await staffs()).status).toBe(200);
    for (let i = 1; i < DOCUMENT_DOWNLOAD_LIMIT.limit; i++) {
      await mayRenderDocument(handle.db, owner.userId);
      await mayRenderDocument(handle.db, staff.userId);
    }
    expect((await own()).status).toBe(429);
    expect((await staffs()).status).toBe(429);
  });

  it("/admin/credit-accounts and one account answer staff, then 429 past the page budget; decisions past theirs", async () => {
    const staff = await createSignedInStaff(handle, "credit-pages@swag.example");
    const owner = await ownerWithAccount("staff-budget");
    await approve(owner.organisationId, staff.userId);
    const params = { organisationId: owner.organisationId };
    const list = () => call(staffList, siteRequest("/admin/credit-accounts", { cookie: staff.cookie }));
    const one = () =>
      call(
        staffAccount,
        siteRequest(`/admin/credit-accounts/${owner.organisationId}`, { cookie: staff.cookie }),
        params,
      );
    const post = () =>
      call(
        decide,
        siteRequest(`/admin/credit-accounts/${owner.organisationId}`, {
          method: "POST",
          cookie: staff.cookie,
          form: { version: "1", decision: "approve", limit: "1", terms: "30" },
        }),
        params,
      );
    expect((await list()).status).toBe(200);
    expect((await one()).status).toBe(200);
    expect((await post()).status).toBe(400);
    await spend(`credit-decision:${staff.userId}`, CREDIT_DECISION_LIMIT.limit, CREDIT_DECISION_LIMIT.windowSeconds);
    expect((await post()).status).toBe(429);
    // The list and the account took two loads of the budget already.
    for (let i = 2; i < STAFF_PAGE_LIMIT.hits; i++)
      await requireStaffBudget(handle.db, {
        staffId: staff.userId,
        bucket: "credit-accounts",
        limit: STAFF_PAGE_LIMIT,
      });
    expect((await list()).status).toBe(429);
    expect((await one()).status).toBe(429);
  });
});
