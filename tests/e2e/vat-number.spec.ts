import { addToCart, customiseToDetails } from "./support/checkout";
import { expect, newBuyer, signUpOverHttp, test } from "./support/fixtures";

// Decision 018: a VAT number, when given, is checked by its format and check digits; a bad one
// gets the message, keeps what was typed, and holds the step until it is fixed or cleared.
const MESSAGE = "Enter a valid VAT number, e.g. GB123456789";

test("a bad VAT number on Details is refused with the message and the typed number is kept", async ({
  page,
  mailbox,
}) => {
  test.slow();
  await signUpOverHttp(page.request, mailbox, newBuyer());
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  await customiseToDetails(page);
  await page.getByRole("group", { name: "Contact" }).getByLabel("Company*").fill("Analytical Ltd");
  await page.getByLabel("Phone (for courier/issues)*").fill("020 7946 0958");
  await page.getByLabel("Name*", { exact: true }).fill("Ada Lovelace");
  await page.getByLabel("Address line 1*").fill("1 Engine Street");
  await page.getByLabel("City*").fill("London");
  await page.getByLabel("Postcode*").fill("N1 9GU");
  await page.getByRole("checkbox", { name: /I accept the Terms/ }).check();
  const next = page.getByRole("button", { name: "Next: Add shipping details" });
  await expect(next).toBeEnabled();

  // GB123456789 has the right shape, but its check digits are wrong.
  const vat = page.getByLabel("VAT number (UK/EU, optional)");
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes("/api/drafts/") && (response.request().postData() ?? "").includes("GB123456789"),
  );
  await vat.fill("GB123456789");
  await vat.blur();
  await expect(vat).toHaveAccessibleDescription(new RegExp(MESSAGE));
  await expect(vat).toHaveAttribute("aria-invalid", "true");
  await expect(vat).toHaveValue("GB123456789");
  await expect(next).toBeDisabled();
  expect((await saved).ok()).toBe(true);

  // Nothing typed is lost: the number comes back as typed, still refused.
  await page.reload();
  await expect(vat).toHaveValue("GB123456789");
  await expect(page.getByText(MESSAGE)).toBeVisible();
  await expect(next).toBeDisabled();

  // A good number, typed as people do, is tidied to its invoice form when the buyer leaves the field.
  await vat.fill("gb 980 7806 84");
  await vat.blur();
  await expect(vat).toHaveValue("GB980780684");
  await expect(page.getByText(MESSAGE)).toHaveCount(0);
  await expect(next).toBeEnabled();
  // The number is optional: a blank one is fine.
  await vat.fill("");
  await expect(page.getByText(MESSAGE)).toHaveCount(0);
  await expect(next).toBeEnabled();
});
