import type { Page } from "@playwright/test";
import { addDays, formatDateRange, formatDisplayDate, londonToday } from "../../app/domain/core/dates";
import { estimateDelivery } from "../../app/domain/fulfilment/delivery";
import { earliestDelivery } from "../../app/domain/fulfilment/earliest-delivery";
import { expectAccessible } from "./support/axe";
import { addToCart, fillDetails } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// One answer per question (docs/decisions/041-one-answer-per-question.md): inc VAT every figure on
// the cart follows and adds up to what checkout charges; the product page says what each of its dates assumes.

// Every step to the payment step, twice over, on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

const WIDTHS = [
  { name: "375 px", width: 375, height: 812 },
  { name: "1280 px", width: 1280, height: 900 },
] as const;

/** The cap's times as the catalogue gives them (its module imports images, which Playwright cannot load). */
const CAP = { leadTime: "3.5 weeks", deliveryTime: "5-7 days" };

const toggle = (page: Page) => page.getByRole("group", { name: "Prices" });
const pence = (text: string | null) => Math.round(Number((text ?? "").replace(/[£,−\s]/g, "")) * 100);

/** From the cart through steps 2–5, Standard Shipping (the cart's estimate), to the payment step. */
async function cartToPayment(page: Page) {
  await page.goto("/cart");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  for (const [product, next] of [
    ["Custom Embroidered Cap", "Next: Custom Running Shorts"],
    ["Custom Running Shorts", "Next: Your details"],
  ] as const) {
    await expect(page.getByRole("heading", { name: `Customise your ${product}` })).toBeVisible();
    await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
    await page
      .getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." })
      .check();
    if (product === "Custom Running Shorts") {
      const sizes = page.getByRole("group", { name: "Sizes" });
      await sizes.getByLabel("M", { exact: true }).fill("60");
      await sizes.getByLabel("L", { exact: true }).fill("40");
    }
    await page.getByRole("button", { name: next }).click();
  }
  await expect(page.getByRole("heading", { name: "Who should we send the invoice and mockups to?" })).toBeVisible();
  await fillDetails(page);
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await page.getByRole("radio", { name: "Standard Shipping" }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Design proofing" }).click();
  await expect(page.getByRole("heading", { name: "Design proofing" })).toBeVisible();
  await page.getByRole("button", { name: "Next: Payment" }).click();
}

for (const size of WIDTHS) {
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("inc VAT every figure on the cart follows, adds up, and the total is what checkout charges", async ({
      page,
      signedInBuyer: _buyer,
    }) => {
      await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 401 });
      await addToCart(page, "15", { colour: "Black", customisation: "Leg logo print", quantity: 100 });
      await page.goto("/cart");
      const cap = page.getByTestId("cart-line").filter({ hasText: "Custom Embroidered Cap" });
      const shorts = page.getByTestId("cart-line").filter({ hasText: "Custom Running Shorts" });

      // Ex VAT: 401 × £3.88 + 100 × £10.40 = £2,595.88; −£259.59 first order; £18.00 standard; VAT £470.86.
      await expect(cap.getByTestId("unit-price")).toHaveText("£3.88");
      await expect(page.getByTestId("summary-goods")).toHaveText("£2,595.88");
      await expect(page.getByTestId("summary-total-ex")).toHaveText("£2,354.29");
      await expect(page.getByTestId("summary-total")).toHaveText("£2,825.15");

      await toggle(page).getByRole("button", { name: "inc VAT" }).click();
      await expect(toggle(page).getByRole("button", { name: "inc VAT" })).toHaveAttribute("aria-pressed", "true");
      // The unit inc VAT is exact, so 401 × £4.656 = £1,867.056: the line shows it to the penny.
      await expect(cap.getByTestId("unit-price")).toHaveText("£4.656");
      await expect(cap.getByTestId("line-total").locator("..")).toHaveText("£1,867.06 inc VAT");
      await expect(shorts.getByTestId("unit-price")).toHaveText("£12.48");
      await expect(shorts.getByTestId("line-total").locator("..")).toHaveText("£1,248.00 inc VAT");
      // Every total follows, and goods − discount + shipping is the total charged.
      await expect(page.getByTestId("summary-goods").locator("..")).toHaveText("£3,115.06 inc VAT");
      await expect(page.getByTestId("summary-discount")).toHaveText("−£311.51");
      await expect(page.getByTestId("summary-shipping").locator("..")).toHaveText("£21.60 inc VAT");
      await expect(page.getByTestId("summary-total").locator("..")).toHaveText("£2,825.15 inc VAT");
      await expect(page.getByTestId("summary-vat")).toHaveText("£470.86");
      await expect(page.getByText("Includes VAT (20%)")).toBeVisible();
      await expect(page.getByTestId("summary-total-ex")).toHaveCount(0);
      const lines = await page.getByTestId("line-total").allTextContents();
      expect(lines.map(pence).reduce((a, b) => a + b, 0)).toBe(
        pence(await page.getByTestId("summary-goods").textContent()),
      );
      expect(
        pence(await page.getByTestId("summary-goods").textContent()) -
          pence(await page.getByTestId("summary-discount").textContent()) +
          pence(await page.getByTestId("summary-shipping").textContent()),
      ).toBe(282515);
      await page.screenshot({ path: `test-results/one-answer-cart-inc-${size.width}.png`, fullPage: true });
      await expectAccessible(page, `cart inc VAT at ${size.name}`);

      await cartToPayment(page);
      await expect(page.getByText("You'll be charged £2,825.15.")).toBeVisible();
      await expect(page.getByTestId("summary-total")).toHaveText("£2,825.15");
      await expect(page.getByTestId("summary-line-total")).toHaveText(["£1,867.06", "£1,248.00"]);
      await expect(page.getByTestId("summary-goods")).toHaveText("£3,115.06");
    });

    test("the product page says what each date assumes: the estimate a proof approved today, the planner the day the proof comes", async ({
      page,
    }) => {
      const now = new Date();
      const express = earliestDelivery({ products: [CAP], method: "express", now });
      const today = { express: estimateDelivery({ products: [CAP], method: "express", now }) };
      await page.goto("/product/8");
      await expect(page.getByText("Estimated delivery if your proof is approved today:")).toBeVisible();
      await expect(page.getByTestId("delivery-express")).toHaveText(
        formatDateRange(today.express.start, today.express.end),
      );

      const planner = page.getByRole("region", { name: "Need it by a date?" });
      await planner.getByLabel("Need it by").fill(addDays(londonToday(now), 3));
      await planner.getByRole("button", { name: "Plan my dates" }).click();
      await expect(page.getByTestId("need-by-too-tight")).toHaveText(
        `Too tight: the earliest we can deliver is ${formatDisplayDate(express.end)} with Express Air Freight.`,
      );
      await expect(page.getByTestId("need-by-plan")).toContainText(
        `Paid today, your proof comes by ${formatDisplayDate(express.proofBy)} (within 2 working days)`,
      );
      await page.screenshot({ path: `test-results/one-answer-product-${size.width}.png`, fullPage: true });
      await expectAccessible(page, `product page at ${size.name}`);
    });
  });
}
