import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { authSession, authUser, orders } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { answerOf } from "../../../tests/setup/route-answer";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { parseEnv } from "../platform/env.server";
import type { AccountsContext } from "./auth.server";
import * as layout from "~/routes/admin";
import * as home from "~/routes/admin._index";
import * as inbox from "~/routes/admin.inbox";
import * as inboxExport from "~/routes/admin.inbox-export";
import * as orderPage from "~/routes/admin.order";
import * as artwork from "~/routes/admin.order-artwork";
import * as proof from "~/routes/admin.order-proof";
import * as orderList from "~/routes/admin.orders";
import * as ordersExport from "~/routes/admin.orders-export";
import * as problemPhoto from "~/routes/admin.problem-photo";
import * as problemReports from "~/routes/admin.problem-reports";
import * as customers from "~/routes/admin.customers";
import * as products from "~/routes/admin.products";
import * as product from "~/routes/admin.product";
import * as productPictures from "~/routes/admin.product-pictures";
import * as productsExport from "~/routes/admin.products-export";
import * as productNew from "~/routes/admin.product-new";
import * as productsImport from "~/routes/admin.products-import";
import * as importStatus from "~/routes/admin.products-import-status";
import { IMPORT_UPLOAD_LIMIT } from "../admin/catalogue-import.server";
import * as customer from "~/routes/admin.customer";
import * as jobSheet from "~/routes/admin.order-job-sheet";
import { grantStaffRole } from "./admin-staff.server";
import { ORDERS_EXPORT_LIMIT } from "../admin/admin-order-list.server";
import { STAFF_PROBLEM_LIMITS } from "../aftercare/problem-reports.server";
import { requireStaffBudget, STAFF_PAGE_LIMIT } from "./admin-access.server";

const handle = testFileDatabase();
/** The test shop whose STAFF_EMAILS lists one address, written as an operator might. */
let ctx: AccountsContext;

beforeAll(() => {
  ctx = { ...testContext(handle), staffEmails: parseEnv({ STAFF_EMAILS: "Boot@Swag.example" }).STAFF_EMAILS };
});

/** Confirms the address the way a code or link does: through better-auth, whose hook records when. */
async function confirmEmail(userId: string) {
  const auth = handle.auth;
  await (await auth.$context).internalAdapter.updateUser(userId, { emailVerified: true });
}

async function turnOnTwoStep(userId: string) {
  await handle.db.update(authUser).set({ twoFactorEnabled: true }).where(eq(authUser.id, userId));
}

async function signedInStaff(email = "ops@swag.example", options = { twoStep: true }) {
  const user = await createSignedInUser(handle, email);
  await confirmEmail(user.userId);
  const granted = await grantStaffRole(handle.db, email);
  if (!granted.ok) throw new Error(granted.message);
  if (options.twoStep) await turnOnTwoStep(user.userId);
  return user;
}

async function signedInHoursAgo(userId: string, hours: number) {
  await handle.db
    .update(authSession)
    .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
    .where(eq(authSession.userId, userId));
}

async function roleOf(userId: string) {
  const [row] = await handle.db.select({ role: authUser.role }).from(authUser).where(eq(authUser.id, userId));
  return row?.role ?? null;
}

type Args = { request: Request; params?: Record<string, string> };

/** The HTTP status a loader or action answers with, thrown or returned. */
async function statusOf(handler: (args: never) => unknown, args: Args): Promise<number> {
  return (await answerOf(handler, { ...args, ctx })).status;
}

/** Every staff URL with a real order, proof-less (downloads 404 for staff too, by design: there is no file). */
async function everyAdminEndpoint(cookie: string | undefined, orderId: string) {
  const get = (path: string) => siteRequest(path, { cookie });
  const post = (path: string, form: Record<string, string>) => siteRequest(path, { cookie, form });
  return {
    layout: await statusOf(layout.loader, { request: get("/admin"), params: {} }),
    list: await statusOf(orderList.loader, { request: get("/admin/orders"), params: {} }),
    order: await statusOf(orderPage.loader, {
      request: get(`/admin/orders/${orderId}`),
      params: { id: orderId },
    }),
    change: await statusOf(orderPage.action, {
      request: post(`/admin/orders/${orderId}`, { intent: "cancel", version: "1", reason: "Event called off" }),
      params: { id: orderId },
    }),
    inbox: await statusOf(inbox.loader, { request: get("/admin/inbox/sms"), params: { kind: "sms" } }),
    csv: await statusOf(inboxExport.loader, {
      request: get("/admin/inbox/sms/export.csv"),
      params: { kind: "sms" },
    }),
  };
}

describe("who reaches /admin", () => {
  it("answers 404 everywhere to a signed-out visitor and to a buyer, even for the buyer's own order, and changes nothing", async () => {
    const buyer = await createSignedInUser(handle, "buyer@acme.example");
    await confirmEmail(buyer.userId);
    const order = await insertPaidOrder(handle.db, {
      userId: buyer.userId,
      email: "buyer@acme.example",
      company: "Acme",
    });
    const all404 = { layout: 404, list: 404, order: 404, change: 404, inbox: 404, csv: 404 };

    expect(await everyAdminEndpoint(undefined, order.id)).toEqual(all404);
    expect(await everyAdminEndpoint(buyer.cookie, order.id)).toEqual(all404);
    expect(
      await statusOf(home.loader, {
        request: siteRequest("/admin", { cookie: buyer.cookie }),
        params: {},
      }),
    ).toBe(404);
    const fileArgs = (path: string, params: Record<string, string>) => ({
      request: siteRequest(path, { cookie: buyer.cookie }),
      params,
    });
    expect(
      await statusOf(proof.loader, fileArgs(`/admin/orders/${order.id}/proofs/1`, { id: order.id, version: "1" })),
    ).toBe(404);
    expect(
      await statusOf(
        artwork.loader,
        fileArgs(`/admin/orders/${order.id}/artwork/${order.id}`, { id: order.id, fileId: order.id }),
      ),
    ).toBe(404);

    const [after] = await handle.db.select().from(orders);
    expect(after?.status).toBe("paid");
    expect(after?.version).toBe(1);
  });

  it("lets staff in everywhere", async () => {
    const buyer = await createSignedInUser(handle, "buyer@acme.example");
    const order = await insertPaidOrder(handle.db, {
      userId: buyer.userId,
      email: "buyer@acme.example",
      company: "Acme",
    });
    const staff = await signedInStaff();
    expect(await everyAdminEndpoint(staff.cookie, order.id)).toEqual({
      layout: 200,
      list: 200,
      order: 200,
      change: 200,
      inbox: 200,
      csv: 200,
    });
    // /admin is the page of what waits for staff (decision 026).
    expect(
      await statusOf(home.loader, {
        request: siteRequest("/admin", { cookie: staff.cookie }),
        params: {},
      }),
    ).toBe(200);
  });

  it("404s a staff member's request for an order or inbox that does not exist", async () => {
    const staff = await signedInStaff();
    const missing = "00000000-0000-4000-8000-000000000000";
    const args = (path: string, params: Record<string, string>) => ({
      request: siteRequest(path, { cookie: staff.cookie }),
      params,
    });
    expect(await statusOf(orderPage.loader, args(`/admin/orders/${missing}`, { id: missing }))).toBe(404);
    expect(await statusOf(orderPage.loader, args("/admin/orders/not-a-uuid", { id: "not-a-uuid" }))).toBe(404);
    expect(await statusOf(inbox.loader, args("/admin/inbox/orders", { kind: "orders" }))).toBe(404);
    expect(await statusOf(proof.loader, args(`/admin/orders/${missing}/proofs/1`, { id: missing, version: "1" }))).toBe(
      404,
    );
  });
});

describe("what staff need beyond the role", () => {
  it("shows staff without two-step sign-in a 403 page that says to turn it on, everywhere, and changes nothing", async () => {
    const buyer = await createSignedInUser(handle, "buyer@acme.example");
    const order = await insertPaidOrder(handle.db, {
      userId: buyer.userId,
      email: "buyer@acme.example",
      company: "Acme",
    });
    const staff = await signedInStaff("ops@swag.example", { twoStep: false });
    expect(await everyAdminEndpoint(staff.cookie, order.id)).toEqual({
      layout: 403,
      list: 403,
      order: 403,
      change: 403,
      inbox: 403,
      csv: 403,
    });
    const refusal = await answerOf(layout.loader, {
      request: siteRequest("/admin", { cookie: staff.cookie }),
      ctx,
    });
    expect(refusal).toMatchObject({
      status: 403,
      body: { notice: { title: "Turn on two-step sign-in", link: { href: "/account#twofa-heading" } } },
    });
    expect(refusal.headers.get("Cache-Control")).toBe("private, no-store");
    const [after] = await handle.db.select().from(orders);
    expect(after?.status).toBe("paid");

    await turnOnTwoStep(staff.userId);
    expect(
      await statusOf(orderList.loader, {
        request: siteRequest("/admin/orders", { cookie: staff.cookie }),
        params: {},
      }),
    ).toBe(200);
  });

  it("gives a buyer without two-step sign-in the ordinary 404, not the staff page", async () => {
    const buyer = await createSignedInUser(handle, "buyer@acme.example");
    await confirmEmail(buyer.userId);
    expect(
      await statusOf(orderList.loader, {
        request: siteRequest("/admin/orders", { cookie: buyer.cookie }),
        params: {},
      }),
    ).toBe(404);
  });

  it("sends staff whose sign-in is 12 hours old to sign in again, and ends that session", async () => {
    const staff = await signedInStaff();
    await signedInHoursAgo(staff.userId, 11.9);
    const args = () => ({
      request: siteRequest("/admin/inbox/sms?x=1", { cookie: staff.cookie }),
      params: { kind: "sms" },
    });
    expect(await statusOf(inbox.loader, args())).toBe(200);

    await signedInHoursAgo(staff.userId, 12);
    const redirect = await answerOf(inbox.loader, { ...args(), ctx });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/sign-in?redirectTo=%2Fadmin%2Finbox%2Fsms%3Fx%3D1");
    expect(redirect.headers.get("Set-Cookie")).toMatch(/session_token=;/);
    expect(await handle.db.select().from(authSession).where(eq(authSession.userId, staff.userId))).toEqual([]);
    expect(await statusOf(inbox.loader, args())).toBe(404);
  });
});

describe("the staff role is granted only on the server", () => {
  it("takes no role from sign-up or a profile update, even in the server's own calls to better-auth", async () => {
    // /api/auth/* serves none of these (api.auth.test.ts); this is the layer below.
    const auth = handle.auth;
    const signUp = auth.api.signUpEmail({
      body: { email: "sneaky@acme.example", password: "marmalade skyline 42", name: "Sneaky", role: "staff" } as never,
    });
    await expect(signUp).rejects.toMatchObject({ statusCode: 400 });
    expect(await handle.db.select().from(authUser).where(eq(authUser.email, "sneaky@acme.example"))).toEqual([]);

    const buyer = await createSignedInUser(handle, "buyer@acme.example");
    const update = auth.api.updateUser({
      body: { role: "staff" } as never,
      headers: new Headers({ cookie: buyer.cookie }),
    });
    await expect(update).rejects.toMatchObject({ statusCode: 400 });
    expect(await roleOf(buyer.userId)).not.toBe("staff");
  });

  it("grants only confirmed accounts from the command line", async () => {
    expect(await grantStaffRole(handle.db, "nobody@acme.example")).toMatchObject({ ok: false, reason: "no-account" });
    const user = await createSignedInUser(handle, "new@acme.example");
    expect(await grantStaffRole(handle.db, "new@acme.example")).toMatchObject({ ok: false, reason: "unverified" });
    expect(await roleOf(user.userId)).not.toBe("staff");
    await confirmEmail(user.userId);
    expect(await grantStaffRole(handle.db, "NEW@acme.example")).toMatchObject({ ok: true, alreadyStaff: false });
    expect(await roleOf(user.userId)).toBe("staff");
    expect(await grantStaffRole(handle.db, "new@acme.example")).toMatchObject({ ok: true, alreadyStaff: true });
  });

  it("makes a STAFF_EMAILS address staff once its e-mail is confirmed, and no other", async () => {
    const listed = await createSignedInUser(handle, "boot@swag.example");
    const args = (cookie: string) => ({ request: siteRequest("/admin/orders", { cookie }), params: {} });
    // Anyone can sign up with a listed address; only confirming it proves it is theirs.
    expect(await statusOf(orderList.loader, args(listed.cookie))).toBe(404);
    expect(await roleOf(listed.userId)).not.toBe("staff");

    await confirmEmail(listed.userId);
    // Staff now, told to turn on two-step sign-in before the back office opens.
    expect(await statusOf(orderList.loader, args(listed.cookie))).toBe(403);
    expect(await roleOf(listed.userId)).toBe("staff");
    await turnOnTwoStep(listed.userId);
    expect(await statusOf(orderList.loader, args(listed.cookie))).toBe(200);

    const other = await createSignedInUser(handle, "boot2@swag.example");
    await confirmEmail(other.userId);
    await turnOnTwoStep(other.userId);
    expect(await statusOf(orderList.loader, args(other.cookie))).toBe(404);
  });

  it("does not make a STAFF_EMAILS address staff when its password was set after the address was last proven", async () => {
    const listed = await createSignedInUser(handle, "boot@swag.example");
    await confirmEmail(listed.userId);
    await turnOnTwoStep(listed.userId);
    // Whoever holds a session can set a new password; that proves nothing about the mailbox.
    const auth = handle.auth;
    await auth.api.changePassword({
      body: { currentPassword: "marmalade skyline 42", newPassword: "lighthouse porridge 77" },
      headers: new Headers({ cookie: listed.cookie }),
    });
    const args = { request: siteRequest("/admin/orders", { cookie: listed.cookie }), params: {} };
    expect(await statusOf(orderList.loader, args)).toBe(404);
    expect(await roleOf(listed.userId)).not.toBe("staff");

    // Proving the address again (a code or link) counts again.
    await confirmEmail(listed.userId);
    expect(await statusOf(orderList.loader, args)).toBe(200);
    expect(await roleOf(listed.userId)).toBe("staff");
  });

  it("does not count an address confirmed without a recorded proof", async () => {
    // A row marked verified by anything but better-auth's code or link (an older database, a
    // hand edit) has no proof time, so the bootstrap cannot tell when it happened.
    const listed = await createSignedInUser(handle, "boot@swag.example");
    await handle.db
      .update(authUser)
      .set({ emailVerified: true, twoFactorEnabled: true })
      .where(eq(authUser.id, listed.userId));
    const args = { request: siteRequest("/admin/orders", { cookie: listed.cookie }), params: {} };
    expect(await statusOf(orderList.loader, args)).toBe(404);
    await confirmEmail(listed.userId);
    expect(await statusOf(orderList.loader, args)).toBe(200);
  });
});

describe("a staff member's budget for costly pages", () => {
  it("lets each staff member through their own budget, then answers 429 with when to retry", async () => {
    const limit = { hits: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await requireStaffBudget(handle.db, { staffId: "staff-a", bucket: "export", limit });
    const refused = await requireStaffBudget(handle.db, { staffId: "staff-a", bucket: "export", limit }).catch(
      (thrown) => thrown,
    );
    expect(refused).toMatchObject({ init: { status: 429 } });
    expect(refused.data.error.message).toBe("Too many requests: wait a minute and try again.");
    expect(Number(new Headers(refused.init.headers).get("Retry-After"))).toBeGreaterThan(0);
    // Another staff member, or another page, has a budget of its own.
    await requireStaffBudget(handle.db, { staffId: "staff-b", bucket: "export", limit });
    await requireStaffBudget(handle.db, { staffId: "staff-a", bucket: "quotes", limit });
  });
});

describe("the back office's downloads and problem reports spend a budget per staff member", () => {
  it("answers 429 once the orders' CSV, the problem reports' list, resolving, a photo, the customer search, the products' list, CSV, editor or pictures, an account or a job sheet has spent its own", async () => {
    const staff = await signedInStaff("budgets@swag.example");
    const nobody = "00000000-0000-4000-8000-000000000000";
    const get = (path: string) => siteRequest(path, { cookie: staff.cookie });
    const routes = [
      {
        bucket: "orders-export",
        limit: ORDERS_EXPORT_LIMIT,
        status: () => statusOf(ordersExport.loader, { request: get("/admin/orders/export.csv") }),
        before: 200,
      },
      {
        bucket: "problem-reports",
        limit: STAFF_PROBLEM_LIMITS.list,
        status: () => statusOf(problemReports.loader, { request: get("/admin/problem-reports") }),
        before: 200,
      },
      {
        bucket: "problem-reports-resolve",
        limit: STAFF_PROBLEM_LIMITS.resolve,
        status: () =>
          statusOf(problemReports.action, {
            request: siteRequest("/admin/problem-reports", {
              cookie: staff.cookie,
              form: { intent: "resolve", reportId: nobody },
            }),
          }),
        before: 404,
      },
      {
        bucket: "problem-photo",
        limit: STAFF_PROBLEM_LIMITS.photo,
        status: () =>
          statusOf(problemPhoto.loader, {
            request: get(`/admin/problem-reports/${nobody}/photos/${nobody}`),
            params: { reportId: nobody, photoId: nobody },
          }),
        before: 404,
      },
      {
        bucket: "customers",
        limit: STAFF_PAGE_LIMIT,
        status: () => statusOf(customers.loader, { request: get("/admin/customers?q=acme") }),
        before: 200,
      },
      {
        bucket: "products",
        limit: STAFF_PAGE_LIMIT,
        status: () => statusOf(products.loader, { request: get("/admin/products?q=cap") }),
        before: 200,
      },
      {
        // A product's editor saves from the same budget as the list's status buttons.
        bucket: "products-edit",
        limit: STAFF_PAGE_LIMIT,
        status: () =>
          statusOf(product.action, {
            request: siteRequest("/admin/products/999", { cookie: staff.cookie, form: { intent: "save" } }),
            params: { id: "999" },
          }),
        before: 400,
      },
      {
        bucket: "products-export",
        limit: productsExport.CATALOGUE_EXPORT_LIMIT,
        status: () => statusOf(productsExport.loader, { request: get("/admin/products/export.csv") }),
        before: 200,
      },
      {
        // Checked before the upload is read: a form that is not one is refused, then the budget is spent.
        bucket: "product-pictures",
        limit: productPictures.PICTURE_UPLOAD_LIMIT,
        status: () =>
          statusOf(productPictures.action, {
            request: siteRequest("/admin/products/16/pictures", { cookie: staff.cookie, form: { alt: "x" } }),
            params: { id: "16" },
          }),
        before: 415,
      },
      {
        bucket: "customer",
        limit: STAFF_PAGE_LIMIT,
        status: () =>
          statusOf(customer.loader, { request: get("/admin/customers/nobody"), params: { accountId: "nobody" } }),
        before: 404,
      },
      {
        bucket: "job-sheet",
        limit: STAFF_PAGE_LIMIT,
        status: () =>
          statusOf(jobSheet.loader, { request: get(`/admin/orders/${nobody}/job-sheet`), params: { id: nobody } }),
        before: 404,
      },
    ];
    for (const route of routes) {
      expect(await route.status(), route.bucket).toBe(route.before);
      // The rest of the budget, spent as the route spends it; the next request is refused.
      for (let i = 1; i < route.limit.hits; i++)
        await requireStaffBudget(handle.db, { staffId: staff.userId, bucket: route.bucket, limit: route.limit });
      expect(await route.status(), route.bucket).toBe(429);
    }
  });
});

describe("the catalogue's new pages spend the staff member's budgets too", () => {
  it("answers 429 once a new product's form, making it, an upload to import or an import's page has spent its budget", async () => {
    const nobody = "00000000-0000-4000-8000-000000000000";
    // A staff member each: the form and an import's page share the products list's budget, as making a product shares the editor's.
    const routes = [
      {
        bucket: "products",
        limit: STAFF_PAGE_LIMIT,
        status: (cookie: string) =>
          statusOf(productNew.loader, { request: siteRequest("/admin/products/new", { cookie }) }),
        before: 200,
      },
      {
        bucket: "products-edit",
        limit: STAFF_PAGE_LIMIT,
        status: (cookie: string) =>
          statusOf(productNew.action, { request: siteRequest("/admin/products/new", { cookie, form: { title: "" } }) }),
        before: 400,
      },
      {
        // Checked before the upload is read: a form that is not a file's is refused, then the budget is spent.
        bucket: "catalogue-import",
        limit: IMPORT_UPLOAD_LIMIT,
        status: (cookie: string) =>
          statusOf(productsImport.action, {
            request: siteRequest("/admin/products/import", { cookie, form: { file: "id,title" } }),
          }),
        before: 415,
      },
      {
        bucket: "products",
        limit: STAFF_PAGE_LIMIT,
        status: (cookie: string) =>
          statusOf(importStatus.loader, {
            request: siteRequest(`/admin/products/import/${nobody}`, { cookie }),
            params: { id: nobody },
          }),
        before: 404,
      },
    ];
    for (const [index, route] of routes.entries()) {
      const staff = await signedInStaff(`catalogue-budget-${index}@swag.example`);
      expect(await route.status(staff.cookie), route.bucket).toBe(route.before);
      for (let i = 1; i < route.limit.hits; i++)
        await requireStaffBudget(handle.db, { staffId: staff.userId, bucket: route.bucket, limit: route.limit });
      expect(await route.status(staff.cookie), route.bucket).toBe(429);
    }
  });
});
