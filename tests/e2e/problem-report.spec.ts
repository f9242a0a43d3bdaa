import { PNG, STAFF, signInAsStaff } from "./support/api";
import { expectAccessible } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { placeCapOrder, shipOrder, staffMoves } from "./support/orders";

// A delivered order's problem report reaches staff (decision 043): the buyer says what is wrong
// with which line within the policy's 14 days and adds a photo; staff are alerted at their own
// address, find the case under Problem reports with the order and the photo, and mark it resolved.

const PROBLEM = "Twelve caps arrived with the logo stitched upside down.";

test("a delivered order's problem report reaches staff", async ({ page, browser, mailbox, signedInBuyer: buyer }) => {
  test.slow();
  const { orderId, orderNumber } = await placeCapOrder(page.request, { email: buyer.email, marker: "Problem report" });
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await shipOrder(page.request, staff.request, orderId);

  // Not delivered yet: nothing to report.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  await expect(page.getByRole("heading", { name: "Report a problem" })).toHaveCount(0);

  await staffMoves(staff.request, orderId, "delivered");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/orders/${orderId}`);
  const section = page.getByTestId("problem-report");
  await expect(section.getByRole("heading", { name: "Report a problem" })).toBeVisible();
  await expect(section).toContainText("(14 days after delivery)");
  await expectAccessible(page, "the delivered order's report form at 375 px");
  await section.screenshot({ path: "/tmp/problem-report-form-375.png" });

  // Too short: refused with the reason, the ticked line kept.
  const line = section.getByRole("checkbox", { name: "100 × Custom Embroidered Cap" });
  await expect(line).toBeChecked();
  await section.getByLabel("What is wrong?").fill("wrong");
  await section.getByRole("button", { name: "Send the report" }).click();
  await expect(section.getByText("Tell us what is wrong in at least 10 characters.").first()).toBeVisible();
  await expect(line).toBeChecked();
  await expect(section.getByLabel("What is wrong?")).toHaveValue("wrong");

  await section.getByLabel("What is wrong?").fill(PROBLEM);
  await section.getByRole("button", { name: "Send the report" }).click();
  await expect(section.getByText("Thank you: your report is with our team.")).toBeVisible();
  await expect(section.getByTestId("problem-status")).toContainText(PROBLEM);

  // A photo of the goods, added to the open report.
  await section
    .getByLabel("Add photos (optional)")
    .setInputFiles({ name: "caps.png", mimeType: "image/png", buffer: PNG });
  await expect(section.getByText("Photo added.")).toBeVisible();
  await expect(section.getByRole("list", { name: "Your photos" })).toContainText("caps.png");
  await page.screenshot({ path: "/tmp/problem-report-375.png", fullPage: true });
  await expectAccessible(page, "the order's open report at 375 px");
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(section.getByTestId("problem-status")).toBeVisible();
  await page.screenshot({ path: "/tmp/problem-report-1280.png", fullPage: true });
  await expectAccessible(page, "the order's open report at 1280 px");

  const alert = await mailbox.latest(STAFF.email, new RegExp(`^Problem reported on order ${orderNumber}$`));
  expect(alert.text).toContain("reports a problem with: Custom Embroidered Cap.");
  expect(alert.text).toContain(PROBLEM);
  expect(alert.text).toContain("/admin/problem-reports");

  // Staff find the case with the order and the photo, download it, and mark it resolved.
  for (const width of [375, 1280]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.goto("/admin/problem-reports");
    const cases = staff.getByTestId("problem-case");
    await expect(cases.filter({ hasText: orderNumber })).toContainText(PROBLEM);
    await expectAccessible(staff, `the problem reports at ${width} px`);
    await staff.screenshot({ path: `/tmp/problem-reports-admin-${width}.png`, fullPage: true });
  }
  const ours = staff.getByTestId("problem-case").filter({ hasText: orderNumber });
  await expect(ours.getByRole("link", { name: `Order ${orderNumber}` })).toHaveAttribute(
    "href",
    `/admin/orders/${orderId}`,
  );
  const href = await ours.getByRole("link", { name: /^Download caps\.png/ }).getAttribute("href");
  const photo = await staff.request.get(href ?? "");
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-disposition"]).toMatch(/^attachment; filename="caps.png"/);
  expect(photo.headers()["x-content-type-options"]).toBe("nosniff");
  expect(Buffer.from(await photo.body()).equals(PNG)).toBe(true);
  // The buyer cannot download it from the back office.
  expect((await page.request.get(href ?? "")).status()).toBe(404);

  await ours.getByRole("button", { name: /^Mark resolved/ }).click();
  await expect(staff.getByText(`The problem report on order ${orderNumber} is marked resolved.`)).toBeVisible();
  await expect(staff.getByTestId("problem-case").filter({ hasText: orderNumber })).toHaveCount(0);

  // Resolved: the buyer may report another problem.
  await page.goto(`/orders/${orderId}`);
  await expect(section.getByRole("button", { name: "Send the report" })).toBeVisible();
  await staffContext.close();
});
