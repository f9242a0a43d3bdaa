import { addToCart } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Cart journeys save, re-price and reload several times: 22–26 s on an idle 2-core machine, so the
// default 30 s failed whenever the machine was busy.
test.describe.configure({ timeout: 60_000 });

// The tier labels name the real bands (decision 049), and wherever a quantity is chosen a buyer
// about to pay more for fewer units is offered the next band in one click.

test.describe("price breaks", () => {
  test("the tier table shows the real bands, with an en dash", async ({ page }) => {
    await page.goto("/product/15");
    const table = page.getByRole("table", { name: "Price per unit by quantity" });
    await expect(table.getByRole("row")).toHaveText([
      "QuantityUnit price",
      "50–99£9.20",
      "100–199£10.40",
      "200–299£10.00",
      "300–399£9.00",
      "400+£8.00",
    ]);
    await page.goto("/product/8");
    await expect(table.getByRole("row")).toHaveText(["QuantityUnit price", "50–399£5.50", "400+£3.88"]);
  });

  test("the calculator offers 400 caps for less than 399, and one click changes the quantity", async ({ page }) => {
    await page.goto("/product/8");
    const quantity = page.getByLabel(/^Quantity/);
    await expect(page.getByRole("button", { name: /^Add \d+ more/ })).toHaveCount(0); // 50 caps: no break

    await quantity.fill("399");
    await quantity.blur();
    await expect(page.getByTestId("line-total")).toHaveText("£2,194.50");
    const hint = page.getByRole("button", { name: "Add 1 more and pay £642.50 less" });
    await hint.click();
    await expect(quantity).toHaveValue("400");
    await expect(page.getByTestId("line-total")).toHaveText("£1,552.00");
    await expect(hint).toHaveCount(0);
    await expect(page.getByText("Quantity changed to 400: you pay £642.50 less ex VAT.")).toBeFocused();

    // Shorts at 99: 100 would cost more in total (£1,040.00 against £910.80), so no hint.
    await page.goto("/product/15");
    await quantity.fill("99");
    await quantity.blur();
    await expect(page.getByTestId("line-total")).toHaveText("£910.80");
    await expect(page.getByRole("button", { name: /^Add \d+ more/ })).toHaveCount(0);
    // 374 shorts at £9.00 cost £3,366.00; 400 at £8.00 cost £3,200.00. From the keyboard.
    await quantity.fill("374");
    await quantity.blur();
    await page.getByRole("button", { name: "Add 26 more and pay £166.00 less" }).focus();
    await page.keyboard.press("Enter");
    await expect(quantity).toHaveValue("400");
    await expect(page.getByTestId("line-total")).toHaveText("£3,200.00");
  });

  test("in the cart, one click changes 399 caps to 400 through the cart's own update, re-pricing the draft", async ({
    page,
    signedInBuyer: _buyer,
  }) => {
    await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 399 });
    // Open step 2 so the line has a draft for the cart's change to re-price.
    await page.goto("/customization?product_id=8");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    await expect(page.getByTestId("step-total")).toHaveText("£2,194.50");

    await page.goto("/cart");
    const line = page.getByTestId("cart-line");
    await expect(line.getByTestId("line-total")).toHaveText("£2,194.50");
    await line.getByRole("button", { name: "Add 1 more and pay £642.50 less" }).click();
    await expect(line.getByTestId("line-total")).toHaveText("£1,552.00");
    await expect(line.getByTestId("unit-price")).toHaveText("£3.88");
    await expect(line.getByText("Quantity changed to 400: you pay £642.50 less ex VAT.")).toBeFocused();

    await page.goto("/debug/drafts");
    await expect(page.getByTestId("draft-row").first()).toContainText('"quantity": 400');

    // While editing, the typed quantity gets the hint, and its click saves at once.
    await page.goto("/cart");
    await line.getByRole("button", { name: "Edit" }).click();
    await line.getByRole("textbox", { name: "Quantity of Custom Embroidered Cap" }).fill("398");
    await line.getByRole("button", { name: "Add 2 more and pay £637.00 less" }).click();
    await expect(line.getByRole("button", { name: "Edit" })).toBeVisible();
    await expect(line.getByTestId("line-total")).toHaveText("£1,552.00");
    await page.reload();
    await expect(line.getByTestId("line-total")).toHaveText("£1,552.00");
  });
});
