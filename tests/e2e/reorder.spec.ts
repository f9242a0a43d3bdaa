import { pngBytes } from "../setup/artwork-corpus";
import { completeDraft, payInTestMode, signInAsStaff, startPayment, uploadArtwork } from "./support/api";
import { expect, test } from "./support/fixtures";
import { shipOrder, staffMoves } from "./support/orders";
import { payWithTestCard } from "./support/checkout";
import { expectAccessible } from "./support/axe";

// A delivered order is ordered again. "Reorder" fills the cart with the same
// product, quantity, colour, customisation and a copy of the approved artwork, each line skipping
// the proof as a repeat of the order; the buyer pays and the new order skips its proof.

test("reorder a delivered order, pay, and the repeat skips its proof", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(180_000);
  const marker = `Reorder journey ${Date.now().toString(36)}`;
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker,
    email: buyer.email,
  });
  await uploadArtwork(page.request, draftId, "team-logo.pdf");
  const first = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await shipOrder(page.request, staff.request, first.orderId);

  // Not delivered yet: no Reorder.
  await page.goto(`/orders/${first.orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  await expect(page.getByRole("button", { name: "Reorder" })).toHaveCount(0);

  await staffMoves(staff.request, first.orderId, "delivered");
  await page.goto(`/orders/${first.orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
  await expectAccessible(page, "the delivered order with Reorder");
  await page.getByRole("button", { name: "Reorder" }).click();

  // The cart, with the order it repeats and today's price (unchanged here).
  await expect(page).toHaveURL(new RegExp(`/cart\\?reordered=${first.orderId}$`));
  const notice = page.getByTestId("reorder-notice");
  await expect(notice).toContainText(`Added again from order ${first.orderNumber}, at today's prices.`);
  await expect(notice).toContainText("Nothing has changed since: same products, same prices.");
  const items = page.getByRole("list", { name: "Cart items" }).getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Custom Embroidered Cap");
  await expectAccessible(page, "the cart after a reorder");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/reorder-cart-${width}.png`, fullPage: true });
  }

  // Step 2 holds the artwork copy and the repeat, with the order's number.
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(page.getByRole("heading", { name: "Customise your Custom Embroidered Cap" })).toBeVisible();
  await expect(page.getByText("team-logo.pdf")).toBeVisible();
  await expect(page.getByLabel("Previous order reference")).toHaveValue(first.orderNumber);
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Your details" }).click();

  // Details come from the last order; the terms are accepted again.
  await expect(page.getByLabel("Address line 1*")).toHaveValue("1 Canal Street");
  await page.getByRole("checkbox", { name: /I accept the Terms/ }).check();
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await page.getByRole("radio", { name: "Express Air Freight" }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Design proofing" }).click();
  await expect(page.getByTestId("proof-choice")).toContainText("Skip proof");
  await page.getByRole("button", { name: "Next: Payment" }).click();
  await payWithTestCard(page);
  await page.getByRole("link", { name: "View your order" }).click();

  // Every line repeats an approved order, so the new order skipped its proof.
  await expect(page.getByTestId("order-status")).toHaveText("Proof approved");
  await page.getByText("Full history").click();
  await expect(page.getByText(`Repeat of ${first.orderNumber}: proof skipped`)).toBeVisible();
  await expect(page.getByText("No new proof needed: this repeats an approved design.")).toBeVisible();
  await staffContext.close();
});

test("a reorder keeps the raster logo's accepted warning: step 2 does not ask again and the checkout goes to payment", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(180_000);
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker: `Raster reorder ${Date.now().toString(36)}`,
    email: buyer.email,
  });
  // A PNG for embroidery: "we'd redraw it from pixels", answered with "Use it anyway" before paying.
  const uploaded = await page.request.post(`/api/drafts/${draftId}/artwork`, {
    data: pngBytes(1200, 660),
    headers: { "X-File-Name": "team-logo.png", "Content-Type": "image/png" },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const fileId = ((await uploaded.json()) as { file: { id: string } }).file.id;
  const accepted = await page.request.post(`/api/artwork/${fileId}/use-anyway`, {
    data: { draft_id: draftId, codes: ["raster"] },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const first = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await shipOrder(page.request, staff.request, first.orderId);
  await staffMoves(staff.request, first.orderId, "delivered");

  await page.goto(`/orders/${first.orderId}`);
  await page.getByRole("button", { name: "Reorder" }).click();
  await expect(page).toHaveURL(new RegExp(`/cart\\?reordered=${first.orderId}$`));
  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  const file = page.getByRole("list", { name: "Uploaded artwork" }).locator(":scope > li");
  await expect(file.getByTestId("artwork-check")).toContainText("we'd redraw it from pixels");
  // The decision made on the order stands: no question, and Next needs only the two confirmations.
  await expect(file.getByRole("button", { name: "Use it anyway" })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "I confirm I have the rights to use the supplied artwork." }).check();
  await page.getByRole("checkbox", { name: "I understand lead time starts after payment and proof approval." }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(page.getByText(/your answer to the artwork check/)).toHaveCount(0);
  await page.getByRole("button", { name: "Next: Your details" }).click();
  await page.getByRole("checkbox", { name: /I accept the Terms/ }).check();
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await page.getByRole("radio", { name: "Standard Shipping" }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Design proofing" }).click();
  await page.getByRole("button", { name: "Next: Payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment", level: 1 })).toBeVisible();
  await staffContext.close();
});
