import { oneLine, pdfText } from "../setup/pdf-text";
import { completeDraft, payInTestMode, startPayment } from "./support/api";
import { addToCart } from "./support/checkout";
import { expect, Mailbox, newBuyer, signUpOverHttp, test } from "./support/fixtures";
import { ownServerForSpec } from "./support/own-server-spec";

// Decision 088: the operator sets a set-up fee and two surcharges on the cap, and the buyer sees
// them on the product page, its calculator and the cart, and pays them on the invoice. The spec's
// products carry none on the shared server, so this journey runs a server of its own (ports 4774–4777).

const server = ownServerForSpec(4774, "set-up-fees");

test("staff add a set-up fee, a digitising fee for embroidery and a side-logo surcharge to the cap; the buyer sees them priced and pays them as invoice lines of their own", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const mailbox = new Mailbox(server.url);
  const staff = await server.staffPage(browser, mailbox);

  await staff.goto("/admin/products/8");
  const editor = staff.getByRole("form", { name: "Edit the product" });
  const charges = editor.getByLabel("Set-up fees and surcharges (optional)");
  // A charge for a method the cap is not made with is refused, and what was typed stays.
  const typed = "Set-up fee | 25.00 | per order\nLaser plate | 9.00 | per order | Laser engraving";
  await charges.fill(typed);
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(
    editor.getByText('Charge 2: "Laser engraving" is not a branding method or customisation of this product.'),
  ).toBeVisible();
  await expect(charges).toHaveValue(typed);
  await charges.fill(
    "Set-up fee | 25.00 | per order\nDigitising | 20.00 | per order | Embroidery\nSide logo | 0.40 | per unit | Side logo",
  );
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByText("Saved 1 change. Buyers see them within a second.")).toBeVisible();
  await staff.context().close();

  // The product page lists every charge and when it applies; the calculator adds the ones chosen.
  const buyerContext = await server.context(browser);
  const page = await buyerContext.newPage();
  const buyer = newBuyer("fees");
  await signUpOverHttp(page.request, mailbox, buyer);
  await page.goto("/product/8");
  await expect(page.getByTestId("product-charge")).toHaveText([
    "Set-up fee£25.00 ex VAT per order",
    "Digitising (with Embroidery)£20.00 ex VAT per order",
    "Side logo (with Side logo)£0.40 ex VAT per unit",
  ]);
  const quantity = page.getByLabel(/^Quantity/);
  await quantity.fill("400");
  await quantity.blur();
  // Embroidery is the cap's method until step 2: 400 × £3.88 = £1,552.00, + £25.00 + £20.00 = £1,597.00.
  await expect(page.getByTestId("calculator-charge")).toHaveText(["£25.00 ex VAT", "£20.00 ex VAT"]);
  await expect(page.getByTestId("line-total")).toHaveText("£1,597.00");
  await page
    .getByRole("group", { name: "Customise it" })
    .getByRole("checkbox", { name: /Side logo/ })
    .check();
  // With the side logo: + 400 × £0.40 = £160.00: £1,757.00.
  await expect(page.getByTestId("calculator-charge")).toHaveText(["£25.00 ex VAT", "£20.00 ex VAT", "£160.00 ex VAT"]);
  await expect(page.getByTestId("line-total")).toHaveText("£1,757.00");

  // The cart names each charge on the line and counts it in the line and the goods.
  await addToCart(page, "8", { colour: "Navy", customisation: "Side logo", quantity: 400 });
  await page.goto("/cart");
  await expect(page.getByTestId("line-charge")).toHaveText([
    "Set-up fee (per order)£25.00 ex VAT",
    "Digitising (per order)£20.00 ex VAT",
    "Side logo (per unit)£160.00 ex VAT",
  ]);
  await expect(page.getByTestId("line-total")).toHaveText("£1,757.00");
  await expect(page.getByTestId("summary-goods")).toHaveText("£1,757.00");

  // Paid: the invoice prints each charge as a line of its own.
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Side logo",
    branding: "embroidery",
    quantity: 400,
    marker: "Caps with fees",
    email: buyer.email,
  });
  const { orderId } = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-line-charges")).toHaveText(
    "Set-up fee: £25.00 per order; Digitising: £20.00 per order; Side logo: +£0.40 per unit",
  );
  const invoice = oneLine(await pdfText(await (await page.request.get(`/orders/${orderId}/invoice.pdf`)).body()));
  for (const expected of ["Set-up fee", "Digitising", "Side logo", "£1,552.00", "£25.00", "£20.00", "£160.00"])
    expect(invoice).toContain(expected);
});
