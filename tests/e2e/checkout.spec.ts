import type { Page } from "@playwright/test";
import { addToCart, customiseToDetails, DETAILS_HEADING, fillDetails } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Walking steps 2 to 4 with reloads is a long journey on a 2-core machine.
test.describe.configure({ timeout: 60_000 });

test("steps 2 to 4 autosave into a draft that survives a reload and a trip back to step 2", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 120 });
  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();

  await expect(page.getByRole("heading", { name: "Customise your Custom Embroidered Cap" })).toBeVisible();
  const next = page.getByRole("button", { name: "Next: Your details" });
  await expect(next).toBeDisabled();
  // Only the cap's own methods, embroidery preselected; Next says why it waits.
  const branding = page.getByRole("group", { name: "Branding method" });
  await expect(branding.getByRole("radio")).toHaveCount(2);
  await expect(branding.getByRole("radio", { name: "Embroidery" })).toBeChecked();
  await expect(branding.getByRole("radio", { name: "DTF transfer" })).not.toBeChecked();
  const stillNeeded = page.getByText(/^Still needed:/);
  await expect(stillNeeded).toHaveText(
    "Still needed: confirming you have the rights to the artwork, acknowledging the lead time.",
  );
  await page.getByLabel("Placement").fill("Centred on the front panel, 8 cm wide");
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await expect(next).toBeDisabled();
  await expect(stillNeeded).toHaveText("Still needed: acknowledging the lead time.");
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();
  await expect(stillNeeded).toHaveCount(0);
  await expect(next).toBeEnabled();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(page).toHaveURL(/draft_id=[0-9a-f-]{36}/);

  await page.reload();
  await expect(page.getByLabel("Placement")).toHaveValue("Centred on the front panel, 8 cm wide");
  await expect(page.getByRole("radio", { name: "Embroidery" })).toBeChecked();
  await next.click();

  await expect(page.getByRole("heading", { name: "Who should we send the invoice and mockups to?" })).toBeVisible();
  await expect(page).toHaveURL(/\/details\?draft_id=.+&product_id=8$/);
  const toShipping = page.getByRole("button", { name: "Next: Add shipping details" });
  await fillDetails(page);
  await page.getByLabel("Phone (for courier/issues)*").fill("12345");
  await expect(page.getByText("Enter a valid phone number, e.g. +44 20 7946 0958")).toBeVisible();
  await expect(toShipping).toBeDisabled();
  await page.getByLabel("Phone (for courier/issues)*").fill("020 7946 0958");
  await expect(toShipping).toBeEnabled();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await toShipping.click();

  await expect(page.getByRole("heading", { name: "Where should we ship it?" })).toBeVisible();
  await expect(page.getByLabel("First name*")).toHaveValue("Jane");
  await expect(page.getByLabel("Last name*")).toHaveValue("Smith");
  const toProofing = page.getByRole("button", { name: "Next: Design proofing" });
  await expect(toProofing).toBeDisabled();
  await page.getByRole("radio", { name: "Standard Shipping" }).check();
  // 120 caps × £5.50 = £660.00 goods, 10% first-order discount, £18 shipping, 20% VAT.
  await expect(page.getByTestId("summary-goods")).toHaveText("£660.00");
  await expect(page.getByTestId("summary-discount")).toHaveText("−£66.00");
  await expect(page.getByTestId("summary-total")).toHaveText("£734.40");
  await page.getByLabel("Delivery notes (optional)").fill("Reception open 9–5");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(toProofing).toBeEnabled();

  await page.goto("/debug/drafts");
  const row = page.getByTestId("draft-row").first();
  await expect(row).toContainText("shipping_done");
  await expect(row).toContainText('"placement_details": "Centred on the front panel, 8 cm wide"');
  await expect(row).toContainText('"method": "standard"');
  await expect(row).toContainText('"method": "embroidery"');
  await expect(row).toContainText('"total": 73440');

  await page.goBack();
  await page.getByRole("link", { name: /Customisation/ }).click();
  await page.getByLabel("Placement").fill("Left side panel instead");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.goto("/debug/drafts");
  await expect(page.getByTestId("draft-row").first()).toContainText('"placement_details": "Left side panel instead"');
  await expect(page.getByTestId("draft-row").first()).toContainText('"city": "London"');
  await expect(page.getByTestId("draft-row").first()).toContainText('"method": "standard"');
});

test("a failed save shows the error box, keeps the input and succeeds on retry", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "16", { colour: "Red" });
  await page.goto("/customization?product_id=16");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  let failing = true;
  await page.route("**/api/drafts/*", async (route) => {
    if (failing && route.request().method() === "POST") {
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "BOOM", message: "boom" } }),
      });
    } else await route.continue();
  });
  await page.getByLabel("Placement").fill("Debossed on the cover");
  await expect(page.getByRole("alert").filter({ hasText: "Save Error:" })).toContainText("Save failed: boom");
  await expect(page.getByLabel("Placement")).toHaveValue("Debossed on the cover");
  failing = false;
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
  await page.reload();
  await expect(page.getByLabel("Placement")).toHaveValue("Debossed on the cover");
});

test("a second tab's newer save is loaded, not overwritten", async ({ page, signedInBuyer: _buyer, context }) => {
  await addToCart(page, "17", { colour: "Blue" });
  await page.goto("/customization?product_id=17");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  const url = page.url();
  const other = await context.newPage();
  await other.goto(url);
  await other.getByLabel("Placement").fill("Corner print from tab two");
  await expect(other.getByTestId("save-status")).toHaveText("Saved");
  await page.getByLabel("Placement").fill("Edit from tab one");
  await expect(
    page.getByText("This draft was changed in another tab or window, so the latest version has been loaded."),
  ).toBeVisible();
  await expect(page.getByLabel("Placement")).toHaveValue("Corner print from tab two");
});

test("artwork: a PDF and an EPS are accepted, a PNG renamed .pdf is refused, a re-upload replaces", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "15", { colour: "Black" });
  await page.goto("/customization?product_id=15");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  // The shorts are printed, never engraved or debossed; DTF (heat transfer) first.
  const branding = page.getByRole("group", { name: "Branding method" });
  await expect(branding.getByRole("radio")).toHaveCount(2);
  await expect(branding.getByRole("radio", { name: "DTF transfer" })).toBeChecked();
  await expect(branding.getByRole("radio", { name: "Screen print" })).toBeVisible();

  const input = page.getByLabel("Upload artwork (.EPS, .PDF, .SVG, .PNG or .JPG)");
  // Each file is an item of the list; its findings are a list of their own.
  const files = page.getByRole("list", { name: "Uploaded artwork" }).locator(":scope > li");
  await input.setInputFiles("tests/e2e/fixtures/logo.pdf");
  await expect(files.filter({ hasText: "logo.pdf" })).toContainText("462 bytes");
  await input.setInputFiles("tests/e2e/fixtures/logo.eps");
  await expect(files.filter({ hasText: "logo.eps" })).toContainText("107 bytes");
  await input.setInputFiles("tests/e2e/fixtures/not-really.pdf");
  await expect(page.getByRole("alert")).toHaveText(
    "This file isn't what its name says (a valid PDF, EPS, SVG, PNG or JPEG). Export your artwork again and upload that.",
  );
  await expect(files).toHaveCount(2);
  // The same file again takes the first one's place rather than being listed twice.
  await input.setInputFiles("tests/e2e/fixtures/logo.pdf");
  await expect(page.getByRole("status").filter({ hasText: "logo.pdf was replaced" })).toHaveText(
    "logo.pdf was replaced with the file you just uploaded.",
  );
  await expect(files).toHaveCount(2);
  await expect(files.first()).toContainText("logo.pdf");
  await page.reload();
  await expect(files).toHaveCount(2);

  // The next autosave builds on the upload's version: no conflict.
  await page.getByLabel("Placement").fill("Left leg");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(page.getByText(/changed in another tab/)).toHaveCount(0);

  const download = await page.request.get((await page.getByRole("link", { name: "logo.pdf" }).getAttribute("href"))!);
  expect(download.headers()["content-disposition"]).toContain("attachment");
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("what is typed just before an upload, and while it runs, is saved with the file, not reloaded away", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  await page.goto("/customization?product_id=8");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  // The upload's answer is held back past the 600 ms debounce: a save sent meanwhile on the
  // version before the upload used to conflict and reload the form from the server's copy.
  await page.route("**/api/drafts/*/artwork", async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fulfill({ response });
  });
  await page.getByLabel("Placement").fill("Centred on the front panel");
  await page.getByLabel("Upload artwork (.EPS, .PDF, .SVG, .PNG or .JPG)").setInputFiles("tests/e2e/fixtures/logo.pdf");
  await page.getByLabel("Placement").fill("Centred on the front panel, 8 cm wide");
  await expect(page.getByRole("list", { name: "Uploaded artwork" })).toContainText("logo.pdf");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(page.getByText(/changed in another tab/)).toHaveCount(0);
  await expect(page.getByLabel("Placement")).toHaveValue("Centred on the front panel, 8 cm wide");
  await page.reload();
  await expect(page.getByLabel("Placement")).toHaveValue("Centred on the front panel, 8 cm wide");
  await expect(page.getByRole("list", { name: "Uploaded artwork" })).toContainText("logo.pdf");
});

/**
 * Holds the draft's creation (step 2's opening save) until `release`, so what the buyer does
 * meanwhile falls while it is under way whatever the machine's speed; `creating` settles once it
 * has been sent.
 */
async function holdDraftCreation(page: Page) {
  let sent!: () => void;
  const creating = new Promise<void>((resolve) => (sent = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/drafts", async (route) => {
    sent();
    await released;
    await route.continue();
  });
  return { creating, release };
}

test("what is chosen on arrival at step 2, before and while its draft is created, is saved and reloads as chosen", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  const { creating, release } = await holdDraftCreation(page);
  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(page.getByRole("heading", { name: "Customise your Custom Embroidered Cap" })).toBeVisible();
  const rights = page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." });
  const leadTime = page.getByRole("checkbox", {
    name: "I understand lead time starts after payment and proof approval.",
  });
  await rights.check();
  await creating;
  await leadTime.check();
  await page.getByLabel("Placement").fill("Centred on the front panel");
  release();

  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(page).toHaveURL(/draft_id=[0-9a-f-]{36}/);
  await page.reload();
  // The reloaded page's own opening save settles before anything is read: a page loaded from an
  // older copy would show that copy, or a conflict notice once that save met the newer version.
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(page.getByText(/changed in another tab/)).toHaveCount(0);
  await expect(rights).toBeChecked();
  await expect(leadTime).toBeChecked();
  await expect(page.getByLabel("Placement")).toHaveValue("Centred on the front panel");
});

test("what is chosen on step 2 while its draft is created is saved even when the buyer leaves by a link", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  const { creating, release } = await holdDraftCreation(page);
  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  const rights = page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." });
  await rights.check();
  await creating;
  await page.getByLabel("Placement").fill("Left of the peak");
  // Left while the draft does not exist yet: the choice goes in a save on the created draft.
  await page.getByRole("link", { name: "Back to Cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const saved = page.waitForResponse((response) => /\/api\/drafts\/[0-9a-f-]{36}$/.test(response.url()));
  release();
  expect((await saved).status()).toBe(200);
  // The late answer leaves the cart's address alone.
  await expect(page).toHaveURL(/\/cart$/);

  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(rights).toBeChecked();
  await expect(page.getByLabel("Placement")).toHaveValue("Left of the peak");
});

test("an order to Jersey pays no UK VAT and the summary says why; one to the Isle of Man pays it", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  await customiseToDetails(page);
  await fillDetails(page);
  await page.getByLabel("Postcode*").fill("JE2 3AB");
  await expect(page.getByTestId("summary-vat-note")).toHaveText(
    "Jersey is outside the UK for VAT: goods sent there are exports, so no UK VAT is charged. Jersey may charge its own import taxes.",
  );
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await expect(page.getByRole("heading", { name: "Where should we ship it?" })).toBeVisible();
  await page.getByLabel("Postcode*").fill("JE2 3AB");
  await page.getByRole("radio", { name: "Standard Shipping" }).check();
  // 50 caps × £5.50 = £275.00, first-order discount −£27.50, shipping £18.00: £265.50 and no VAT.
  await expect(page.getByTestId("summary-vat")).toHaveText("£0.00");
  await expect(page.getByTestId("summary-total")).toHaveText("£265.50");
  await expect(page.getByTestId("summary-vat-note")).toContainText("Jersey is outside the UK for VAT");

  // The Isle of Man is in the UK for VAT: £265.50 + 20% = £318.60.
  await page.getByLabel("Postcode*").fill("IM1 1AD");
  await expect(page.getByTestId("summary-total")).toHaveText("£318.60");
  await expect(page.getByTestId("summary-vat-note")).toHaveText(
    "The Isle of Man is in the UK for VAT, so UK VAT at 20% is charged.",
  );
  await page.getByLabel("Postcode*").fill("EC1A 1BB");
  await expect(page.getByTestId("summary-total")).toHaveText("£318.60");
  await expect(page.getByTestId("summary-vat-note")).toHaveCount(0);
});

test("visitors see the empty cart and no draft on the steps", async ({ page }) => {
  await page.goto("/customization");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await page.goto("/details?draft_id=00000000-0000-4000-8000-000000000000&product_id=8");
  await expect(page.getByText("No draft found.")).toBeVisible();
  await page.goto("/shipping");
  await expect(page.getByText("No draft found.")).toBeVisible();
  await page.goto("/debug/drafts");
  await expect(page.getByText("Sign in to view your drafts.")).toBeVisible();
});

test("autosave waits 600 ms after the last change and then saves once", async ({ page, signedInBuyer: _buyer }) => {
  await addToCart(page, "8", { colour: "Navy" });
  await page.clock.install({ time: new Date("2026-11-20T10:00:00Z") });
  await page.goto("/customization?product_id=8");
  // Time stands still from here; the opening save has had its 600 ms.
  await page.clock.pauseAt(new Date("2026-11-20T10:01:00Z"));
  await expect(page.getByTestId("save-status")).toHaveText("Saved");

  const saves: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/api\/drafts\//.test(request.url())) saves.push(request.url());
  });
  await page.getByLabel("Placement").pressSequentially("Back");
  await page.clock.runFor(599);
  expect(saves).toHaveLength(0);
  await page.clock.runFor(1);
  await expect.poll(() => saves.length).toBe(1);
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
});

test("an address changed on step 4 is not copied over by a later Details save", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  await customiseToDetails(page);
  await fillDetails(page);
  const useBilling = page.getByRole("checkbox", { name: "Use the billing address for shipping" });
  await expect(useBilling).toBeChecked();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  // Details has an "Address line 1*" too (billing): wait for step 4 before touching it.
  const shippingHeading = page.getByRole("heading", { name: "Where should we ship it?" });
  await expect(shippingHeading).toBeVisible();

  const line1 = page.getByLabel("Address line 1*");
  await expect(line1).toHaveValue("1 Canal Street");
  await line1.fill("2 Dock Road");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("link", { name: "Back to Details" }).click();

  await expect(page.getByRole("heading", { name: DETAILS_HEADING })).toBeVisible();
  await expect(useBilling).not.toBeChecked();
  await page.getByLabel("PO / Reference").fill("PO-77");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await expect(shippingHeading).toBeVisible();
  await expect(line1).toHaveValue("2 Dock Road");
});

test("a change made just before leaving a step by its Back link is saved, not dropped", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  await customiseToDetails(page);
  const heading = page.getByRole("heading", { name: DETAILS_HEADING });

  // Within the 600 ms before autosave fires.
  await page.getByLabel("PO / Reference").fill("PO-LAST-SECOND");
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Customise your Custom Embroidered Cap" })).toBeVisible();
  await page.getByRole("button", { name: "Next: Your details" }).click();
  await expect(heading).toBeVisible();
  await expect(page.getByLabel("PO / Reference")).toHaveValue("PO-LAST-SECOND");
});
