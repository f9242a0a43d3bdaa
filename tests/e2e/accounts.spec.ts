import { totp } from "./support/totp";
import { expect, newBuyer, signInThroughPage, signUpOverHttp, test } from "./support/fixtures";

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

test("the header's favourites button opens the sign-in modal and signing in keeps the page", async ({ page, mailbox, browser }) => {
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

test("enrol two-step sign-in and sign in with an authenticator code", async ({ page, signedInBuyer }) => {
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
});

test("create an organisation and invite a colleague who accepts; the invitation can't be used twice", async ({ page, mailbox, browser, signedInBuyer }) => {
  await page.goto("/account");
  const orgs = page.getByRole("region", { name: "Organisations" });
  await orgs.getByLabel("New organisation name").fill("Acme Events");
  await orgs.getByRole("button", { name: "Create organisation" }).click();
  await expect(orgs.getByRole("heading", { name: "Acme Events" })).toBeVisible();
  await expect(orgs.getByRole("cell", { name: signedInBuyer.email })).toBeVisible();

  const colleague = newBuyer("colleague");
  await orgs.getByLabel("Invite by e-mail").fill(colleague.email);
  await orgs.getByRole("button", { name: "Send invitation" }).click();
  await expect(orgs.getByText(`Invited: ${colleague.email} (member)`)).toBeVisible();
  const invite = await mailbox.latest(colleague.email, /invited you to Acme Events/);
  const link = /(http:\/\/\S+\/accept-invitation\/\S+)/.exec(invite.text)?.[1];
  expect(link).toBeTruthy();

  const second = await browser.newContext();
  const colleaguePage = await second.newPage();
  await signUpOverHttp(colleaguePage.request, mailbox, colleague);
  await colleaguePage.goto(link!);
  await colleaguePage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(colleaguePage).toHaveURL(/\/account$/);
  await expect(colleaguePage.getByLabel("Working as")).toHaveValue(/.+/);
  await expect(colleaguePage.getByRole("cell", { name: signedInBuyer.email })).toBeVisible();

  await colleaguePage.goto(link!);
  await colleaguePage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(colleaguePage.getByRole("alert")).toBeVisible();
  await second.close();

  await page.reload();
  await expect(orgs.getByRole("cell", { name: colleague.email })).toBeVisible();
});

test("signed-in pages send visitors to sign in and back", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
