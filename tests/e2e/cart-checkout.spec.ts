import type { Page } from "@playwright/test";
import { addToCart, fillDetails } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Two products through every step on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** Ticks step 2's two confirmations of the line on screen. */
async function confirmLine(page: Page) {
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();
}

/** Fills the test card form of the payment step and pays. */
async function payWith4242(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay now" }).click();
}

/** The order number /inquiry-success thanks the buyer for. */
async function thankedOrder(page: Page) {
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  return (await page
    .getByText(/^Thank you\. Your order/)
    .locator("strong")
    .textContent())!;
}

/**
 * 250 caps and 100 shorts through steps 2 to 5, each step once for the cart, to the payment step.
 * 250 × £5.50 + 100 × £10.40 = £2,415.00; −£241.50 first-order discount; £18.00 shipping once;
 * VAT 20% of £2,191.50 = £438.30; total £2,629.80.
 */
async function twoProductsToPayment(page: Page) {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 250 });
  await addToCart(page, "15", { colour: "Black", customisation: "Leg logo print", quantity: 100 });

  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(page.getByRole("heading", { name: "Customise your Custom Embroidered Cap" })).toBeVisible();
  const lines = page.getByRole("navigation", { name: "Products in this order" });
  await expect(lines.getByRole("link")).toHaveText(["Custom Embroidered Cap", "Custom Running Shorts"]);
  await confirmLine(page);
  await page.getByRole("button", { name: "Next: Custom Running Shorts" }).click();

  await expect(page.getByRole("heading", { name: "Customise your Custom Running Shorts" })).toBeVisible();
  await expect(lines.getByRole("link", { name: /Custom Embroidered Cap/ })).toContainText("✓");
  await confirmLine(page);
  // The shorts are ordered as a size split adding up to the quantity.
  const sizes = page.getByRole("group", { name: "Sizes" });
  await sizes.getByLabel("M", { exact: true }).fill("60");
  await sizes.getByLabel("L", { exact: true }).fill("40");
  await page.getByRole("button", { name: "Next: Your details" }).click();

  await expect(page.getByRole("heading", { name: "Who should we send the invoice and mockups to?" })).toBeVisible();
  await expect(page.getByTestId("summary-line")).toHaveCount(2);
  await fillDetails(page);
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await page.getByRole("radio", { name: "Standard Shipping" }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(page.getByTestId("summary-line-total")).toHaveText(["£1,375.00", "£1,040.00"]);
  await expect(page.getByTestId("summary-goods")).toHaveText("£2,415.00");
  await expect(page.getByTestId("summary-shipping")).toHaveText("£18.00");
  await expect(page.getByTestId("summary-total")).toHaveText("£2,629.80");
  await page.getByRole("button", { name: "Next: Design proofing" }).click();

  await expect(page.getByRole("heading", { name: "Design proofing" })).toBeVisible();
  await expect(page.getByTestId("proof-choice")).toHaveText(["Designer mock-up", "Designer mock-up"]);
  await page.getByRole("button", { name: "Next: Payment" }).click();
  await expect(page.getByText("You'll be charged £2,629.80.")).toBeVisible();
}

test("two products, one pass: customise both, one Details, one Shipping, pay once, one order with two lines", async ({
  page,
  signedInBuyer: _buyer,
  mailbox,
}) => {
  await twoProductsToPayment(page);
  await payWith4242(page);
  const number = await thankedOrder(page);
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId("order-line")).toHaveCount(2);
  await expect(page.getByText("£2,629.80").first()).toBeVisible();

  await page.goto("/orders");
  await expect(page.getByRole("link", { name: /^SS-/ })).toHaveCount(1);
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();

  const invoice = await mailbox.latest("jane@acme-events.co.uk", new RegExp(number));
  expect(invoice.text).toContain("250 × Custom Embroidered Cap");
  expect(invoice.text).toContain("100 × Custom Running Shorts");
  expect(invoice.text).toContain("Standard Shipping: £18.00");
  expect(invoice.text).toContain("Total paid: £2,629.80");
});

test("two tabs paying the same cart make one order", async ({ page, signedInBuyer: _buyer, context }) => {
  await twoProductsToPayment(page);
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByText("You'll be charged £2,629.80.")).toBeVisible();

  await payWith4242(page);
  const number = await thankedOrder(page);
  await payWith4242(other);
  expect(await thankedOrder(other)).toBe(number);

  await page.goto("/orders");
  await expect(page.getByRole("link", { name: /^SS-/ })).toHaveCount(1);
});
