import { completeDraft, payInTestMode, STAFF, signInAsStaff, startPayment } from "./support/api";
import { expect, test } from "./support/fixtures";
import { shipOrder, staffMoves } from "./support/orders";

// Decision 026: the buyer follows the order on a timeline from payment to delivery with
// the promised date beside the actual one; the staff account gets an alert for the new order and
// the proof answer; /admin shows what waits. An order delivered on time offers no guarantee claim.
// (A late delivery needs a promised date in the past, which the browser tests cannot write into the
// server's embedded database: the late claim, staff's decision and the credit note are covered
// against a real database in app/server/aftercare/guarantee-claims.server.test.ts.)

test("the buyer follows the order to delivery on its timeline, and staff are alerted at their own address", async ({
  page,
  browser,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(180_000);
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker: "Guarantee journey",
    email: buyer.email,
  });
  const { orderId, orderNumber } = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));

  // Paid: the first step is done, the proof is what the order waits on.
  await page.goto(`/orders/${orderId}`);
  const timeline = page.getByTestId("order-timeline");
  await expect(timeline.locator("li")).toHaveText([
    /^Paid \(done\) · /,
    /^Proof sent \(in progress\)/,
    /^Proof approved \(to come\)/,
    /^In production \(to come\)/,
    /^Shipped \(to come\)/,
    /^Delivered \(to come\)/,
  ]);
  const paidAlert = await mailbox.latest(STAFF.email, new RegExp(`^New paid order ${orderNumber}: `));
  expect(paidAlert.text).toContain(`/admin/orders/${orderId}`);

  // Staff see it waiting on /admin, then send the proof; the buyer approves; staff ship it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto("/admin");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("Waiting for you");
  await expect(staff.getByRole("link", { name: /Orders paid, waiting for a proof [1-9]/ })).toBeVisible();
  await shipOrder(page.request, staff.request, orderId);
  const approvedAlert = await mailbox.latest(STAFF.email, new RegExp(`^Proof approved on order ${orderNumber}$`));
  expect(approvedAlert.text).toContain(`Proof version 1 of order ${orderNumber} was approved.`);

  await page.goto(`/orders/${orderId}`);
  await expect(timeline.locator('[data-step="shipped"]')).toContainText("DPD, tracking number 15501234567890");
  await expect(
    timeline.locator('[data-step="shipped"]').getByRole("link", { name: /Track your parcel/ }),
  ).toHaveAttribute("href", "https://www.dpd.co.uk/apps/tracking/?reference=15501234567890");
  await expect(timeline.locator('[data-step="delivered"]')).toContainText("(in progress)");

  await staffMoves(staff.request, orderId, "delivered");
  await page.goto(`/orders/${orderId}`);
  await expect(timeline.locator('li[data-state="done"]')).toHaveCount(6);
  // Delivered long before the promised date: both dates side by side, not late, no claim offered.
  await expect(page.getByTestId("delivery-dates")).toHaveText(
    /^Promised \w{3}, \w{3} \d+, \d{4} · delivered \w{3}, \w{3} \d+, \d{4}$/,
  );
  await expect(page.getByRole("button", { name: "Claim the On-time Guarantee" })).toHaveCount(0);
  await page.getByText("Full history").click();
  await expect(page.getByText("Proof version 1 approved")).toBeVisible();

  await staffContext.close();
});
