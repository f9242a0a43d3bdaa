import { PDF } from "./support/api";
import { addToCart } from "./support/checkout";
import { expect, test } from "./support/fixtures";
import { expectAccessible } from "./support/axe";

// A buyer keeps logos, colours and placement notes in a brand kit on the account
// pages, and step 2 offers them instead of a new upload: picking a logo attaches a copy to the
// line's draft as an upload would, so the design proofing step lists it.

test("keep a logo, colours and notes in the brand kit and pick the logo in step 2", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  test.setTimeout(120_000);
  await page.goto("/account");
  await page.getByRole("link", { name: /Your brand kit/ }).click();
  await expect(page.getByRole("heading", { name: "Brand kit", level: 1 })).toBeVisible();
  await expect(page.getByText("No logos yet.")).toBeVisible();

  await page
    .getByLabel("Add a logo")
    .setInputFiles({ name: "acme-logo.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByText("acme-logo.pdf was added to your brand kit.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Logos in your brand kit" })).toContainText("acme-logo.pdf");

  // A bad colour is refused with a reason, and what was typed stays.
  await page.getByLabel("Brand colours (hex)").fill("#1F2A56, navy");
  await page.getByLabel("Default placement notes").fill("Centred on the front, 8 cm wide");
  await page.getByRole("button", { name: "Save brand kit" }).click();
  await expect(page.getByText('"navy" is not a colour: use six hex digits, like #1F2A56.')).toBeVisible();
  await expect(page.getByLabel("Brand colours (hex)")).toHaveValue("#1F2A56, navy");
  await expect(page.getByLabel("Default placement notes")).toHaveValue("Centred on the front, 8 cm wide");
  await page.getByLabel("Brand colours (hex)").fill("#1F2A56, f26b12");
  await page.getByRole("button", { name: "Save brand kit" }).click();
  await expect(page.getByText("Brand kit saved.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Brand colours" })).toContainText("#F26B12");
  await expectAccessible(page, "the brand kit page");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/brand-kit-${width}.png`, fullPage: true });
  }

  // Step 2 offers the kit; the logo goes into the draft as an upload would.
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  const kit = page.getByTestId("brand-kit");
  await expect(kit).toContainText("#1F2A56");
  await kit.getByRole("button", { name: "Use acme-logo.pdf" }).click();
  await expect(page.getByText("acme-logo.pdf from your brand kit was added.")).toBeVisible();
  await expect(kit.getByRole("button", { name: "Use acme-logo.pdf" })).toHaveText("Added");
  await kit.getByRole("button", { name: "Use these placement notes" }).click();
  await expect(page.locator("#placement")).toHaveValue("Centred on the front, 8 cm wide");
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expectAccessible(page, "step 2 with the brand kit");
  await page.screenshot({ path: "/tmp/brand-kit-step2-1280.png", fullPage: false });

  // After a reload the draft still holds the copy and the notes.
  await page.reload();
  await expect(page.getByRole("button", { name: "Remove acme-logo.pdf" })).toBeVisible();
  await expect(page.locator("#placement")).toHaveValue("Centred on the front, 8 cm wide");
});
