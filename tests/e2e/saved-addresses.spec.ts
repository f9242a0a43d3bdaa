import { completeDraft, payInTestMode, startPayment } from "./support/api";
import { addToCart, customiseToDetails } from "./support/checkout";
import { axeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

// The addresses of earlier orders are offered on Details and Shipping; picking one
// fills the form, which saves like anything typed.

test("pick a saved billing address on Details and a saved delivery address on Shipping", async ({
  page,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const older = `Older ${stamp}`;
  const newer = `Newer ${stamp}`;
  for (const marker of [older, newer]) {
    const draftId = await completeDraft(page.request, {
      productId: "8",
      colour: "#1f2a56",
      customisation: "Front embroidery",
      branding: "embroidery",
      quantity: 50,
      marker,
      email: buyer.email,
    });
    await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));
  }

  await addToCart(page, "17", { colour: "Blue" });
  await customiseToDetails(page);
  const billing = page.getByRole("group", { name: "Billing address" });
  // The last order fills the blanks; the older address is one choice away.
  await expect(billing.getByLabel("Company")).toHaveValue(`${newer} Ltd`);
  const billingChoice = page.getByLabel("Use a billing address from an earlier order");
  await expect(billingChoice.locator("option")).toHaveCount(3);
  await billingChoice.selectOption({ label: `Jane Smith, ${older} Ltd, 1 Canal Street, London N1 9AA` });
  await expect(billing.getByLabel("Company")).toHaveValue(`${older} Ltd`);
  await expect(billing.getByLabel("Address line 1*")).toHaveValue("1 Canal Street");
  await page.getByRole("checkbox", { name: /I accept the Terms/ }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.reload();
  await expect(page.getByRole("group", { name: "Billing address" }).getByLabel("Company")).toHaveValue(`${older} Ltd`);

  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  const shipTo = page.getByRole("group", { name: "Ship to" });
  const deliveryChoice = page.getByLabel("Use a delivery address from an earlier order");
  await deliveryChoice.selectOption({ label: `Jane Smith, ${newer} Ltd, 1 Canal Street, London N1 9AA` });
  await expect(shipTo.getByLabel("Company").first()).toHaveValue(`${newer} Ltd`);
  await expect(shipTo.getByLabel("Address line 1*")).toHaveValue("1 Canal Street");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/saved-address-shipping-${width}.png`, fullPage: false });
  }
});
