import type { Page } from "@playwright/test";
import { addToCart, fillDetails, payWithTestCard } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Two lines through every step on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** Ticks step 2's two confirmations of the line on screen and waits for the save. */
async function confirmLine(page: Page) {
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
}

for (const width of [375, 1280]) {
  test(`at ${width} px, 200 black + 200 navy caps are two lines priced £3.88 each, customised and proofed apart, paid as one order`, async ({
    page,
    signedInBuyer: _buyer,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await addToCart(page, "8", { colour: "Black", customisation: "Front embroidery", quantity: 200 });
    await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 200 });

    // The cart: a line per colour, each at the 400+ price because the caps count together.
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByRole("heading", { level: 2 })).toContainText([
      "Custom Embroidered Cap (Black)",
      "Custom Embroidered Cap (Navy)",
    ]);
    await expect(page.getByTestId("unit-price")).toHaveText(["£3.88", "£3.88"]);
    // 200 × £3.88 = £776.00 a line.
    await expect(page.getByTestId("line-total")).toHaveText(["£776.00", "£776.00"]);
    await expect(page.getByTestId("priced-together")).toHaveText([
      "Priced with this product's other colours: 400 in all, at the 400+ price.",
      "Priced with this product's other colours: 400 in all, at the 400+ price.",
    ]);

    // Step 2 customises each colour on its own draft; one line cannot take the other's colour.
    await page.getByRole("link", { name: "Next: Customise your product" }).click();
    await expect(page.getByRole("heading", { name: "Customise your Custom Embroidered Cap (Black)" })).toBeVisible();
    const lines = page.getByRole("navigation", { name: "Products in this order" });
    await expect(lines.getByRole("link")).toHaveText([
      "Custom Embroidered Cap (Black)",
      "Custom Embroidered Cap (Navy)",
    ]);
    await page
      .getByRole("radiogroup", { name: /^Main colour for / })
      .getByRole("radio", { name: "Navy" })
      .click();
    await expect(
      page.getByText(
        "Your cart already has this product in Navy as a line of its own: change that line, or choose another colour.",
      ),
    ).toBeVisible();
    await expect(
      page.getByRole("radiogroup", { name: /^Main colour for / }).getByRole("radio", { name: "Black" }),
    ).toHaveAttribute("aria-checked", "true");
    // Step 2 shows its own line, at the price the two colours reach together.
    await expect(page.getByTestId("summary-unit")).toHaveText("£3.88");
    await expect(page.getByTestId("step-total")).toHaveText("£776.00");
    await expect(page.getByTestId("priced-together")).toHaveText(
      "Priced with this product's other colours: 400 in all, at the 400+ price.",
    );
    await confirmLine(page);
    await page.getByRole("button", { name: "Next: Custom Embroidered Cap (Navy)" }).click();

    await expect(page.getByRole("heading", { name: "Customise your Custom Embroidered Cap (Navy)" })).toBeVisible();
    await expect(lines.getByRole("link", { name: /\(Black\)/ })).toContainText("✓");
    await confirmLine(page);
    await page.getByRole("button", { name: "Next: Your details" }).click();

    await expect(page.getByRole("heading", { name: "Who should we send the invoice and mockups to?" })).toBeVisible();
    await fillDetails(page);
    await page.getByRole("button", { name: "Next: Add shipping details" }).click();
    await page.getByRole("radio", { name: "Standard Shipping" }).check();
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    // Goods 400 × £3.88 = £1,552.00; first-order discount −£155.20; shipping £18.00;
    // VAT 20% of £1,414.80 = £282.96; total £1,697.76 (against £2,200.00 of goods at £5.50).
    await expect(page.getByTestId("summary-line-total")).toHaveText(["£776.00", "£776.00"]);
    await expect(page.getByTestId("summary-goods")).toHaveText("£1,552.00");
    await expect(page.getByTestId("summary-total")).toHaveText("£1,697.76");
    await page.getByRole("button", { name: "Next: Design proofing" }).click();

    // One proof a colour.
    await expect(page.getByTestId("proof-choice")).toHaveText(["Designer mock-up", "Designer mock-up"]);
    await page.getByRole("button", { name: "Next: Payment" }).click();
    await expect(page.getByText("You'll be charged £1,697.76.")).toBeVisible();
    await payWithTestCard(page);
    await page.getByRole("link", { name: "View your order" }).click();
    await expect(page.getByTestId("order-line")).toHaveCount(2);
    await expect(page.getByTestId("order-line").first()).toContainText("ColourBlack");
    await expect(page.getByTestId("order-line").last()).toContainText("ColourNavy");
    await expect(page.getByText("£1,697.76").first()).toBeVisible();

    // Both lines were paid for: the cart is empty.
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  });
}
