import type { Locator, Page } from "@playwright/test";
import { formatDisplayDate } from "../../app/domain/core/dates";
import { completeDraft } from "./support/api";
import { expectAccessible } from "./support/axe";
import { payWithTestCard } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// docs/decisions/042-before-and-after-paying.md: what a buyer looks for before and after paying. A final review with a way to
// change each fact, the transfer confirmed before it is placed and paid with copyable bank details,
// the confirmation repeating the dates with its confetti off the text, the first-order banner gone
// once the discount is had.

const PROMO = "FIRST ORDER? SWIPE 10% OFF AND MAKE YOUR SWAG LESS MEH";
const DATE = /^\w{3}, \w{3} \d{1,2}, \d{4}$/;

/** A need-by date four months ahead, far enough for any product and method. */
const needBy = () => new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);

async function checkoutAtPayment(page: Page, email: string, marker: string) {
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker,
    email,
    vatNumber: "GB980780684",
    poRef: "PO-4471",
    needBy: needBy(),
  });
  await page.goto(`/payment?draft_id=${draftId}&product_id=8`);
  return draftId;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not laid out");
  return found;
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the payment step reviews every fact before paying, and the confirmation repeats the dates", async ({
      page,
      signedInBuyer: buyer,
    }) => {
      test.setTimeout(120_000);
      const draftId = await checkoutAtPayment(page, buyer.email, `Review ${width}`);
      await expect(page.getByText(PROMO)).toBeVisible();

      const review = page.getByRole("region", { name: "Review your order" });
      const fact = (term: string) =>
        review.locator("div", { has: page.locator("dt", { hasText: term }) }).locator("dd");
      await expect(fact("Bill to")).toContainText(`Review ${width} Ltd`);
      await expect(fact("Bill to")).toContainText("1 Canal Street");
      await expect(fact("Ship to")).toContainText("N1 9AA");
      await expect(fact("Ship to")).toContainText("Standard Shipping");
      await expect(fact("PO reference")).toHaveText("PO-4471");
      await expect(fact("VAT number")).toHaveText("GB980780684");
      await expect(fact("Need it by")).toHaveText(formatDisplayDate(needBy()));
      await expect(fact("Approve the proof by")).toHaveText(DATE);
      await expect(fact("Products")).toHaveText(/^100 × /);
      // The total is the amount the card form charges.
      const charged = page.getByText(/^The amount that will be charged: £[\d,.]+\.$/);
      await expect(charged).toBeVisible();
      const amount = (await charged.textContent())!.match(/£[\d,.]+\d/)![0];
      await expect(review.getByTestId("review-total")).toHaveText(amount);
      // Each fact links to the step that changes it.
      const ids = `draft_id=${draftId}&product_id=8`;
      await expect(review.getByRole("link", { name: "Change VAT number" })).toHaveAttribute("href", `/details?${ids}`);
      await expect(review.getByRole("link", { name: "Change need it by" })).toHaveAttribute("href", `/shipping?${ids}`);
      await expect(review.getByRole("link", { name: "Change products" })).toHaveAttribute("href", "/cart");
      await expectAccessible(page, `payment review at ${width}`);
      await page.screenshot({ path: test.info().outputPath(`payment-${width}.png`), fullPage: true });

      await payWithTestCard(page);
      const dates = page.getByTestId("confirmation-dates");
      await expect(dates).toContainText(`Need it by${formatDisplayDate(needBy())}`);
      await expect(dates).toContainText(/Approve the proof by\w{3}, \w{3} \d{1,2}, \d{4}/);
      // The confetti falls only inside a band above the heading, clipped to it: never over text.
      const band = page.getByTestId("celebration");
      await expect(band).toHaveCSS("overflow", "hidden");
      expect(await page.getByTestId("confetti").count()).toBe(await band.getByTestId("confetti").count());
      const bandBox = await box(band);
      const heading = await box(page.getByRole("heading", { name: "Payment received" }));
      const summary = await box(page.getByRole("region", { name: "Order summary" }));
      expect(bandBox.y + bandBox.height).toBeLessThanOrEqual(heading.y);
      expect(bandBox.y + bandBox.height).toBeLessThanOrEqual(summary.y);
      await expectAccessible(page, `confirmation at ${width}`);
      await page.screenshot({ path: test.info().outputPath(`confirmation-${width}.png`), fullPage: true });

      // The discount is had: the first-order banner no longer offers it.
      await page.goto("/products");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
      await expect(page.getByText(PROMO)).toHaveCount(0);
    });

    test("a transfer order is confirmed with its amount and due date, then shows bank details with copy buttons", async ({
      page,
      signedInBuyer: buyer,
    }) => {
      test.setTimeout(120_000);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await checkoutAtPayment(page, buyer.email, `Transfer ${width}`);
      const charged = page.getByText(/^The amount that will be charged: £[\d,.]+\.$/);
      await expect(charged).toBeVisible();
      const amount = (await charged.textContent())!.match(/£[\d,.]+\d/)![0];

      const transfer = page.getByRole("region", { name: "Pay by bank transfer" });
      await transfer.getByRole("button", { name: "Pay by bank transfer instead" }).click();
      const confirm = transfer.getByRole("group", { name: "Confirm payment by bank transfer" });
      await expect(confirm).toContainText(
        new RegExp(
          `^.*You will pay ${amount.replace(".", "\\.")} by bank transfer by \\w{3}, \\w{3} \\d{1,2}, \\d{4}, quoting your order number\\.`,
        ),
      );
      await expect(confirm.getByRole("button", { name: "Place order and pay by bank transfer" })).toBeFocused();
      await expectAccessible(page, `transfer confirmation at ${width}`);
      // Changing one's mind places nothing.
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toHaveCount(0);
      await transfer.getByRole("button", { name: "Pay by bank transfer instead" }).click();
      await confirm.getByRole("button", { name: "Place order and pay by bank transfer" }).click();

      await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(/^Order SS-\d{6}$/);
      const orderNumber = (await heading.textContent())!.replace("Order ", "");
      const bank = page.getByRole("region", { name: "Bank details" });
      await expect(bank.getByTestId("bank-reference")).toHaveText(orderNumber);
      await expect(bank.getByTestId("bank-amount")).toHaveText(amount);
      await expect(bank.getByTestId("bank-sort-code")).toHaveText(/\S/);
      await expect(bank.getByTestId("bank-account-number")).toHaveText(/\S/);
      await expect(bank.getByTestId("bank-account-name")).toHaveText(/\S/);

      const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
      await bank.getByRole("button", { name: "Copy sort code" }).click();
      await expect(bank.getByRole("status")).toHaveText("Copied sort code");
      expect(await clipboard()).toBe(await bank.getByTestId("bank-sort-code").textContent());
      await bank.getByRole("button", { name: "Copy account number" }).click();
      await expect(bank.getByRole("status")).toHaveText("Copied account number");
      expect(await clipboard()).toBe(await bank.getByTestId("bank-account-number").textContent());
      await bank.getByRole("button", { name: "Copy reference" }).click();
      await expect(bank.getByRole("status")).toHaveText("Copied reference");
      expect(await clipboard()).toBe(orderNumber);
      // A bank's amount field takes plain digits.
      await bank.getByRole("button", { name: "Copy amount" }).click();
      await expect(bank.getByRole("status")).toHaveText("Copied amount");
      expect(await clipboard()).toBe(amount.replace(/[£,]/g, ""));
      await expect(bank.getByRole("button", { name: "Copy account name" })).toBeVisible();
      await expectAccessible(page, `transfer order page at ${width}`);
      await page.screenshot({ path: test.info().outputPath(`transfer-order-${width}.png`), fullPage: true });
    });
  });
}
