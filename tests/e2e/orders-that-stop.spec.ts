import { completeDraft, payInTestMode, PNG, signInAsStaff, startPayment } from "./support/api";
import { expect, test } from "./support/fixtures";

// Docs/decisions/073: staff cancel an order at every stage before dispatch, with a reason, and refund
// it in the same step; the buyer is told once, and the refund's credit note says why.

test("an order in production is cancelled and refunded in one step, and the buyer gets one e-mail saying why", async ({
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
    marker: "Stop please",
    email: buyer.email,
    vatNumber: "GB980780684",
  });
  const { orderId, orderNumber } = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto(`/admin/orders/${orderId}`);
  await staff.getByLabel("Proof version 1").setInputFiles({ name: "cap.png", mimeType: "image/png", buffer: PNG });
  await staff.getByRole("button", { name: "Send proof version 1" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Proof version 1 sent to the buyer." })).toBeVisible();
  await page.goto(`/orders/${orderId}`);
  await page.getByRole("button", { name: "Approve version 1" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Proof approved");
  await staff.reload();
  await staff.getByLabel("New status").selectOption({ label: "In production" });
  await staff.getByRole("button", { name: "Change status" }).click();
  await expect(staff.getByRole("status").filter({ hasText: 'is now "In production"' })).toBeVisible();
  // The status menu no longer cancels: the card does, with a reason.
  await expect(staff.getByRole("option", { name: "Cancelled" })).toHaveCount(0);

  const cancelCard = staff.getByRole("region", { name: "Cancel this order" });
  await cancelCard.getByRole("button", { name: `Cancel order ${orderNumber}` }).click();
  // The browser asks for the reason first (it is required); the server says so too.
  await expect(cancelCard.getByLabel("Reason for cancelling")).toBeFocused();
  await cancelCard.getByLabel("Reason for cancelling").fill("The event was called off");
  // 100 caps at £5.50, 10 % off, £18.00 shipping, VAT 20 %: £615.60, all of it back to the card.
  await expect(cancelCard.getByLabel("Refund the £615.60 left to the card, with a credit note")).toBeChecked();
  await cancelCard.getByRole("button", { name: `Cancel order ${orderNumber}` }).click();
  await expect(
    staff.getByText(
      new RegExp(
        `^Order ${orderNumber} is now "Cancelled"\\. Refunded £615\\.60 to the card\\. Credit note (CN-\\d{4}-\\d{6}) issued and e-mailed to the buyer\\. The order is now "Refunded"\\.$`,
      ),
    ),
  ).toBeVisible();
  await expect(staff.getByRole("region", { name: "Cancel this order" })).toHaveCount(0);
  await expect(staff.getByRole("region", { name: "Refund", exact: true })).toContainText(
    "The invoice is credited in full",
  );
  // The audit log shows the status change, the cancellation and the refund, each with before and
  // after, found by the order's number (docs/decisions/081-audit-log.md).
  await staff.getByRole("link", { name: "Audit log", exact: true }).click();
  await staff.getByLabel("Words or id").fill(orderNumber);
  await staff.getByRole("button", { name: "Show" }).click();
  // Other journeys' orders are in the log too: read it once the filtered page has loaded.
  await expect(staff).toHaveURL(new RegExp(`[?&]q=${orderNumber}(&|$)`));
  await expect(staff.getByLabel("Words or id")).toHaveValue(orderNumber);
  const entries = staff.getByTestId("audit-event");
  await expect(entries).toHaveCount(4);
  const moved = entries.filter({ hasText: '"Proof approved" to "In production"' });
  await expect(moved.getByTestId("audit-before")).toHaveText('{"status":"proof_approved"}');
  await expect(moved.getByTestId("audit-after")).toContainText('"status":"in_production"');
  const cancelled = entries.filter({ hasText: "cancelled from" });
  await expect(cancelled.getByTestId("audit-before")).toHaveText('{"status":"in_production"}');
  await expect(cancelled.getByTestId("audit-after")).toContainText('"status":"cancelled"');
  const refunded = entries.filter({ hasText: "£615.60 refunded to the card" });
  await expect(refunded.getByTestId("audit-before")).toHaveText('{"creditLeftPence":61560}');
  await expect(refunded.getByTestId("audit-after")).toContainText('"grossPence":61560');
  await staffContext.close();

  const mail = await mailbox.latest(buyer.email, /^Credit note CN-\d{4}-\d{6} for order/);
  expect(mail.text).toContain("We have refunded £615.60 including VAT");
  expect(mail.text).toContain("Reason: Order cancelled: The event was called off");
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Refunded");
  await expect(
    page.getByRole("link", { name: /^Download credit note CN-\d{4}-\d{6} for £615\.60 \(PDF\)$/ }),
  ).toBeVisible();
  // Told once: after the proof and approval e-mails, the credit note is the only one about the ending.
  const after = (await mailbox.all(buyer.email))
    .map((each) => each.subject)
    .filter((subject) => subject.includes(orderNumber) && !/confirmed|proof|Proof|in production/.test(subject));
  expect(after).toHaveLength(1);
});
