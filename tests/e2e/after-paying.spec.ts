import { addToCart, fillDetails } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Every step to a paid order on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

test("after paying, the confirmation sums up the order and the order page shows every choice, in words", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 120 });
  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await page.getByRole("radio", { name: "Embroidery" }).check();
  await page.getByLabel("Placement").fill("Centred on the front panel, 8 cm wide");
  await page.getByLabel("Upload artwork (.EPS, .PDF, .SVG, .PNG or .JPG)").setInputFiles("tests/e2e/fixtures/logo.pdf");
  await expect(page.getByRole("list", { name: "Uploaded artwork" })).toContainText("logo.pdf");
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Your details" }).click();

  await fillDetails(page);
  // Before a method is chosen the summary says so, rather than "Shipping £0.00" (item 7).
  await expect(page.getByTestId("summary-shipping")).toHaveText("Choose a shipping method");
  await page.getByLabel("PO / Reference").fill("PO-4471");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();

  // Each method shows its own delivery window (item 4).
  await expect(page.getByTestId("window-standard")).toHaveText(/^\w{3}, \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByTestId("window-express")).toHaveText(/^\w{3}, \w{3} \d{1,2}, \d{4}/);
  await page.getByRole("radio", { name: "Express Air Freight" }).check();
  await page.getByLabel("Delivery notes (optional)").fill("Reception open 9–5");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Design proofing" }).click();
  await page.getByRole("button", { name: "Next: Payment" }).click();

  // 120 × £5.50 = £660.00, −£66.00, £35.00 express, VAT £125.80: £754.80.
  await expect(page.getByText("You'll be charged £754.80.")).toBeVisible();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay now" }).click();

  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByTestId("confirmation-line")).toHaveText(["120 × Custom Embroidered Cap£660.00 ex VAT"]);
  await expect(page.getByTestId("summary-total")).toHaveText("£754.80");
  const next = page.getByTestId("next-steps");
  await expect(next).toContainText(/We'll send your proof by \w{3}, \w{3} \d{1,2}, \d{4} \(within 2 working days/);
  await expect(next).toContainText(/Estimated \w{3}, \w{3} \d{1,2}, \d{4}/);

  await page.getByRole("link", { name: "View your order" }).click();
  const line = page.getByTestId("order-line");
  await expect(line).toContainText("120 × Custom Embroidered Cap");
  await expect(line).toContainText("Navy");
  await expect(line).toContainText("Front embroidery");
  await expect(line).toContainText("Embroidery");
  await expect(line).toContainText("Centred on the front panel, 8 cm wide");
  await expect(line).toContainText("logo.pdf");
  const order = page.getByTestId("order-details");
  await expect(order).toContainText("PO-4471");
  await expect(order).toContainText("Acme Events Ltd");
  await expect(order.getByRole("definition").filter({ hasText: "1 Canal Street" })).toHaveCount(2);
  await expect(order).toContainText("Express Air Freight");
  await expect(order).toContainText("Reception open 9–5");
  await expect(page.getByTestId("payment-status")).toHaveText(/^Paid by card on \w{3}, \w{3} \d{1,2}, \d{4}$/);
  await expect(page.locator("body")).not.toContainText("pi_");
});
