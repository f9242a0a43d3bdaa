import sharp from "sharp";
import { oneLine, pdfText } from "../setup/pdf-text";
import { completeDraft, payInTestMode, startPayment } from "./support/api";
import { expect, Mailbox, newBuyer, signUpOverHttp, test } from "./support/fixtures";
import { ownServerForSpec } from "./support/own-server-spec";

// docs/decisions/066-catalogue-is-data.md: the operator adds a product nobody wrote in code, in an
// empty category, and it is sold like the spec's four; a later price change leaves what was sold as
// it was. The product goes on sale in Drinkware, which the shared server's specs read as empty, so
// this journey runs a server of its own (ports 4758–4761, its own data dir).

const server = ownServerForSpec(4758, "new-product");

test("staff make a bottle in empty Drinkware, with three bands, two colours and a photo, and publish it; a buyer finds it, prices it and pays; a later price change leaves the order and its invoice as sold", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const mailbox = new Mailbox(server.url);
  const staff = await server.staffPage(browser, mailbox);

  // From the products list narrowed to Drinkware, a new product starts in Drinkware.
  await staff.goto("/admin/products?category=Drinkware");
  await staff.getByRole("link", { name: "New product" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
  const form = staff.getByRole("form", { name: "The new product" });
  await expect(form.getByLabel("Category")).toHaveValue("Drinkware");
  await form.getByLabel("Title").fill("Insulated Steel Bottle");
  await form.getByLabel("URL name").fill("insulated-steel-bottle");
  await form.getByLabel("Description").fill("A double-walled 500 ml bottle that keeps drinks cold, laser engraved.");
  await form.getByLabel("Minimum order (units)").fill("25");
  await form.getByLabel("Lead time").fill("2 weeks");
  await form.getByLabel("Delivery time").fill("3-5 days");
  await form.getByLabel("Colour 1: name").fill("Steel");
  await form.getByLabel("Colour 1: colour").fill("#c0c4c8");
  await form.getByRole("button", { name: "Add a colour" }).click();
  await form.getByLabel("Colour 2: name").fill("Matte Black");
  await form.getByLabel("Colour 2: colour").fill("#1b1b1b");
  for (const [n, from, to, price] of [
    [1, "25", "99", "11.50"],
    [2, "100", "249", "9.90"],
    [3, "250", "", "8.75"],
  ] as const) {
    if (n > 1) await form.getByRole("button", { name: "Add a band" }).click();
    await form.getByLabel(`Band ${n}: From`).fill(from);
    await form.getByLabel(`Band ${n}: To`).fill(to);
    await form.getByLabel(`Band ${n}: Unit price in pounds`).fill(price);
  }
  // Engraved, not printed: the checkout starts on laser engraving.
  await form.getByLabel("Screen print").uncheck();
  await form.getByLabel("Laser engraving").check();
  await form.getByLabel("The checkout starts on").selectOption("Laser engraving");
  await form.getByLabel("Customisations buyers can tick").fill("Lid engraving | Your logo on the lid, up to 3 cm");
  await form.getByLabel("Features").fill("Keeps drinks cold for 24 hours\nLeak-proof screw lid");
  await form.getByLabel("Specifications").fill("Capacity: 500 ml\nMaterial: 18/8 stainless steel");
  // A specification without its label is refused on the page, and nothing typed is lost.
  await form.getByLabel("Good for").fill("Onboarding packs");
  await form.getByLabel("Specifications").fill("Capacity: 500 ml\n18/8 stainless steel");
  await form.getByRole("button", { name: "Create the draft" }).click();
  await expect(form.getByText('Line 2: write it as "Label: value"')).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue("Insulated Steel Bottle");
  await form.getByLabel("Specifications").fill("Capacity: 500 ml\nMaterial: 18/8 stainless steel");
  await form.getByRole("button", { name: "Create the draft" }).click();

  // Made as a draft under the next number; a photo is added in its editor.
  await expect(staff.getByRole("heading", { level: 1, name: "Insulated Steel Bottle" })).toBeVisible();
  await expect(staff.getByText("Made as a draft. Add its pictures below, preview it, then publish it.")).toBeVisible();
  const productId = /\/admin\/products\/(\d+)/.exec(staff.url())?.[1] ?? "";
  expect(Number(productId)).toBeGreaterThan(17);
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#c0c4c8" } })
    .jpeg()
    .toBuffer();
  const upload = staff.getByRole("form", { name: "Add a picture" });
  await upload.getByLabel("Picture").setInputFiles({ name: "bottle.jpg", mimeType: "image/jpeg", buffer: photo });
  await upload.getByLabel("What it shows").fill("The steel bottle, logo engraved on the side");
  await upload.getByLabel("The colour it shows (optional)").selectOption("Steel");
  await upload.getByRole("button", { name: "Add the picture" }).click();
  await expect(staff.getByRole("region", { name: "Pictures" }).getByRole("listitem")).toHaveCount(1);

  // Previewed as buyers will see it, then published.
  await staff.getByRole("link", { name: "Preview it" }).click();
  await expect(staff.getByText("Preview: this product is a draft.")).toBeVisible();
  await expect(staff.getByRole("img", { name: "The steel bottle, logo engraved on the side" }).first()).toBeVisible();
  await staff.goBack();
  await staff.getByRole("button", { name: "Publish" }).click();
  await expect(staff.getByText("Now published.")).toBeVisible();

  // A visitor finds it in Drinkware and by the search, and prices it.
  const buyerContext = await server.context(browser);
  const page = await buyerContext.newPage();
  await page.goto("/products/drinkware");
  await page
    .getByRole("link", { name: /Insulated Steel Bottle/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/product/(${productId}|insulated-steel-bottle)$`));
  await expect(page.getByRole("heading", { level: 1, name: "Insulated Steel Bottle" })).toBeVisible();
  const quantity = page.getByLabel(/^Quantity/);
  await expect(quantity).toHaveValue("25");
  await expect(page.getByTestId("unit-price")).toHaveText("£11.50");
  await quantity.fill("120");
  await quantity.blur();
  await expect(page.getByTestId("unit-price")).toHaveText("£9.90");
  await expect(page.getByTestId("line-total")).toHaveText("£1,188.00");
  await page.goto("/products?search=steel%20bottle");
  await expect(page.getByRole("link", { name: /Insulated Steel Bottle/ }).first()).toBeVisible();
  // Misspelt, it is still found, and the page says the search was read as a typo.
  await page.goto("/products?search=insulatd%20bottel");
  await expect(page.getByRole("status").filter({ hasText: "closest titles" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Insulated Steel Bottle/ }).first()).toBeVisible();

  // A buyer pays for 120 in Matte Black.
  const buyer = newBuyer("bottle");
  await signUpOverHttp(page.request, mailbox, buyer);
  const draftId = await completeDraft(page.request, {
    productId,
    colour: "#1b1b1b",
    customisation: "Lid engraving",
    branding: "laser",
    quantity: 120,
    marker: "Bottles for the onboarding packs",
    email: buyer.email,
  });
  const { orderId, orderNumber } = await payInTestMode(
    page.request,
    await startPayment(page.request, draftId, productId),
  );

  // Staff then lower the 100–249 band.
  await staff.goto(`/admin/products/${productId}`);
  const editor = staff.getByRole("form", { name: "Edit the product" });
  await editor.getByLabel("Band 2: Unit price in pounds").fill("9.20");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByText("Saved 1 change. Buyers see them within a second.")).toBeVisible();

  // The order and its invoice keep what was sold; a new visitor sees, and is charged, the new price.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(orderNumber);
  await expect(page.getByRole("main")).toContainText("Insulated Steel Bottle");
  // 120 at £9.90, as sold.
  await expect(page.getByRole("main")).toContainText("Goods£1,188.00 ex VAT");
  const invoice = await page.request.get(`/orders/${orderId}/invoice.pdf`);
  expect(invoice.status()).toBe(200);
  expect(oneLine(await pdfText(await invoice.body()))).toContain("120 £9.90");

  const visitor = await (await server.context(browser)).newPage();
  await visitor.goto(`/product/insulated-steel-bottle`);
  await visitor.getByLabel(/^Quantity/).fill("120");
  await visitor.getByLabel(/^Quantity/).blur();
  await expect(visitor.getByTestId("unit-price")).toHaveText("£9.20");
  const second = newBuyer("bottle-2");
  await signUpOverHttp(visitor.request, mailbox, second);
  const secondDraft = await completeDraft(visitor.request, {
    productId,
    colour: "#c0c4c8",
    customisation: "Lid engraving",
    branding: "laser",
    quantity: 120,
    marker: "Bottles at the new price",
    email: second.email,
  });
  const later = await payInTestMode(visitor.request, await startPayment(visitor.request, secondDraft, productId));
  const laterInvoice = await visitor.request.get(`/orders/${later.orderId}/invoice.pdf`);
  expect(oneLine(await pdfText(await laterInvoice.body()))).toContain("120 £9.20");
});
