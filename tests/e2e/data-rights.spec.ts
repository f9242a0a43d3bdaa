import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { GENERIC_SIGN_IN_ERROR } from "~/domain/people/auth-rules";
import { oneLine, pdfText } from "../setup/pdf-text";
import { signInAsStaff } from "./support/api";
import { expectAccessible } from "./support/axe";
import { expect, signInThroughPage, test } from "./support/fixtures";
import { placeCapOrder, shipOrder, staffMoves } from "./support/orders";

// People's data rights (decision 084) as a buyer takes them: a copy of their data, prepared in the
// background and downloaded from their account page, holds their order; deleting the account needs
// the password and waits for orders under way, then signs them out for good, while staff still see
// the order and its invoice under "Deleted customer".

test("a buyer downloads a copy of their data and finds their order in it", async ({
  page,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(120_000);
  const { orderNumber } = await placeCapOrder(page.request, { email: buyer.email, marker: "Data copy" });
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Your data" });
  await section.getByRole("button", { name: "Prepare my data" }).click();
  // Being prepared, or ready already when the shop's job worker was quicker than the page.
  await expect(
    section.getByText("We're preparing your data.").or(section.getByRole("link", { name: /^Download your data/ })),
  ).toBeVisible();
  const ready = await mailbox.latest(buyer.email, /Your data is ready to download/);
  expect(ready.text).toContain("/account#your-data");
  await page.reload();
  const link = section.getByRole("link", { name: /^Download your data \(ZIP, [\d.]+ (kB|MB)\)$/ });
  await expect(link).toBeVisible();
  await expect(section).toContainText("Available until");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page, "the account page's data sections at 375 px");
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^swag-studio-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const orders = JSON.parse(strFromU8(files["orders.json"] ?? new Uint8Array())) as { number: string }[];
  expect(orders.map((order) => order.number)).toEqual([orderNumber]);
  expect(JSON.parse(strFromU8(files["account.json"] ?? new Uint8Array()))).toMatchObject({ email: buyer.email });
  expect(Object.keys(files).some((name) => /^documents\/VAT invoice INV-\d{4}-\d{6}\.pdf$/.test(name))).toBe(true);
});

test("a buyer deletes their account: refused while an order is under way, then gone for good, with staff still seeing the order and its invoice under Deleted customer", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(180_000);
  const { orderId, orderNumber } = await placeCapOrder(page.request, { email: buyer.email, marker: "Deleting" });
  const staff = await (await browser.newContext()).newPage();
  await signInAsStaff(staff.request);

  await page.goto("/account");
  const section = page.getByRole("region", { name: "Delete your account" });
  // The box unticked: refused with the reason, the password kept.
  await section.getByLabel("Your password").fill(buyer.password);
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByText("Tick the box to confirm you want your account deleted.")).toBeVisible();
  // A wrong password.
  await section.getByLabel("Your password").fill("not my password at all");
  await section.getByLabel("I understand my account is deleted for good.").check();
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByText("That password isn't right.").first()).toBeVisible();
  // The order is under way.
  await section.getByLabel("Your password").fill(buyer.password);
  await section.getByLabel("I understand my account is deleted for good.").check();
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(section.getByText(`Your order ${orderNumber} is still under way.`)).toBeVisible();

  // Delivered, the account can go.
  await shipOrder(page.request, staff.request, orderId);
  await staffMoves(staff.request, orderId, "delivered");
  await page.goto("/account");
  await section.getByLabel("Your password").fill(buyer.password);
  await section.getByLabel("I understand my account is deleted for good.").check();
  await section.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();
  await expectAccessible(page, "the page after deleting an account");

  // Signed out, and the account cannot sign in again.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?/);
  await signInThroughPage(page, buyer.email, buyer.password);
  await expect(page.getByText(GENERIC_SIGN_IN_ERROR).first()).toBeVisible();

  // Staff still have the order and its invoice, under Deleted customer.
  await staff.goto(`/admin/orders/${orderId}`);
  const contact = staff.getByRole("region", { name: "Contact" });
  await expect(contact).toContainText("Deleted customer");
  await expect(contact).not.toContainText(buyer.email);
  const invoice = await staff.request.get(`/admin/orders/${orderId}/invoice.pdf`);
  expect(invoice.status()).toBe(200);
  const text = oneLine(await pdfText(await invoice.body()));
  expect(text).toContain("Deleted customer");
  expect(text).toContain(orderNumber);
});
