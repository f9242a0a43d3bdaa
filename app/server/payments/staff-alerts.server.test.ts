/**
 * Where staff alerts go (docs/decisions/045-staff-alert-recipients.md): STAFF_ALERT_EMAILS when set, else every staff account
 * with a confirmed address, else the sales address while the shop has no staff yet. Real PGlite,
 * real sign-up, and a loopback SMTP server for what is delivered.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUser } from "#db/schema";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { createSignedInUser } from "../../../tests/setup/users";
import { grantStaffRole } from "../accounts/admin-staff.server";
import { parseEnv } from "../platform/env.server";
import type { AppContext } from "../providers/app-context.server";
import { runDueJobs } from "../edge/job-worker.server";
import { alertStaff, staffAlertRecipients } from "./staff-alerts.server";

const handle = testFileDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The test shop, with no STAFF_ALERT_EMAILS and a mail server on loopback. */
let ctx: AppContext;

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(async () => {
  await smtp.close();
});

async function staffAccount(email: string) {
  const user = await createSignedInUser(handle, email);
  await handle.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, user.userId));
  const granted = await grantStaffRole(handle.db, email);
  if (!granted.ok) throw new Error(granted.message);
}

describe("staff alert recipients", () => {
  it("go to the sales address while the shop has no staff account", async () => {
    await createSignedInUser(handle, "buyer@acme.example");
    expect(await staffAlertRecipients(ctx)).toEqual([TEST_SHOP.business.salesEmail]);
  });

  it("go to every staff account's address once there is one, never to the sales address or a buyer", async () => {
    await staffAccount("ops@swag.example");
    await staffAccount("proofs@swag.example");
    expect(await staffAlertRecipients(ctx)).toEqual(["ops@swag.example", "proofs@swag.example"]);

    await alertStaff(ctx, {
      kind: "transfer-received",
      orderId: "00000000-0000-4000-8000-000000000001",
      orderNumber: "ORD-ALERT1",
      staffName: "Ops",
    });
    const delivered = (await smtp.delivered()).filter((mail) => mail.subject.includes("ORD-ALERT1"));
    expect(delivered.map((mail) => mail.to.join(",")).sort()).toEqual(["ops@swag.example", "proofs@swag.example"]);
  });

  it("go only to STAFF_ALERT_EMAILS when it is set", async () => {
    const env = parseEnv({ NODE_ENV: "test", STAFF_ALERT_EMAILS: " Alerts@Swag.example , desk@swag.example" });
    const alerted = { ...ctx, staffAlertEmails: env.STAFF_ALERT_EMAILS };
    expect(await staffAlertRecipients(alerted)).toEqual(["alerts@swag.example", "desk@swag.example"]);
  });

  it("refuses a STAFF_ALERT_EMAILS that is not a list of addresses", () => {
    expect(() => parseEnv({ STAFF_ALERT_EMAILS: "alerts@swag.example, not an address" })).toThrow(/STAFF_ALERT_EMAILS/);
  });
});
