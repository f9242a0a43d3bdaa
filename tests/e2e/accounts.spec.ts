import { totp } from "../support/http";
import { clientAddress, expect, newBuyer, signInThroughPage, signUpOverHttp, test } from "./support/fixtures";

// Each journey waits for e-mails and signs in more than once: on a busy 2-core machine the sign-up
// journey took 31 s against the default 30 s.
test.describe.configure({ timeout: 60_000 });

test("sign up, confirm the e-mailed code, sign out and sign back in", async ({ page, mailbox }) => {
  const buyer = newBuyer();
  await page.goto("/products");
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();

  await page.getByLabel("First name").fill(buyer.firstName);
  await page.getByLabel("Last name").fill(buyer.lastName);
  await page.getByLabel("Work e-mail or mobile number").fill("not-an-email@");
  await page.getByLabel("Password").fill("1234567890");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Enter a valid e-mail address or phone number.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue(buyer.firstName);

  await page.getByLabel("Work e-mail or mobile number").fill(buyer.email);
  await page.getByLabel("Password").fill("1234567890");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Don't use only numbers; add some words.")).toBeVisible();

  await page.getByLabel("Password").fill(buyer.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
  await page.getByLabel("Code").fill("000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code isn't right. Check it and try again.");

  const code = await mailbox.code(buyer.email, /verification code/);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole("button", { name: /Account menu for Jane Smith/ }).click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();

  await signInThroughPage(page, buyer.email, "wrong password here");
  await expect(page.getByRole("alert")).toHaveText("That e-mail or phone and password don't match an account.");
  await page.getByLabel("Password", { exact: true }).fill(buyer.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: /Account menu for Jane Smith/ })).toBeVisible();
});

test("the header's favourites button opens the sign-in modal and signing in keeps the page", async ({
  page,
  mailbox,
  browser,
}) => {
  const buyer = newBuyer();
  const other = await browser.newContext();
  await signUpOverHttp(other.request, mailbox, buyer);
  await other.close();

  await page.goto("/product/8");
  await page.getByRole("button", { name: "Favourites (sign in required)" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("E-mail or phone").fill(buyer.email);
  await dialog.getByLabel("Password", { exact: true }).fill(buyer.password);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/product\/8$/);
  await expect(page.getByRole("link", { name: "Favourites" })).toBeVisible();
});

test("sign in with a one-time code sent by e-mail", async ({ page, mailbox, browser }) => {
  const buyer = newBuyer();
  const other = await browser.newContext();
  await signUpOverHttp(other.request, mailbox, buyer);
  await other.close();

  await page.goto("/sign-in");
  await page.getByRole("tab", { name: "One-time code" }).click();
  await page.getByLabel("E-mail or phone").fill(buyer.email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(`We've sent a 6-digit code to ${buyer.email}`)).toBeVisible();
  const code = await mailbox.code(buyer.email, /sign-in code/);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in with code" }).click();
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
});

test("reset a forgotten password by e-mailed link; the link works once", async ({ page, mailbox, browser }) => {
  const buyer = newBuyer();
  const other = await browser.newContext();
  await signUpOverHttp(other.request, mailbox, buyer);

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("E-mail or phone").fill(buyer.email);
  await page.getByRole("button", { name: "E-mail me a reset link" }).click();
  await expect(page.getByText(/a reset link is on its way/)).toBeVisible();
  const mail = await mailbox.latest(buyer.email, /Reset your/);
  const link = /(http:\/\/\S+reset-password\?token=\S+)/.exec(mail.text)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await page.getByLabel("New password").fill("a brand new phrase 77");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/sign-in/);

  // The other browser's session ended with the reset.
  const account = await other.request.get("/account", { maxRedirects: 0 });
  expect(account.status()).toBe(302);
  await other.close();

  await page.goto(link!);
  await page.getByLabel("New password").fill("yet another phrase 88");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByRole("alert")).toHaveText("This link is invalid or has expired. Please ask for a new one.");

  await signInThroughPage(page, buyer.email, "a brand new phrase 77");
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
});

test("enrol two-step sign-in and sign in with an authenticator code, after a password or a one-time code", async ({
  page,
  mailbox,
  signedInBuyer,
}) => {
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await section.getByLabel("Password").fill(signedInBuyer.password);
  await section.getByRole("button", { name: "Set up two-step sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await expect(page.getByTestId("backup-codes").getByRole("listitem")).toHaveCount(10);
  await section.getByLabel("Code from your app").fill("000000");
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(section.getByRole("alert")).toBeVisible();
  await section.getByLabel("Code from your app").fill(totp(secret));
  await section.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(section.getByText("On: you'll enter a code")).toBeVisible();

  await page.context().clearCookies();
  await signInThroughPage(page, signedInBuyer.email, signedInBuyer.password);
  await expect(page.getByRole("heading", { name: "Two-step check" })).toBeVisible();
  await page.getByLabel("Authenticator code").fill(totp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();

  // A one-time code is the first step only, as a password is (docs/security.md).
  await page.context().clearCookies();
  await page.goto("/sign-in");
  await page.getByRole("tab", { name: "One-time code" }).click();
  await page.getByLabel("E-mail or phone").fill(signedInBuyer.email);
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(`We've sent a 6-digit code to ${signedInBuyer.email}`)).toBeVisible();
  const code = await mailbox.code(signedInBuyer.email, /sign-in code/);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Sign in with code" }).click();
  await expect(page.getByRole("heading", { name: "Two-step check" })).toBeVisible();
  expect(await page.context().cookies()).not.toContainEqual(
    expect.objectContaining({ name: expect.stringMatching(/session_token/) }),
  );
  await page.getByLabel("Authenticator code").fill(totp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("button", { name: /Account menu/ })).toBeVisible();
});

test("sign-up answers alike for a taken address and tells its owner instead; wrong codes stop at a 429", async ({
  request,
  mailbox,
  browser,
}) => {
  const owner = newBuyer("owner");
  const other = await browser.newContext();
  await signUpOverHttp(other.request, mailbox, owner);
  await other.close();

  const signUp = (email: string) =>
    request.post("/sign-up", {
      form: { firstName: "Mal", lastName: "Icious", identifier: email, password: "squatter phrase 1234" },
      maxRedirects: 0,
    });
  const taken = await signUp(owner.email);
  const fresh = await signUp(newBuyer("fresh").email);
  expect(taken.status()).toBe(fresh.status());
  expect(taken.headers().location?.replace(/identifier=[^&]+/, "")).toBe(
    fresh.headers().location?.replace(/identifier=[^&]+/, ""),
  );
  expect(Object.keys(taken.headers()).sort()).toEqual(Object.keys(fresh.headers()).sort());
  await mailbox.latest(owner.email, /Someone tried to create a Swag Studio account with your address/);

  // Ten wrong codes for the account (five for each of two codes), each from another client
  // address, and then even the right code is refused.
  const verify = (code: string) =>
    request.post("/sign-in", {
      form: { intent: "verify-code", identifier: owner.email, code },
      headers: { "X-Forwarded-For": clientAddress() },
    });
  const codesSent = async (count: number) => {
    await request.post("/sign-in", { form: { intent: "send-code", identifier: owner.email } });
    await expect
      .poll(async () => (await mailbox.all(owner.email)).filter((m) => /sign-in code/.test(m.subject)).length)
      .toBe(count);
  };
  for (const count of [1, 2]) {
    await codesSent(count);
    for (let i = 0; i < 5; i++) expect((await verify("000000")).status()).toBe(400);
  }
  await codesSent(3);
  const refused = await verify(await mailbox.code(owner.email, /sign-in code/));
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(60);
  expect(await refused.text()).toMatch(/Too many attempts\. Please try again in \d+ minutes\./);
});

test("changing the e-mail address asks the current address first and tells it afterwards", async ({
  page,
  mailbox,
  signedInBuyer,
}) => {
  const next = newBuyer("moved");
  await page.goto("/account");
  const section = page.getByRole("region", { name: "E-mail address" });
  await section.getByLabel("New e-mail address").fill(next.email);
  await section.getByRole("button", { name: "Change e-mail address" }).click();
  await expect(section.getByText(`we sent a code to ${signedInBuyer.email}`)).toBeVisible();
  await section
    .getByLabel("Code")
    .fill(await mailbox.code(signedInBuyer.email, /confirms moving your Swag Studio account/));
  await section.getByRole("button", { name: "Continue" }).click();
  await expect(section.getByText(`We sent a code to ${next.email}.`)).toBeVisible();
  await section.getByLabel("Code").fill(await mailbox.code(next.email, /confirms your new Swag Studio e-mail address/));
  await section.getByRole("button", { name: "Confirm new e-mail" }).click();
  await expect(section.getByText("Your e-mail address is changed.")).toBeVisible();
  await expect(section.getByText(next.email)).toBeVisible();
  const notice = await mailbox.latest(signedInBuyer.email, /Your Swag Studio e-mail address was changed/);
  expect(notice.text).toContain(next.email);
});

test("create an organisation and invite a colleague who accepts; the invitation can't be used twice", async ({
  page,
  mailbox,
  browser,
  signedInBuyer,
}) => {
  // Two browsers and a dozen page loads: on a loaded 2-core machine this takes more than 30 s.
  test.slow();
  await page.goto("/account");
  const orgs = page.getByRole("region", { name: "Organisations" });
  await orgs.getByLabel("New organisation name").fill("Acme Events");
  await orgs.getByRole("button", { name: "Create organisation" }).click();
  await expect(orgs.getByRole("heading", { name: "Acme Events" })).toBeVisible();
  const members = orgs.getByRole("list", { name: "Members of Acme Events" });
  await expect(members.getByText(signedInBuyer.email, { exact: true })).toBeVisible();

  const colleague = newBuyer("colleague");
  await orgs.getByLabel("Invite by e-mail").fill(colleague.email);
  await orgs.getByRole("button", { name: "Send invitation" }).click();
  await expect(orgs.getByText(`Invited: ${colleague.email} (member)`)).toBeVisible();
  // The organisation's name is the inviter's words: in the body, never in the subject (docs/security.md).
  const invite = await mailbox.latest(colleague.email, /invited to an organisation/);
  expect(invite.subject).not.toContain("Acme Events");
  expect(invite.text).toContain(
    `${signedInBuyer.email} (${signedInBuyer.firstName} ${signedInBuyer.lastName}) invited you to join their organisation on Swag Studio, "Acme Events"`,
  );
  const link = /(http:\/\/\S+\/accept-invitation\/\S+)/.exec(invite.text)?.[1];
  expect(link).toBeTruthy();

  const second = await browser.newContext();
  const colleaguePage = await second.newPage();
  await signUpOverHttp(colleaguePage.request, mailbox, colleague);
  await colleaguePage.goto(link!);
  await colleaguePage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(colleaguePage).toHaveURL(/\/account$/);
  await expect(colleaguePage.getByLabel("Working as")).toHaveValue(/.+/);
  await expect(
    colleaguePage.getByRole("list", { name: "Members of Acme Events" }).getByText(signedInBuyer.email, { exact: true }),
  ).toBeVisible();

  await colleaguePage.goto(link!);
  await colleaguePage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(colleaguePage.getByRole("alert")).toBeVisible();
  await second.close();

  await page.reload();
  await expect(members.getByText(colleague.email, { exact: true })).toBeVisible();
});

test("signed-in pages send visitors to sign in and back", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
