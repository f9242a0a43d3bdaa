import type { Page } from "@playwright/test";
import { completeDraft, payInTestMode, signInAsStaff, startPayment } from "./support/api";
import { addToCart, customiseToDetails, DETAILS_HEADING } from "./support/checkout";
import { expect, newBuyer, signUpOverHttp, test } from "./support/fixtures";

// No dead ends. Empty categories and searches offer "Request this product", the
// shopping list adds to the cart with the buyer's choices, Details starts from what we know.

/** The page's content is no wider than the window, as the browser lays it out (the header is item 1's). */
async function expectContentFits(page: Page) {
  const [right, scrollWidth, clientWidth, window] = await page.evaluate(() => {
    const main = document.querySelector("main")!;
    return [main.getBoundingClientRect().right, main.scrollWidth, main.clientWidth, globalThis.innerWidth];
  });
  expect(right, "the content ends inside the window").toBeLessThanOrEqual(window!);
  expect(scrollWidth, "nothing in the content pokes out sideways").toBeLessThanOrEqual(clientWidth!);
}

const requestForm = (page: Page) => page.getByRole("form", { name: "Request this product" });

test("an empty category is not promoted, says what we can source, and its request reaches the quote inbox", async ({
  page,
  browser,
}) => {
  await page.goto("/");
  for (const name of ["Drinkware", "Bags"]) {
    await expect(page.getByRole("contentinfo").getByRole("link", { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Browse by category" }).getByRole("link", { name })).toHaveCount(0);
  }

  const response = await page.goto("/products/drinkware");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Drinkware");
  await expect(page.getByRole("heading", { name: "We source drinkware to order" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Insulated bottles and travel cups" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No products found" })).toHaveCount(0);

  // Sent empty, the form says what is missing and sends nothing.
  const form = requestForm(page);
  await form.getByRole("button", { name: "Request this product" }).click();
  await expect(form.getByRole("alert")).toContainText("Product: Tell us which product you need");
  await expect(form.getByLabel("Product")).toHaveAccessibleDescription(/Tell us which product you need/);

  const marker = `Enamel mugs ${Date.now().toString(36)}`;
  await form.getByLabel("Product").fill(marker);
  await form.getByLabel("Quantity").fill("300");
  await form.getByLabel("Needed by").fill("2030-06-01");
  await form.getByLabel("Notes").fill("Navy, one-colour print");
  await form.getByLabel("Your name").fill("Grace Hopper");
  await form.getByLabel("Work email").fill("grace@example.co.uk");
  await form.getByLabel("Company").fill("Cobol & Co");
  await form.getByRole("button", { name: "Request this product" }).click();
  const thanks = page.getByRole("status").filter({ hasText: "Thanks, we've got your request" });
  await expect(thanks).toContainText(`We'll reply to grace@example.co.uk within 2 working days`);
  await expect(thanks).toContainText(`300 × ${marker}`);

  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInAsStaff(staff.request);
  await staff.goto("/admin/inbox/quotes");
  const row = staff.getByRole("row").filter({ hasText: marker });
  await expect(row).toContainText("Grace Hopper");
  await expect(row).toContainText("grace@example.co.uk");
  await expect(row).toContainText(`300 × ${marker} (to source)`);
  await expect(row).toContainText("Sat, Jun 1, 2030");
  await expect(row).toContainText("/products/drinkware");
  await context.close();
});

test.describe("the request form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // Its code is fetched only by a listing that shows it (decision 089): the page carries the form itself.
  test("an empty category shows the form in the page, and the server checks it", async ({ page }) => {
    await page.goto("/products/drinkware");
    const form = requestForm(page);
    await expect(form.getByLabel("Product")).toBeVisible();
    await expect(page.getByText("Loading the request form…")).toHaveCount(0);
    await form.getByLabel("Product").fill("Enamel mugs");
    await form.getByLabel("Quantity").fill("lots");
    await form.getByRole("button", { name: "Request this product" }).click();
    await expect(requestForm(page).getByRole("alert")).toContainText(
      "Quantity: Enter how many you need, as a whole number",
    );
    await expect(requestForm(page).getByLabel("Product")).toHaveValue("Enamel mugs");
  });
});

test("an empty search offers the same form, filled in with the search and the signed-in buyer", async ({
  page,
  signedInBuyer: buyer,
}) => {
  await page.goto("/products?search=hoodie");
  await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Clear Filters" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Can't find it? We can source it." })).toBeVisible();
  const form = requestForm(page);
  await expect(form.getByLabel("Product")).toHaveValue("hoodie");
  await expect(form.getByLabel("Your name")).toHaveValue(`${buyer.firstName} ${buyer.lastName}`);
  await expect(form.getByLabel("Work email")).toHaveValue(buyer.email);

  // A refusal keeps every word typed.
  await form.getByLabel("Quantity").fill("lots");
  await form.getByLabel("Notes").fill("Zip hoodies, embroidered chest logo");
  await form.getByRole("button", { name: "Request this product" }).click();
  await expect(form.getByRole("alert")).toContainText("Quantity: Enter how many you need, as a whole number");
  await expect(form.getByLabel("Notes")).toHaveValue("Zip hoodies, embroidered chest logo");
  await form.getByLabel("Quantity").fill("150");
  await form.getByRole("button", { name: "Request this product" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thanks, we've got your request" })).toContainText(
    "150 × hoodie",
  );
});

test("the shopping list adds a row to the cart with its colour and customisation, and is cards on a phone", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  // Two products through the product page, the list and the cart, at two widths.
  test.slow();
  await page.goto("/product/16");
  const quantity = page.getByLabel(/^Quantity/);
  await quantity.fill("120");
  await quantity.blur();
  await page
    .getByRole("group", { name: "Customise it" })
    .getByRole("checkbox", { name: /Debossed cover logo/ })
    .check();
  await page
    .getByRole("radiogroup", { name: /^Colour for / })
    .getByRole("radio", { name: "Navy" })
    .click();
  await page.getByRole("button", { name: "Add to shopping list" }).click();
  await page.getByRole("button", { name: "Save to list" }).click();
  await expect(page.getByText("Added to list", { exact: true })).toBeVisible();
  // The cap goes on the list with a quantity only: its colour and customisation are still to choose.
  await page.goto("/product/8");
  await page.getByRole("button", { name: "Add to shopping list" }).click();
  await page.getByRole("button", { name: "Save to list" }).click();
  await expect(page.getByText("Added to list", { exact: true })).toBeVisible();

  await page.goto("/shopping-list");
  const diary = page.getByRole("row", { name: /Branded A5 Diary/ });
  await expect(diary).toContainText("Navy");
  await expect(diary).toContainText("Debossed cover logo");
  await page.getByRole("button", { name: "Add all to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added 1 item to your cart" })).toContainText(
    "Custom Embroidered Cap: Choose one of this product's colours. Use Edit to choose.",
  );
  const cap = page.getByRole("row", { name: /Custom Embroidered Cap/ });
  await expect(cap.getByRole("alert")).toContainText("Use Edit to choose.");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  // Chosen in the row, the cap goes in too, with its own colour and customisation.
  await cap.getByRole("button", { name: "Edit" }).click();
  await cap.getByLabel("Colour of Custom Embroidered Cap").selectOption({ label: "Red" });
  await cap.getByRole("checkbox", { name: "Front embroidery" }).check();
  await cap.getByRole("button", { name: "Save" }).click();
  await expect(cap).toContainText("Red");
  await cap.getByRole("button", { name: "Add to cart: Custom Embroidered Cap" }).click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");

  await page.goto("/cart");
  const diaryLine = page.getByTestId("cart-line").filter({ hasText: "Branded A5 Diary" });
  await expect(diaryLine).toContainText("Navy");
  await expect(diaryLine).toContainText("Debossed cover logo");
  await expect(diaryLine).toContainText("120");
  const capLine = page.getByTestId("cart-line").filter({ hasText: "Custom Embroidered Cap" });
  await expect(capLine).toContainText("Red");
  await expect(capLine).toContainText("Front embroidery");

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/shopping-list");
  // Each row is a card whose lines carry the column names.
  await expect(page.locator("td").getByText("Unit Price", { exact: true }).first()).toBeVisible();
  const addDiary = page.getByRole("button", { name: "Add to cart: Branded A5 Diary" });
  await addDiary.scrollIntoViewIfNeeded();
  await expect(addDiary).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: "Add all to cart" })).toBeVisible();
  await expectContentFits(page);
});

test("Details starts from the account and the last order, and a postcode must look like its country's", async ({
  page,
  mailbox,
}) => {
  test.slow();
  const buyer = { ...newBuyer(), firstName: "Priya", lastName: "Shah" };
  await signUpOverHttp(page.request, mailbox, buyer);
  const marker = `Prefill${Date.now().toString(36)}`;
  const paid = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker,
    email: "accounts@example.co.uk",
  });
  await payInTestMode(page.request, await startPayment(page.request, paid, "8"));

  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery" });
  await customiseToDetails(page);
  await expect(page.getByRole("heading", { name: DETAILS_HEADING })).toBeVisible();
  // Name and e-mail from the account; company, phone and billing address from the last order.
  await expect(page.getByLabel("Full name*")).toHaveValue("Priya Shah");
  await expect(page.getByLabel("Work email*")).toHaveValue(buyer.email);
  await expect(page.getByRole("group", { name: "Contact" }).getByLabel("Company*")).toHaveValue(`${marker} Ltd`);
  await expect(page.getByLabel("Phone (for courier/issues)*")).toHaveValue("020 7946 0958");
  await expect(page.getByLabel("Name*", { exact: true })).toHaveValue("Jane Smith");
  await expect(page.getByLabel("Address line 1*")).toHaveValue("1 Canal Street");
  await expect(page.getByLabel("Postcode*")).toHaveValue("N1 9AA");

  const postcode = page.getByLabel("Postcode*");
  const next = page.getByRole("button", { name: "Next: Add shipping details" });
  await page.getByRole("checkbox", { name: /I accept the Terms/ }).check();
  await postcode.fill("XYZ");
  await expect(postcode).toHaveAccessibleDescription("Enter a valid UK postcode, e.g. SW1A 1AA");
  await expect(next).toBeDisabled();
  await postcode.fill("sw1a1aa");
  await postcode.blur();
  await expect(postcode).toHaveValue("SW1A 1AA");
  await expect(page.getByText("Enter a valid UK postcode, e.g. SW1A 1AA")).toHaveCount(0);
  await expect(next).toBeEnabled();
  // Another country has its own format, and a UK postcode there is refused (0 % VAT abroad).
  await page.getByLabel("Country*").selectOption("FR");
  await expect(postcode).toHaveAccessibleDescription(
    "This is a UK postcode: choose United Kingdom as the country, or enter the postcode of the address abroad",
  );
  await expect(next).toBeDisabled();
  await postcode.fill("XYZ");
  await expect(postcode).toHaveAccessibleDescription("Enter a valid postcode for France, e.g. 75008");
  await expect(next).toBeDisabled();
  await postcode.fill("75008");
  await expect(page.getByText("Enter a valid postcode for France, e.g. 75008")).toHaveCount(0);
  await expect(next).toBeEnabled();
  await postcode.fill("XYZ");
  await page.getByLabel("Country*").selectOption("GB");
  const saved = page.waitForResponse(
    (response) => response.url().includes("/api/drafts/") && (response.request().postData() ?? "").includes("SW1A 1AA"),
  );
  await postcode.fill("SW1A 1AA");
  expect((await saved).ok()).toBe(true);

  // What was saved is what the page now shows: nothing is filled over it.
  await page.reload();
  await expect(page.getByLabel("Postcode*")).toHaveValue("SW1A 1AA");
  await expect(page.getByLabel("Full name*")).toHaveValue("Priya Shah");
});
