import { readFileSync } from "node:fs";
import { pdfText } from "../setup/pdf-text";
import { completeDraft, PNG, signInAsStaff } from "./support/api";
import { expect, test } from "./support/fixtures";

// docs/decisions/022-bank-transfer.md: pay by bank transfer, staff mark it received, the order moves on; docs/decisions/036-mail-to-confirmed-addresses.md:
// staff record the amount that arrived, and a shortfall is accepted explicitly and stays flagged.

test("an order over the bank transfer limit is offered the card only, with the reason", async ({
  page,
  signedInBuyer: buyer,
}) => {
  // 2,000 caps: well over the default £5,000 limit however the tiers price them.
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 2000,
    marker: "Over the limit",
    email: buyer.email,
    vatNumber: "GB980780684",
  });
  await page.goto(`/payment?draft_id=${draftId}&product_id=8`);
  const transfer = page.getByRole("region", { name: "Pay by bank transfer" });
  await expect(transfer.getByTestId("transfer-over-limit")).toHaveText(
    /^Bank transfer is for orders up to £5,000\.00 including VAT\. Please pay for this one by card, or on account: apply from your account page, or write to .+\. Your checkout is saved\.$/,
  );
  await expect(transfer.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
});

test("a buyer pays by bank transfer against a pro-forma; staff mark the money in and the order moves on", async ({
  page,
  browser,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(150_000);
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker: "Transfer journey",
    email: buyer.email,
    vatNumber: "GB980780684",
  });

  // The payment step offers a bank transfer beside the card form.
  await page.goto(`/payment?draft_id=${draftId}&product_id=8`);
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  const transfer = page.getByRole("region", { name: "Pay by bank transfer" });
  await expect(transfer).toContainText("pay within 14 days quoting your order number");
  // Placing it is confirmed first; before-and-after-paying.spec.ts checks what it says.
  await transfer.getByRole("button", { name: "Pay by bank transfer instead" }).click();
  await transfer.getByRole("button", { name: "Place order and pay by bank transfer" }).click();

  // The order is placed, awaiting the transfer, with how to pay.
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  // The URL changes before the order page has replaced the payment step: wait for its heading.
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Order SS-\d{6}$/);
  const orderNumber = (await heading.textContent())!.replace("Order ", "");
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting transfer");
  await expect(page.getByTestId("payment-status")).toHaveText(
    /^Awaiting your bank transfer, due by \w{3}, \w{3} \d+, \d{4}$/,
  );
  await expect(page.getByTestId("transfer-payment")).toContainText(`quoting ${orderNumber} as the payment reference`);
  await expect(page.getByText("Total to pay")).toHaveCount(2);
  // No delivery date is promised on an unpaid order: the estimate says what it waits for.
  await expect(page.getByText(/^Estimated .+ if the proof is approved and your transfer arrives today$/)).toBeVisible();

  // The pro-forma invoice downloads with the bank details and the order number as the reference.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /^Download pro-forma invoice PF-\d{4}-\d{6} \(PDF\)$/ }).click();
  const pdf = readFileSync((await (await download).path())!);
  const text = (await pdfText(pdf)).replace(/\s+/g, " ");
  expect(text).toContain("Pro-forma invoice");
  expect(text).toContain(`Payment reference: ${orderNumber}`);
  expect(text).toMatch(
    /Pay by bank transfer Account name: .+ Sort code: .+ Account number: .+ IBAN: .+ Payment reference/,
  );

  // And the e-mail says how to pay.
  const placed = await mailbox.latest(buyer.email, new RegExp(`^Order ${orderNumber}: pay by bank transfer by`));
  expect(placed.text).toContain(`quoting ${orderNumber} as the payment reference.`);
  expect(placed.text).toMatch(/Sort code: /);

  // Staff find it awaiting the transfer and mark the money received.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto(page.url().replace("/orders/", "/admin/orders/"));
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderNumber}`);
  const card = staff.getByRole("region", { name: "Bank transfer" });
  await expect(card).toContainText(orderNumber);
  // Staff type what the bank account shows (decision 036): less than is due is kept as a part
  // payment (decision 079), the order waits for the rest, and the buyer is asked for it.
  const amount = card.getByLabel("Amount received (£)");
  await expect(amount).toHaveValue("");
  await amount.fill("1.00");
  await card.getByRole("button", { name: "Record the payment" }).click();
  await expect(
    card.getByText(
      new RegExp(`^£1\\.00 recorded for order ${orderNumber} as a part payment: £[\\d,.]+ is still due by`),
    ),
  ).toBeVisible();
  await expect(card).toContainText(/Part payments received\s*£1\.00/);
  await page.reload();
  await expect(page.getByTestId("transfer-payment")).toContainText(
    "We have received £1.00, thank you. Pay the remaining £",
  );
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting transfer");
  // The rest will not come: staff accept the shortfall with nothing more, leaving the amount empty.
  await expect(amount).toHaveValue("");
  await card.getByLabel(/^Accept the shortfall/).check();
  await card.getByRole("button", { name: "Record the payment" }).click();
  await expect(
    staff.getByRole("status").filter({ hasText: `Transfer received for order ${orderNumber}` }),
  ).toBeVisible();
  await expect(card).toContainText(/Received.+by .*\(/);
  await expect(card.getByRole("button", { name: "Record the payment" })).toHaveCount(0);
  // The difference stays flagged on the order for staff, with both figures.
  await expect(card.getByTestId("transfer-difference")).toHaveText(
    /^Underpaid: £1\.00 received of £[\d,.]+ due, short by £[\d,.]+\. The shortfall was accepted\.$/,
  );
  await expect(card).toContainText(/Amount received\s*£1\.00/);
  await expect(
    staff.getByText(/^Bank transfer received: £1\.00 of £[\d,.]+ due, short by £[\d,.]+ \(shortfall accepted\)$/),
  ).toBeVisible();

  // The order moves on: staff send the proof, and the buyer sees it paid with the proof waiting.
  await staff.getByLabel("Proof version 1").setInputFiles({ name: "cap-v1.png", mimeType: "image/png", buffer: PNG });
  await staff.getByRole("button", { name: "Send proof version 1" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Proof version 1 sent to the buyer." })).toBeVisible();
  await staffContext.close();

  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Proof ready for you");
  await expect(page.getByTestId("payment-status")).toHaveText(/^Paid by bank transfer on \w{3}, \w{3} \d+, \d{4}$/);
  await expect(page.getByText("Total paid")).toHaveCount(2);
});
