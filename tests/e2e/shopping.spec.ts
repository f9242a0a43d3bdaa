import { addToCart } from "./support/checkout";
import { expect, newBuyer, signUpOverHttp, test } from "./support/fixtures";

// Cart journeys save, re-price and reload several times: 22–26 s on an idle 2-core machine, so the
// default 30 s failed whenever the machine was busy.
test.describe.configure({ timeout: 60_000 });

test("favourite while signed out, sign in from the prompt, then favourite", async ({ page, mailbox, browser }) => {
  const buyer = newBuyer();
  const other = await browser.newContext();
  await signUpOverHttp(other.request, mailbox, buyer);
  await other.close();

  await page.goto("/products");
  await page.getByRole("button", { name: "Add Custom Yoga Mat to favourites" }).click();
  await expect(page.getByText("Please sign in to manage favourites.", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Sign in" });
  await dialog.getByLabel("E-mail or phone").fill(buyer.email);
  await dialog.getByLabel("Password", { exact: true }).fill(buyer.password);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Add Custom Yoga Mat to favourites" }).click();
  await expect(page.getByText("Added to favourites", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove Custom Yoga Mat from favourites" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.getByRole("link", { name: "Favourites" }).click();
  await expect(page.getByRole("heading", { name: "Your Favourites" })).toBeVisible();
  await expect(page.getByText("You have 1 favourite(s)")).toBeVisible();
  await page.getByRole("button", { name: "Remove Custom Yoga Mat from favourites" }).click();
  await expect(page.getByText("You have 0 favourite(s)")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse products" })).toHaveAttribute("href", "/products");
});

test("add to the shopping list, edit a row, clear the list", async ({ page, signedInBuyer: _buyer }) => {
  await page.goto("/product/16");
  const quantity = page.getByLabel(/^Quantity/);
  await quantity.fill("120");
  await quantity.blur();
  await page.getByRole("button", { name: "Add to shopping list" }).click();
  await page.getByLabel(/^Note \(optional/).fill("For the January onboarding packs");
  await page.getByRole("button", { name: "Save to list" }).click();
  await expect(page.getByText("Added to list", { exact: true })).toBeVisible();

  await page.goto("/shopping-list");
  const headers = page.getByRole("columnheader");
  await expect(headers).toHaveText(["Product", "Unit Price", "Quantity", "Total", "Notes", "Actions"]);
  const row = page.getByRole("row", { name: /Branded A5 Diary/ });
  await expect(row).toContainText("120");
  await expect(page.getByTestId("list-total")).toHaveText("£268.80");

  await row.getByRole("button", { name: "Edit" }).click();
  await row.getByLabel("Quantity of Branded A5 Diary", { exact: true }).fill("1000");
  await row.getByLabel("Notes for Branded A5 Diary").fill("Whole company");
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("list-total")).toHaveText("£268.80");

  await row.getByRole("button", { name: "Edit" }).click();
  await row.getByLabel("Quantity of Branded A5 Diary", { exact: true }).fill("20");
  await row.getByLabel("Quantity of Branded A5 Diary", { exact: true }).blur();
  await expect(row.getByLabel("Quantity of Branded A5 Diary", { exact: true })).toHaveValue("50");
  await row.getByLabel("Quantity of Branded A5 Diary", { exact: true }).fill("1000");
  await row.getByLabel("Notes for Branded A5 Diary").fill("Whole company");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row).toContainText("Whole company");
  await expect(page.getByTestId("list-total")).toHaveText("£1,650.00");
  await expect(page.getByRole("link", { name: "Ask a Merch Expert" })).toHaveAttribute("target", "_blank");

  await page.getByRole("button", { name: "Clear Shopping List" }).click();
  await expect(page.getByRole("heading", { name: "Your shopping list is empty" })).toBeVisible();
});

test("two products in the cart, a quantity edited across a tier edge, the cart cleared", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await page.clock.setFixedTime(new Date("2026-11-20T10:00:00Z"));
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 399 });
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await addToCart(page, "15", { colour: "Orange" });
  await expect(page.getByTestId("cart-badge")).toHaveText("2");

  await page.getByRole("link", { name: /^Cart/ }).click();
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  const cap = page.getByTestId("cart-line").filter({ hasText: "Custom Embroidered Cap" });
  await expect(cap.getByTestId("unit-price")).toHaveText("£5.50");
  // Goods 399 × £5.50 + 50 × £9.20; 10% off a first order; Standard Shipping as the estimate until one
  // is chosen; 20% VAT (decision 052).
  await expect(page.getByTestId("summary-goods")).toHaveText("£2,654.50");
  await expect(page.getByTestId("summary-discount")).toHaveText("−£265.45");
  await expect(page.getByText("Estimated shipping (Standard Shipping)")).toBeVisible();
  await expect(page.getByTestId("summary-shipping")).toHaveText("£18.00");
  await expect(page.getByTestId("summary-vat")).toHaveText("£481.41");
  await expect(page.getByTestId("summary-total")).toHaveText("£2,888.46");
  // The slower product's window, in working days past Christmas and New Year (decision 017).
  await expect(page.getByTestId("delivery-standard")).toHaveText("Mon, Jan 4, 2027 – Wed, Jan 6, 2027");
  await expect(page.getByTestId("delivery-express")).toHaveText("Wed, Dec 23, 2026 – Tue, Dec 29, 2026");

  await cap.getByRole("button", { name: "Edit" }).click();
  await cap.getByRole("button", { name: "Increase quantity of Custom Embroidered Cap" }).click();
  await cap.getByRole("button", { name: "Save" }).click();
  await expect(cap.getByTestId("unit-price")).toHaveText("£3.88");
  await expect(page.getByTestId("summary-goods")).toHaveText("£2,012.00"); // 400 × £3.88 + £460.00
  await expect(page.getByTestId("summary-total")).toHaveText("£2,194.56");

  await cap.getByRole("button", { name: "Edit" }).click();
  await cap.getByLabel("Quantity of Custom Embroidered Cap", { exact: true }).fill("5");
  await cap.getByLabel("Quantity of Custom Embroidered Cap", { exact: true }).blur();
  await expect(cap.getByLabel("Quantity of Custom Embroidered Cap", { exact: true })).toHaveValue("50");
  await cap.getByRole("button", { name: "Cancel" }).click();
  await expect(cap.getByTestId("unit-price")).toHaveText("£3.88");

  await expect(page.getByRole("link", { name: "Next: Customise your product" })).toHaveAttribute(
    "href",
    "/customization?product_id=8",
  );
  await expect(page.getByRole("link", { name: "Design guidelines (PDF)" })).toHaveAttribute(
    "href",
    "/design-guidelines.pdf",
  );
  await expect(page.getByRole("link", { name: /rush delivery/ })).toHaveAttribute(
    "href",
    /text=Hi%2C%20I'd%20like%20rush%20delivery%20for%3A%20http%3A%2F%2F127\.0\.0\.1%3A\d+%2Fcart/,
  );
  await expect(page.getByRole("link", { name: "Order a sample" })).toHaveAttribute("href", /^mailto:/);

  await page.getByRole("button", { name: "Clear Cart" }).click();
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
});

test("the feedback box thanks the buyer only after the server stored it", async ({ page, signedInBuyer: _buyer }) => {
  await addToCart(page, "17", { colour: "Blue" });
  await page.goto("/cart");
  const box = page.getByLabel("How's your experience so far?");
  await box.focus();
  await box.press("Enter");
  await expect(page.getByText("Thanks for your feedback!")).toHaveCount(0);
  await box.fill("Tier table is really clear");
  await box.press("Shift+Enter");
  await box.pressSequentially("second line");
  await expect(box).toHaveValue("Tier table is really clear\nsecond line");
  await box.press("Enter");
  await expect(page.getByText("Thanks for your feedback!")).toBeVisible();
});

test("the cart follows the buyer to another browser; signing out wipes every local copy", async ({
  page,
  browser,
  signedInBuyer,
}) => {
  // Two browsers and a dozen page loads: on a loaded 2-core machine this takes more than 30 s.
  test.slow();
  await addToCart(page, "16", { colour: "Red" });
  await page.goto("/cart");
  const keys = () =>
    page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("swag:") && !k.includes("sms")));
  await expect
    .poll(keys)
    .toEqual(
      expect.arrayContaining([expect.stringMatching(/^swag:cart:/), expect.stringMatching(/^swag:favourites:/)]),
    );

  const second = await browser.newContext();
  const other = await second.newPage();
  await other.goto("/sign-in");
  await other.getByLabel("E-mail or phone").fill(signedInBuyer.email);
  await other.getByLabel("Password", { exact: true }).fill(signedInBuyer.password);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await other.goto("/cart");
  await expect(other.getByRole("heading", { name: "Branded A5 Diary" })).toBeVisible();
  await second.close();

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
  await expect.poll(keys).toEqual([]);
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
});

test("signed out, favourites and the shopping list ask the visitor to sign in", async ({ page }) => {
  await page.goto("/favorites");
  await expect(page.getByText("Please sign in to manage favourites.")).toBeVisible();
  await page.goto("/shopping-list");
  await expect(page.getByText("Please sign in to use your shopping list.")).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await page.getByRole("link", { name: "Browse Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
});
