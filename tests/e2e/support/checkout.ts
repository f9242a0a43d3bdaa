import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

type ProductChoices = { colour: string; customisation?: string; quantity?: number };

/** Adds a product to the cart from its page, as a buyer would. */
export async function addToCart(page: Page, productId: string, options: ProductChoices) {
  await chooseOnProductPage(page, productId, options);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
}

/** Opens a product's page and makes the buyer's choices: quantity, a customisation (else the first) and a colour. */
export async function chooseOnProductPage(page: Page, productId: string, options: ProductChoices) {
  await page.goto(`/product/${productId}`);
  if (options.quantity) {
    const quantity = page.getByLabel(/^Quantity/);
    await quantity.fill(String(options.quantity));
    await quantity.blur();
  }
  const customise = page.getByRole("group", { name: "Customise it" });
  await (options.customisation
    ? customise.getByRole("checkbox", { name: new RegExp(options.customisation) })
    : customise.getByRole("checkbox").first()
  ).check();
  await page
    .getByRole("radiogroup", { name: /^Colour for / })
    .getByRole("radio", { name: options.colour })
    .click();
}

/** Fills step 3 with a valid UK business. */
export async function fillDetails(page: Page) {
  await page.getByLabel("Full name*").fill("Jane Smith");
  await page.getByLabel("Work email*").fill("jane@acme-events.co.uk");
  await page.getByRole("group", { name: "Contact" }).getByLabel("Company*").fill("Acme Events Ltd");
  await page.getByLabel("Phone (for courier/issues)*").fill("020 7946 0958");
  await page.getByLabel("Name*", { exact: true }).fill("Jane Smith");
  await page.getByLabel("Address line 1*").fill("1 Canal Street");
  await page.getByLabel("City*").fill("London");
  await page.getByLabel("Postcode*").fill("N1 9AA");
  await page.getByRole("checkbox", { name: /I accept the Terms/ }).check();
}

/** From the cart into step 3 with the cart's first line, step 2's two confirmations ticked and saved. */
export async function customiseToDetails(page: Page) {
  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Your details" }).click();
  await expect(page.getByRole("heading", { name: DETAILS_HEADING })).toBeVisible();
}

export const DETAILS_HEADING = "Who should we send the invoice and mockups to?";

/** On the Payment step: pays with the test card and waits for "Payment received". */
export async function payWithTestCard(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
}

/** From the Shipping step, saved: through Design proofing to Payment, paid with the test card, to the order. */
export async function payAndViewOrder(page: Page) {
  await page.getByRole("button", { name: "Next: Design proofing" }).click();
  await page.getByRole("button", { name: "Next: Payment" }).click();
  await payWithTestCard(page);
  await page.getByRole("link", { name: "View your order" }).click();
}
