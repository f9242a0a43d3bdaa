import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { signInWithTwoStep, STAFF, STAFF_TOTP_KEY_FILE, turnOnTwoStep } from "./support/api";
import { expect, signUpOverHttp, test } from "./support/fixtures";

// Runs once before every spec (playwright.config.ts: the desktop project depends on this one). The
// staff account exists, its address is confirmed and two-step sign-in is on before any spec signs
// in with it: specs that made it themselves raced, and the back office opens only to staff with
// two-step sign-in (app/server/accounts/admin-access.server.ts).
test("the staff account exists, its address is confirmed, and two-step sign-in is on once the back office asks for it", async ({
  request,
  mailbox,
}) => {
  // A server reused from an earlier run already has the account, and the key file is still there.
  if (
    existsSync(STAFF_TOTP_KEY_FILE) &&
    (await signInWithTwoStep(request, STAFF, readFileSync(STAFF_TOTP_KEY_FILE, "utf8").trim()))
  )
    return;
  await signUpOverHttp(request, mailbox, STAFF);
  // Staff now (STAFF_EMAILS), but without two-step sign-in the back office says what to do, not 404.
  const refused = await request.get("/admin/orders");
  expect(refused.status()).toBe(403);
  const page = await refused.text();
  expect(page).toContain("Turn on two-step sign-in</h1>");
  expect(page).toContain('href="/account#twofa-heading"');
  const key = await turnOnTwoStep(request, STAFF);
  writeFileSync(STAFF_TOTP_KEY_FILE, key);
});
