import type { Page } from "@playwright/test";
import { addToCart, fillDetails } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// A whole checkout is a long journey on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

/** Walks a cart line through steps 2–5 and lands on the payment step. */
async function checkoutTo(page: Page, productName: string) {
  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(page.getByRole("heading", { name: `Customise your ${productName}` })).toBeVisible();
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();
  await page.getByRole("button", { name: "Next: Your details" }).click();
  await fillDetails(page);
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await page.getByRole("radio", { name: "Express Air Freight" }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Design proofing" }).click();
  await expect(page.getByRole("heading", { name: "Design proofing" })).toBeVisible();
  await expect(page.getByTestId("proof-choice")).toHaveText("Designer mock-up");
  await page.getByRole("button", { name: "Next: Payment" }).click();
  await expect(page.getByText("Test mode: no card is charged")).toBeVisible();
}

async function payWith(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay now" }).click();
}

test("browse, customise, pay with 4242 and find the order", async ({ page, signedInBuyer: _buyer, mailbox }) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  await checkoutTo(page, "Custom Embroidered Cap");

  // 50 caps × £5.50 = £275.00, 10% first-order discount, £35 express, 20% VAT on the rest.
  await expect(page.getByTestId("summary-total")).toHaveText("£339.00");
  await expect(page.getByText("You'll be charged £339.00.")).toBeVisible();
  await payWith(page, "4242 4242 4242 4242");

  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  const number = (await page
    .getByText(/^Thank you\. Your order/)
    .locator("strong")
    .textContent())!;
  expect(number).toMatch(/^SS-\d{6}$/);
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");

  await page.goto("/orders");
  await expect(page.getByRole("link", { name: new RegExp(number) })).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();

  const confirmation = await mailbox.latest("jane@acme-events.co.uk", new RegExp(number));
  expect(confirmation.text).toMatch(/INV-\d{4}-\d{6}/);
  expect(confirmation.text).toContain("£339.00");
});

test("a declined card keeps the buyer on the payment step with the message", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "17", { colour: "Blue" });
  await checkoutTo(page, "Custom Yoga Mat");
  await payWith(page, "4242 4242 4242 4241");
  await expect(page.getByRole("alert")).toHaveText("Your card number is invalid.");
  await payWith(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(page).toHaveURL(/\/payment\?/);
});

test("signed out, the payment step asks the visitor to sign in", async ({ page }) => {
  await page.goto("/payment?draft_id=00000000-0000-4000-8000-000000000000&product_id=8");
  await expect(page.getByText("Please sign in to continue to payment.")).toBeVisible();
});

test("opening payment locks nothing: back to fix the address and the quantity, then pay the new total", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  await checkoutTo(page, "Custom Embroidered Cap");
  await expect(page.getByText("You'll be charged £339.00.")).toBeVisible();
  const paymentUrl = page.url();

  await page
    .getByRole("navigation", { name: "Checkout steps" })
    .getByRole("link", { name: /Shipping/ })
    .click();
  await expect(page.getByRole("heading", { name: "Where should we ship it?" })).toBeVisible();
  await page.getByLabel("Address line 1*").fill("2 Dock Road");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");

  await page.goto("/cart");
  const cap = page.getByTestId("cart-line").filter({ hasText: "Custom Embroidered Cap" });
  await cap.getByRole("button", { name: "Edit" }).click();
  await cap.getByLabel("Quantity of Custom Embroidered Cap", { exact: true }).fill("100");
  await cap.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("summary-goods")).toHaveText("£550.00");
  // The cart prices the method chosen in the checkout, express, not an estimate.
  await expect(page.getByTestId("summary-total")).toHaveText("£636.00");

  // 100 caps × £5.50 = £550.00, −£55.00 first-order discount, £35 express, 20% VAT: £636.00.
  await page.goto(paymentUrl);
  await expect(page.getByText("You'll be charged £636.00.")).toBeVisible();
  await payWith(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByText("2 Dock Road")).toBeVisible();
  await expect(page.getByText("£636.00").first()).toBeVisible();
});
