import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// The whole checkout completable by keyboard, with visible focus. Long on a 2-core machine.
test.describe.configure({ timeout: 150_000 });

/**
 * True when the focused element shows where the focus is: an outline or a ring of its own, or, for a
 * visually hidden control (a file input), on its label, which is what the visitor sees.
 */
function focusIsVisible(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "nothing has the focus";
    const shows = (e: Element) => {
      const style = getComputedStyle(e);
      return (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
    };
    const box = element.getBoundingClientRect();
    if (box.width > 2 && box.height > 2 && shows(element)) return null;
    const label = element instanceof HTMLInputElement ? element.labels?.[0] : undefined;
    if (label && shows(label)) return null;
    return `no visible focus on ${element.outerHTML.slice(0, 160)}`;
  });
}

/** Presses Tab until `target` has the focus, checking that every stop on the way shows its focus. */
async function tabTo(page: Page, target: Locator, maxStops = 120) {
  for (let stop = 0; stop < maxStops; stop++) {
    await page.keyboard.press("Tab");
    expect(await focusIsVisible(page)).toBeNull();
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${maxStops} presses of Tab never reached ${target.toString()}`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

test("a buyer completes the whole checkout with the keyboard alone, always seeing where the focus is", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  // Step 1: the product page and the cart.
  await page.goto("/product/8");
  await tabTo(
    page,
    page.getByRole("group", { name: "Customise it" }).getByRole("checkbox", { name: /Front embroidery/ }),
  );
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("radiogroup", { name: /^Colour for / }).getByRole("radio", { name: "Navy" }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("radiogroup", { name: /^Colour for / }).getByRole("radio", { name: "Navy" }),
  ).toHaveAttribute("aria-checked", "true");
  await tabTo(page, page.getByRole("button", { name: "Add to Cart" }));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();

  await page.goto("/cart");
  await tabTo(page, page.getByRole("link", { name: "Next: Customise your product" }));
  await page.keyboard.press("Enter");

  // Step 2: customisation.
  await expect(page.getByRole("heading", { name: "Customise your Custom Embroidered Cap" })).toBeVisible();
  await tabTo(page, page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }));
  await page.keyboard.press("Space");
  await tabTo(
    page,
    page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }),
  );
  await page.keyboard.press("Space");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await tabTo(page, page.getByRole("button", { name: "Next: Your details" }));
  await page.keyboard.press("Enter");

  // Step 3: details.
  await expect(page.getByRole("heading", { name: "Who should we send the invoice and mockups to?" })).toBeVisible();
  await typeInto(page, page.getByLabel("Full name*"), "Jane Smith");
  await typeInto(page, page.getByLabel("Work email*"), "jane@acme-events.co.uk");
  await typeInto(page, page.getByRole("group", { name: "Contact" }).getByLabel("Company*"), "Acme Events Ltd");
  await typeInto(page, page.getByLabel("Phone (for courier/issues)*"), "020 7946 0958");
  await typeInto(page, page.getByLabel("Name*", { exact: true }), "Jane Smith");
  await typeInto(page, page.getByLabel("Address line 1*"), "1 Canal Street");
  await typeInto(page, page.getByLabel("City*"), "London");
  await typeInto(page, page.getByLabel("Postcode*"), "N1 9AA");
  await tabTo(page, page.getByRole("checkbox", { name: /I accept the Terms/ }));
  await page.keyboard.press("Space");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await tabTo(page, page.getByRole("button", { name: "Next: Add shipping details" }));
  await page.keyboard.press("Enter");

  // Step 4: shipping. Arrow keys move through a radio group; Tab reaches the group once.
  await expect(page.getByRole("heading", { name: "Where should we ship it?" })).toBeVisible();
  await tabTo(page, page.getByRole("radio", { name: "Standard Shipping" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: "Standard Shipping" })).toBeChecked();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await tabTo(page, page.getByRole("button", { name: "Next: Design proofing" }));
  await page.keyboard.press("Enter");

  // Step 5: proofing.
  await expect(page.getByRole("heading", { name: "Design proofing" })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Next: Payment" }));
  await page.keyboard.press("Enter");

  // Step 6: payment with the built-in test-mode card form.
  await expect(page.getByText("Test mode: no card is charged")).toBeVisible();
  await typeInto(page, page.getByLabel("Card number"), "4242 4242 4242 4242");
  await typeInto(page, page.getByLabel("Expiry (MM/YY)"), "12/30");
  await typeInto(page, page.getByLabel("CVC"), "123");
  await tabTo(page, page.getByRole("button", { name: "Pay now" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
});
