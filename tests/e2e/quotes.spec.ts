import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { pdfText } from "../setup/pdf-text";
import { addToCart, customiseToDetails } from "./support/checkout";
import { signInAsStaff } from "./support/api";
import { axeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

// Decision 021: a buyer downloads a numbered quote from the cart and orders at its prices; a
// custom request is answered by staff with a priced quote that the buyer orders at its price.

// A PDF download, a conversion and a cart edit on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent("download");
  await click();
  const download: Download = await downloading;
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await pdfText(new Uint8Array(await readFile(path))) };
}

test("download a quote from the cart, then order at its prices", async ({ page, signedInBuyer: buyer }) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 399 });
  await page.goto("/cart");

  const quote = await downloaded(page, () => page.getByRole("button", { name: "Download quote" }).click());
  expect(quote.name).toMatch(/^Quote Q-\d{4}-\d{6}\.pdf$/);
  const number = quote.name.replace(/^Quote (.*)\.pdf$/, "$1");
  // 399 caps at £5.50, 10% off a first order, Standard Shipping, 20% VAT: the cart's own figures.
  for (const expected of [
    number,
    "Valid until",
    "Custom Embroidered Cap",
    "Colour: Navy",
    "Customisation: Front embroidery",
    "£5.50",
    "£2,194.50",
    "Standard Shipping",
    "20%",
    "£2,391.66",
    "Estimated delivery:",
    buyer.email,
  ]) {
    expect(quote.text).toContain(expected);
  }
  // The buyer stays on the cart while the PDF is saved.
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("summary-total")).toHaveText("£2,391.66");

  await page.goto("/quotes");
  const listed = page.getByTestId("quote").filter({ hasText: number });
  await expect(listed).toContainText(/Valid until \w{3}, \w{3} \d+, \d{4}/);
  await expect(listed).toContainText("£2,391.66");
  await expect(listed).toContainText("399 × Custom Embroidered Cap");

  await listed.getByRole("button", { name: `Order at these prices (${number})` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cap = page.getByTestId("cart-line").filter({ hasText: "Custom Embroidered Cap" });
  await expect(page.getByTestId("quote-notices")).toContainText(`Priced at quote ${number}, valid until`);
  await expect(cap.getByTestId("unit-price")).toHaveText("£5.50");
  await expect(cap.getByText("(quoted)")).toBeVisible();
  // Each checkout step says what prices the order, as the cart and the payment step do.
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(page.getByTestId("quote-notices")).toContainText(`Priced at quote ${number}, valid until`);
  await customiseToDetails(page);
  await expect(page.getByTestId("quote-notices")).toContainText(`Priced at quote ${number}, valid until`);
  await page.goto("/cart");

  // A changed quantity is priced from the catalogue again, and the cart says why.
  await cap.getByRole("button", { name: "Edit" }).click();
  await cap.getByRole("button", { name: "Increase quantity of Custom Embroidered Cap" }).click();
  await cap.getByRole("button", { name: "Save" }).click();
  await expect(cap.getByTestId("unit-price")).toHaveText("£3.88");
  await expect(cap.getByText("(quoted)")).toHaveCount(0);
  await expect(page.getByTestId("quote-notices")).toContainText(
    `Custom Embroidered Cap: quote ${number} is for 399, so 400 is priced from the catalogue.`,
  );
});

test("a custom request is answered by staff with a quote of 100 or 500 caps, and the buyer orders the quantity they pick at its price", async ({
  page,
  browser,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(120_000);
  await page.goto("/quotes");
  const form = page.getByRole("form", { name: "Request a custom quote" });
  await form.getByLabel(/^Product/).fill("Caps with a woven label inside");
  await form.getByLabel(/^Quantity/).fill("100");
  await form.getByLabel(/^Notes/).fill("Navy, woven label");
  await form.getByRole("button", { name: "Request a custom quote" }).click();
  await expect(page.getByText("Thanks, we've got your request")).toBeVisible();
  const ack = await mailbox.latest(buyer.email, /^We've got your quote request$/);
  expect(ack.text).toContain("Thanks for your quote request for 100 items.");
  // What the buyer typed is quoted under a label, never in the shop's own sentences (decision 036).
  expect(ack.text).toMatch(/What you asked us to quote, as you typed it:\r?\n> Caps with a woven label inside/);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto("/admin/quotes");
  const waiting = staff
    .getByRole("region", { name: "Quote requests" })
    .getByRole("row", { name: escaped(buyer.email) });
  await waiting.getByRole("link", { name: /^Answer with a quote/ }).click();
  await expect(staff.getByRole("heading", { name: "Answer with a quote" })).toBeVisible();
  expect(await axeViolations(staff)).toEqual([]);
  const line = staff.getByRole("group", { name: "Line 1" });
  await line.getByLabel("Product").selectOption({ label: "Custom Embroidered Cap" });
  await line.getByLabel("Description").fill("Woven label inside");
  await line.getByLabel("Quantity").fill("100");
  await line.getByLabel("Unit price ex VAT (£)").fill("4");
  // The same cap at 500 is a second quantity to choose from (decision 080).
  const option = staff.getByRole("group", { name: "Line 2 (optional)" });
  await option.getByLabel("Product").selectOption({ label: "Custom Embroidered Cap" });
  await option.getByLabel("Description").fill("Woven label inside");
  await option.getByLabel("Quantity").fill("500");
  await option.getByLabel("Unit price ex VAT (£)").fill("3.20");
  await staff.getByRole("button", { name: "Send quote" }).click();
  await expect(staff.getByText("Say when it can be delivered.")).toBeVisible();
  await staff.getByLabel("Delivery estimate").fill("About 4 weeks from proof approval.");
  await staff.getByRole("button", { name: "Send quote" }).click();
  await expect(staff).toHaveURL(/\/admin\/quotes\?sent=[0-9a-f-]{36}$/);
  const issued = staff.getByRole("region", { name: "Quotes issued" }).getByRole("row", { name: escaped(buyer.email) });
  const number = (await issued.getByRole("cell").first().textContent())?.trim() ?? "";
  expect(number).toMatch(/^Q-\d{4}-\d{6}$/);
  // "Send quote" is confirmed, naming the quote and where it went.
  await expect(
    staff.getByText(`Quote ${number} sent to ${buyer.email}. It is listed under Quotes issued below.`),
  ).toBeVisible();
  const csv = await staff.request.get("/admin/quotes/export.csv");
  expect(await csv.text()).toContain(`${number},`);
  await staffContext.close();

  const ready = await mailbox.latest(buyer.email, new RegExp(`^Your quote ${number} is ready$`));
  expect(ready.text).toContain("/quotes");
  await page.goto("/quotes");
  const listed = page.getByTestId("quote").filter({ hasText: number });
  const pdf = await downloaded(page, () => listed.getByRole("link", { name: `Download PDF of ${number}` }).click());
  for (const expected of [number, "Custom Embroidered Cap", "Woven label inside", "£4.00", "£400.00", "About 4 weeks"])
    expect(pdf.text).toContain(expected);
  // The quote's totals are for 100; 500 at £3.20 (£1,600.00) is printed as the option.
  expect(pdf.text.replace(/\s+/g, " ")).toContain(
    "Also quoted, to choose when you order: Custom Embroidered Cap, 500 at £3.20 each (£1,600.00 ex VAT) instead of 100.",
  );
  await expect(listed).toContainText("100 or 500 × Custom Embroidered Cap");
  const choice = listed.getByRole("group", { name: "Custom Embroidered Cap: how many?" });
  await expect(choice.getByLabel("100 at £4.00 each (£400.00 ex VAT)")).toBeChecked();
  await choice.getByLabel("500 at £3.20 each (£1,600.00 ex VAT)").check();
  await listed.getByRole("button", { name: `Order at these prices (${number})` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cap = page.getByTestId("cart-line").filter({ hasText: "Custom Embroidered Cap" });
  await expect(cap.getByTestId("unit-price")).toHaveText("£3.20");
  await expect(cap.getByText("(quoted)")).toBeVisible();
  await expect(cap.getByTestId("line-total")).toHaveText("£1,600.00");
  await expect(page.getByTestId("summary-goods")).toHaveText("£1,600.00");
  // Step 2 prices the line at the quote too: 500 × £3.20, not the catalogue's 500 × £3.88.
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(page.getByTestId("step-total")).toHaveText("£1,600.00");
  await expect(page.getByTestId("quote-notices")).toContainText(`Priced at quote ${number}, valid until`);
});

test("staff quote 30 caps below the minimum of 50 only with the price agreed ticked, and the buyer orders the 30 at that price", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(120_000);
  await page.goto("/quotes");
  const form = page.getByRole("form", { name: "Request a custom quote" });
  await form.getByLabel(/^Product/).fill("A few caps for the founders");
  await form.getByLabel(/^Quantity/).fill("30");
  await form.getByRole("button", { name: "Request a custom quote" }).click();
  await expect(page.getByText("Thanks, we've got your request")).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto("/admin/quotes");
  await staff
    .getByRole("region", { name: "Quote requests" })
    .getByRole("row", { name: escaped(buyer.email) })
    .getByRole("link", { name: /^Answer with a quote/ })
    .click();
  const line = staff.getByRole("group", { name: "Line 1" });
  await line.getByLabel("Product").selectOption({ label: "Custom Embroidered Cap" });
  await line.getByLabel("Quantity").fill("30");
  await line.getByLabel("Unit price ex VAT (£)").fill("6");
  await staff.getByLabel("Delivery estimate").fill("About 3 weeks from proof approval.");
  await staff.getByRole("button", { name: "Send quote" }).click();
  // Without the tick the minimum order holds, and what was typed stays.
  await expect(
    staff.getByText(
      `Custom Embroidered Cap's minimum order is 50. Tick "Below-MOQ price agreed" if the buyer agreed this price for fewer.`,
    ),
  ).toBeVisible();
  await expect(line.getByLabel("Quantity")).toHaveValue("30");
  await line.getByRole("checkbox", { name: /^Below-MOQ price agreed/ }).check();
  await staff.getByRole("button", { name: "Send quote" }).click();
  await expect(staff).toHaveURL(/\/admin\/quotes\?sent=[0-9a-f-]{36}$/);
  const issued = staff.getByRole("region", { name: "Quotes issued" }).getByRole("row", { name: escaped(buyer.email) });
  const number = (await issued.getByRole("cell").first().textContent())?.trim() ?? "";
  await staffContext.close();

  await page.goto("/quotes");
  const listed = page.getByTestId("quote").filter({ hasText: number });
  const pdf = await downloaded(page, () => listed.getByRole("link", { name: `Download PDF of ${number}` }).click());
  expect(pdf.text.replace(/\s+/g, " ")).toContain("Below our minimum order of 50, at the price agreed");
  await listed.getByRole("button", { name: `Order at these prices (${number})` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // 30 × £6.00 = £180.00: the quote's quantity and price, below the cap's usual minimum.
  const cap = page.getByTestId("cart-line").filter({ hasText: "Custom Embroidered Cap" });
  await expect(cap.getByTestId("unit-price")).toHaveText("£6.00");
  await expect(cap.getByText("(quoted)")).toBeVisible();
  await expect(cap.getByTestId("line-total")).toHaveText("£180.00");
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(page.getByTestId("step-total")).toHaveText("£180.00");
});
