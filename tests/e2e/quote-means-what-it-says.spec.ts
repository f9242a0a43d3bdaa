import type { Page } from "@playwright/test";
import { expectAccessible } from "./support/axe";
import { addToCart } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Decision 040: ordering from a quote into a cart that is not empty asks first, and the quote and
// the cart say which figures are fixed (the quoted unit prices) and which depend on the payment
// (the first-order discount).

// A PDF download, two product pages and a conversion on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

const CONDITION = "Applies only if this is still your first order when you pay.";

/** Makes a quote of the cart as it is; its number, from the PDF's name. */
async function downloadQuote(page: Page): Promise<string> {
  await page.goto("/cart");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download quote" }).click();
  return (await downloading).suggestedFilename().replace(/^Quote (.*)\.pdf$/, "$1");
}

for (const width of [375, 1280]) {
  test(`at ${width} px, a quote ordered into a cart with another cap line asks first and says what the discount depends on`, async ({
    page,
    signedInBuyer: _buyer,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const cap = { colour: "Navy", customisation: "Front embroidery" };
    await addToCart(page, "8", { ...cap, quantity: 399 });
    const number = await downloadQuote(page);
    // The buyer goes on shopping: the cap line becomes 1,500 caps (R-CART-06 replaces the line).
    await addToCart(page, "8", { ...cap, quantity: 1500 });

    await page.goto("/quotes");
    const listed = page.getByTestId("quote").filter({ hasText: number });
    // 399 caps at £5.50: 10% off £2,194.50 while this is the first order.
    await expect(listed.getByTestId("quote-figures")).toHaveText(
      /^The unit prices are fixed until \w{3}, \w{3} \d+, \d{4}\. First-order discount \(£219\.45\): applies only if this is still your first order when you pay\.$/,
    );

    await listed.getByRole("button", { name: `Order at these prices (${number})` }).click();
    const question = listed.getByRole("region", { name: `Replace your cart with quote ${number}?` });
    await expect(question).toBeVisible();
    await expect(question.getByRole("listitem")).toHaveText([
      "1,500 × Custom Embroidered Cap, Navy: replaced by the quote's 399 × Custom Embroidered Cap, Navy",
    ]);
    await expect(page).toHaveURL(/\/quotes$/);
    await expectAccessible(page, `the question at ${width} px`);
    await page.screenshot({ path: testInfo.outputPath(`question-${width}.png`), fullPage: true });

    // Keeping the cart changes nothing.
    await question.getByRole("link", { name: "Keep my cart" }).click();
    await expect(question).toHaveCount(0);
    await page.goto("/cart");
    const line = page.getByTestId("cart-line").filter({ hasText: "Custom Embroidered Cap" });
    await expect(line).toContainText("1,500");
    await expect(page.getByTestId("quote-notices")).toHaveCount(0);

    // Asked again, the buyer replaces the cart and lands on it at the quote's prices.
    await page.goto("/quotes");
    await listed.getByRole("button", { name: `Order at these prices (${number})` }).click();
    await question.getByRole("button", { name: "Replace my cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("quote-notices")).toContainText(`Priced at quote ${number}, valid until`);
    await expect(line.getByTestId("unit-price")).toHaveText("£5.50");
    await expect(page.getByTestId("summary-discount")).toHaveText("−£219.45");
    await expect(page.getByTestId("summary-discount-condition")).toHaveText(CONDITION);
    // The quote's total, as the quote printed it: the figure shown is the charge.
    await expect(page.getByTestId("summary-total")).toHaveText("£2,391.66");
    await expectAccessible(page, `the cart at ${width} px`);
    await page.screenshot({ path: testInfo.outputPath(`cart-${width}.png`), fullPage: true });
  });
}
