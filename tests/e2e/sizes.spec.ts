import type { Page } from "@playwright/test";
import { addToCart, chooseOnProductPage, DETAILS_HEADING, fillDetails, payWithTestCard } from "./support/checkout";
import { expect, test } from "./support/fixtures";

/** Step 2's autosave of a split: "Saved" may still be the last save's, so wait for this one. */
const savedSplit = (page: Page, size: string, count: number) =>
  page.waitForResponse(
    (response) =>
      response.url().includes("/api/draft") &&
      (response.request().postData() ?? "").includes(JSON.stringify({ size, count })),
  );

// One sized product through every step on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

test("the shorts' size grid must add up to the quantity, and the split reaches the order page and invoice", async ({
  page,
  signedInBuyer: _buyer,
  mailbox,
}) => {
  await addToCart(page, "15", { colour: "Black", customisation: "Leg logo print", quantity: 100 });
  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(page.getByRole("heading", { name: "Customise your Custom Running Shorts" })).toBeVisible();
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();

  const grid = page.getByRole("group", { name: "Sizes" });
  const next = page.getByRole("button", { name: "Next: Your details" });
  await expect(grid.getByRole("textbox")).toHaveCount(6);
  await expect(next).toBeDisabled();
  await expect(page.getByText("Still needed: sizes adding up to 100.")).toBeVisible();

  await grid.getByLabel("M", { exact: true }).fill("60");
  await grid.getByLabel("L", { exact: true }).fill("30");
  await expect(grid.getByText("Sizes add up to 90; the quantity is 100.")).toBeVisible();
  await expect(next).toBeDisabled();
  const saved = savedSplit(page, "L", 40);
  await grid.getByLabel("L", { exact: true }).fill("40");
  await expect(grid.getByText("Sizes add up to 100, matching the quantity.")).toBeVisible();
  expect((await saved).ok()).toBe(true);
  // What was typed is kept on the draft.
  await page.reload();
  await expect(grid.getByLabel("M", { exact: true })).toHaveValue("60");
  await expect(grid.getByLabel("L", { exact: true })).toHaveValue("40");
  await next.click();

  await expect(page.getByRole("heading", { name: DETAILS_HEADING })).toBeVisible();
  await fillDetails(page);
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await page.getByRole("radio", { name: "Standard Shipping" }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Design proofing" }).click();
  await page.getByRole("button", { name: "Next: Payment" }).click();

  await payWithTestCard(page);
  const number = (await page
    .getByText(/^Thank you\. Your order/)
    .locator("strong")
    .textContent())!;
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId("order-line-sizes")).toHaveText("M 60, L 40");

  const invoice = await mailbox.latest("jane@acme-events.co.uk", new RegExp(number));
  expect(invoice.text).toContain("sizes M 60, L 40");
});

test("a split given on the product page is the cart line's, warns when the quantity changes, and opens step 2 filled in", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await chooseOnProductPage(page, "15", { quantity: 100, customisation: "Leg logo print", colour: "Black" });

  const grid = page.getByRole("group", { name: "Sizes" });
  const add = page.getByRole("button", { name: "Add to Cart" });
  await expect(grid.getByText("No sizes yet: you'll split them at checkout.")).toBeVisible();
  await expect(add).toBeEnabled();
  await grid.getByLabel("M", { exact: true }).fill("60");
  await grid.getByLabel("L", { exact: true }).fill("30");
  await expect(grid.getByText("Sizes add up to 90; the quantity is 100.")).toBeVisible();
  await expect(add).toBeDisabled();
  await expect(page.getByText("Make the sizes add up to 100, or clear them to split at checkout.")).toBeVisible();
  await grid.getByLabel("L", { exact: true }).fill("40");
  await add.click();
  await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();

  await page.goto("/cart");
  const line = page.getByTestId("cart-line");
  await expect(line.getByTestId("cart-line-sizes")).toHaveText("M 60, L 40");
  await line.getByRole("button", { name: "Edit" }).click();
  await line.getByRole("textbox", { name: "Quantity of Custom Running Shorts" }).fill("120");
  await line.getByRole("button", { name: "Save" }).click();
  await expect(line.getByTestId("cart-line-sizes-off")).toHaveText(
    "Sizes add up to 100; the quantity is 120. Change the sizes at checkout.",
  );

  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  const stepGrid = page.getByRole("group", { name: "Sizes" });
  await expect(stepGrid.getByLabel("M", { exact: true })).toHaveValue("60");
  await expect(stepGrid.getByLabel("L", { exact: true })).toHaveValue("40");
  await expect(stepGrid.getByText("Sizes add up to 100; the quantity is 120.")).toBeVisible();
  const saved = savedSplit(page, "XL", 20);
  await stepGrid.getByLabel("XL", { exact: true }).fill("20");
  expect((await saved).ok()).toBe(true);
  await page.goto("/cart");
  await expect(line.getByTestId("cart-line-sizes")).toHaveText("M 60, L 40, XL 20");
  await expect(line.getByTestId("cart-line-sizes-off")).toHaveCount(0);
});
