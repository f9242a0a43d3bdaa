import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authUser, orders } from "#db/schema";
import { insertPaidOrder } from "../../tests/setup/paid-orders";
import { createTestDatabase, resetDatabase } from "../../tests/setup/test-db";
import { createSignedInUser, siteRequest, useTestEnv } from "../../tests/setup/users";
import * as layout from "~/routes/admin";
import * as home from "~/routes/admin._index";
import * as inbox from "~/routes/admin.inbox";
import * as inboxExport from "~/routes/admin.inbox-export";
import * as orderPage from "~/routes/admin.order";
import * as artwork from "~/routes/admin.order-artwork";
import * as proof from "~/routes/admin.order-proof";
import * as orderList from "~/routes/admin.orders";
import { AUTH_PATHS_RUN_BY_THE_APP, getAuth, resetAuthForTests } from "./auth.server";
import { grantStaffRole } from "./admin-staff.server";
import { closeDatabase, useDatabaseForTests, type DatabaseHandle } from "./db.server";

let handle: DatabaseHandle;
let dataDir: string;

beforeAll(async () => {
  useTestEnv();
  dataDir = mkdtempSync(join(tmpdir(), "swag-admin-access-"));
  process.env.DATA_DIR = dataDir;
  process.env.STAFF_EMAILS = "Boot@Swag.example";
  handle = await createTestDatabase();
  useDatabaseForTests(handle);
  resetAuthForTests();
});
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.STAFF_EMAILS;
  delete process.env.DATA_DIR;
});
beforeEach(async () => {
  await resetDatabase(handle);
});

async function confirmEmail(userId: string) {
  await handle.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, userId));
}

async function signedInStaff(email = "ops@swag.example") {
  const user = await createSignedInUser(email);
  await confirmEmail(user.userId);
  const granted = await grantStaffRole(handle.db, email);
  if (!granted.ok) throw new Error(granted.message);
  return user;
}

async function roleOf(userId: string) {
  const [row] = await handle.db.select({ role: authUser.role }).from(authUser).where(eq(authUser.id, userId));
  return row?.role ?? null;
}

type Args = { request: Request; params: Record<string, string>; context: object };
type Handler = (args: never) => unknown;

/** The HTTP status a loader or action answers with: a thrown Response's, a data() result's, else 200. */
async function statusOf(handler: Handler, args: Args): Promise<number> {
  try {
    const result = await (handler as unknown as (args: Args) => Promise<unknown>)(args);
    if (result instanceof Response) return result.status;
    if (result && typeof result === "object" && "init" in result) {
      const init = (result as { init?: { status?: number } | null }).init;
      return init?.status ?? 200;
    }
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

/** Every staff URL with a real order, proof-less (downloads 404 for staff too, by design: there is no file). */
async function everyAdminEndpoint(cookie: string | undefined, orderId: string) {
  const get = (path: string) => siteRequest(path, { cookie });
  const post = (path: string, form: Record<string, string>) => siteRequest(path, { cookie, form });
  return {
    layout: await statusOf(layout.loader, { request: get("/admin"), params: {}, context: {} }),
    list: await statusOf(orderList.loader, { request: get("/admin/orders"), params: {}, context: {} }),
    order: await statusOf(orderPage.loader, { request: get(`/admin/orders/${orderId}`), params: { id: orderId }, context: {} }),
    change: await statusOf(orderPage.action, {
      request: post(`/admin/orders/${orderId}`, { intent: "status", to: "cancelled", version: "1", note: "" }),
      params: { id: orderId },
      context: {},
    }),
    inbox: await statusOf(inbox.loader, { request: get("/admin/inbox/sms"), params: { kind: "sms" }, context: {} }),
    csv: await statusOf(inboxExport.loader, { request: get("/admin/inbox/sms/export.csv"), params: { kind: "sms" }, context: {} }),
  };
}

describe("who reaches /admin", () => {
  it("answers 404 everywhere to a signed-out visitor and to a buyer, even for the buyer's own order, and changes nothing", async () => {
    const buyer = await createSignedInUser("buyer@acme.example");
    await confirmEmail(buyer.userId);
    const order = await insertPaidOrder(handle.db, { userId: buyer.userId, email: "buyer@acme.example", company: "Acme" });
    const all404 = { layout: 404, list: 404, order: 404, change: 404, inbox: 404, csv: 404 };

    expect(await everyAdminEndpoint(undefined, order.id)).toEqual(all404);
    expect(await everyAdminEndpoint(buyer.cookie, order.id)).toEqual(all404);
    expect(await statusOf(home.loader, { request: siteRequest("/admin", { cookie: buyer.cookie }), params: {}, context: {} })).toBe(404);
    const fileArgs = (path: string, params: Record<string, string>) => ({ request: siteRequest(path, { cookie: buyer.cookie }), params, context: {} });
    expect(await statusOf(proof.loader, fileArgs(`/admin/orders/${order.id}/proofs/1`, { id: order.id, version: "1" }))).toBe(404);
    expect(await statusOf(artwork.loader, fileArgs(`/admin/orders/${order.id}/artwork/${order.id}`, { id: order.id, fileId: order.id }))).toBe(404);

    const [after] = await handle.db.select().from(orders);
    expect(after?.status).toBe("paid");
    expect(after?.version).toBe(1);
  });

  it("lets staff in everywhere", async () => {
    const buyer = await createSignedInUser("buyer@acme.example");
    const order = await insertPaidOrder(handle.db, { userId: buyer.userId, email: "buyer@acme.example", company: "Acme" });
    const staff = await signedInStaff();
    expect(await everyAdminEndpoint(staff.cookie, order.id)).toEqual({ layout: 200, list: 200, order: 200, change: 200, inbox: 200, csv: 200 });
    expect(await statusOf(home.loader, { request: siteRequest("/admin", { cookie: staff.cookie }), params: {}, context: {} })).toBe(302);
  });

  it("404s a staff member's request for an order or inbox that does not exist", async () => {
    const staff = await signedInStaff();
    const missing = "00000000-0000-4000-8000-000000000000";
    const args = (path: string, params: Record<string, string>) => ({ request: siteRequest(path, { cookie: staff.cookie }), params, context: {} });
    expect(await statusOf(orderPage.loader, args(`/admin/orders/${missing}`, { id: missing }))).toBe(404);
    expect(await statusOf(orderPage.loader, args("/admin/orders/not-a-uuid", { id: "not-a-uuid" }))).toBe(404);
    expect(await statusOf(inbox.loader, args("/admin/inbox/orders", { kind: "orders" }))).toBe(404);
    expect(await statusOf(proof.loader, args(`/admin/orders/${missing}/proofs/1`, { id: missing, version: "1" }))).toBe(404);
  });
});

describe("better-auth over HTTP", () => {
  it("refuses every flow the app runs itself, by the paths auth.api gives them", async () => {
    const auth = await getAuth();
    const api = auth.api as unknown as Record<string, { path: string }>;
    const runByTheApp = [
      "signUpEmail", "signInEmail", "signInPhoneNumber", "signInEmailOTP", "sendVerificationOTP", "verifyEmailOTP",
      "sendPhoneNumberOTP", "verifyPhoneNumber", "requestPasswordReset", "resetPassword", "requestPasswordResetEmailOTP",
      "resetPasswordEmailOTP", "requestPasswordResetPhoneNumber", "resetPasswordPhoneNumber", "changePassword",
      "requestEmailChangeEmailOTP", "changeEmailEmailOTP", "verifyPassword", "enableTwoFactor", "disableTwoFactor",
      "verifyTOTP", "verifyBackupCode",
    ];
    expect([...AUTH_PATHS_RUN_BY_THE_APP].sort()).toEqual(runByTheApp.map((name) => api[name]!.path).sort());
    for (const path of AUTH_PATHS_RUN_BY_THE_APP) {
      const response = await auth.handler(
        new Request(`http://127.0.0.1:3999/api/auth${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://127.0.0.1:3999", "x-real-ip": "10.1.1.9" },
          body: JSON.stringify({ email: "sneaky@acme.example", password: "marmalade skyline 42", name: "Sneaky" }),
        }),
      );
      expect(response.status, path).toBe(404);
    }
  });
});

describe("the staff role is granted only on the server", () => {
  it("ignores a role sent with sign-up, and refuses a buyer's attempt to change roles", async () => {
    const auth = await getAuth();
    const signUp = await auth.handler(
      new Request("http://127.0.0.1:3999/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://127.0.0.1:3999", "x-real-ip": "10.1.1.1" },
        body: JSON.stringify({ email: "sneaky@acme.example", password: "marmalade skyline 42", name: "Sneaky", role: "staff" }),
      }),
    );
    const [user] = await handle.db.select().from(authUser).where(eq(authUser.email, "sneaky@acme.example"));
    // Sign-up runs through the app's own page only (AUTH_PATHS_RUN_BY_THE_APP), which sends no role.
    expect(signUp.status).toBe(404);
    expect(user).toBeUndefined();

    const buyer = await createSignedInUser("buyer@acme.example");
    const setRole = await auth.handler(
      new Request("http://127.0.0.1:3999/api/auth/admin/set-role", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://127.0.0.1:3999", cookie: buyer.cookie, "x-real-ip": "10.1.1.2" },
        body: JSON.stringify({ userId: buyer.userId, role: "staff" }),
      }),
    );
    expect(setRole.status).toBe(403);
    const update = await auth.handler(
      new Request("http://127.0.0.1:3999/api/auth/update-user", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://127.0.0.1:3999", cookie: buyer.cookie, "x-real-ip": "10.1.1.3" },
        body: JSON.stringify({ role: "staff" }),
      }),
    );
    expect(update.status).toBe(400);
    expect(await roleOf(buyer.userId)).not.toBe("staff");
  });

  it("grants only confirmed accounts from the command line", async () => {
    expect(await grantStaffRole(handle.db, "nobody@acme.example")).toMatchObject({ ok: false, reason: "no-account" });
    const user = await createSignedInUser("new@acme.example");
    expect(await grantStaffRole(handle.db, "new@acme.example")).toMatchObject({ ok: false, reason: "unverified" });
    expect(await roleOf(user.userId)).not.toBe("staff");
    await confirmEmail(user.userId);
    expect(await grantStaffRole(handle.db, "NEW@acme.example")).toMatchObject({ ok: true, alreadyStaff: false });
    expect(await roleOf(user.userId)).toBe("staff");
    expect(await grantStaffRole(handle.db, "new@acme.example")).toMatchObject({ ok: true, alreadyStaff: true });
  });

  it("makes a STAFF_EMAILS address staff once its e-mail is confirmed, and no other", async () => {
    const listed = await createSignedInUser("boot@swag.example");
    const args = (cookie: string) => ({ request: siteRequest("/admin/orders", { cookie }), params: {}, context: {} });
    // Anyone can sign up with a listed address; only confirming it proves it is theirs.
    expect(await statusOf(orderList.loader, args(listed.cookie))).toBe(404);
    expect(await roleOf(listed.userId)).not.toBe("staff");

    await confirmEmail(listed.userId);
    expect(await statusOf(orderList.loader, args(listed.cookie))).toBe(200);
    expect(await roleOf(listed.userId)).toBe("staff");

    const other = await createSignedInUser("boot2@swag.example");
    await confirmEmail(other.userId);
    expect(await statusOf(orderList.loader, args(other.cookie))).toBe(404);
  });
});
