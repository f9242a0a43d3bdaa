import { readFileSync } from "node:fs";
import { oneLine, pdfText } from "../setup/pdf-text";
import { completeDraft, payInTestMode, signInAsStaff, startPayment } from "./support/api";
import { expect, test } from "./support/fixtures";

// Decisions 019 and 072: a paid order's VAT invoice is a PDF on its order page and attached to the
// confirmation e-mail; staff re-send it; each refund brings a credit note naming it, and a partial
// refund then the rest give two that sum to the invoice and no more.

test("the buyer downloads the VAT invoice from the order page; staff re-send it, and a partial refund then the rest bring two credit notes that sum to it", async ({
  page,
  browser,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(120_000);
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker: "Invoice Test",
    email: buyer.email,
    vatNumber: "GB980780684",
    poRef: "PO-2026-118",
  });
  const { orderId, orderNumber } = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));

  const confirmation = await mailbox.latest(buyer.email, new RegExp(`Order ${orderNumber} confirmed`));
  const invoiceNumber = /VAT invoice (INV-\d{4}-\d{6})/.exec(confirmation.subject)?.[1] ?? "";
  expect(confirmation.attachments).toEqual([
    { filename: `VAT invoice ${invoiceNumber}.pdf`, contentType: "application/pdf" },
  ]);

  await page.goto(`/orders/${orderId}`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download VAT invoice ${invoiceNumber} (PDF)` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`VAT invoice ${invoiceNumber}.pdf`);
  const text = oneLine(await pdfText(readFileSync(await download.path())));
  // 100 caps at £5.50, 10% off a first order, £18.00 shipping, VAT at 20%.
  for (const expected of [
    `Number ${invoiceNumber}`,
    `Order ${orderNumber}`,
    "PO reference PO-2026-118",
    "Payment Paid by card on",
    "BILL TO Invoice Test Ltd Jane Smith 1 Canal Street London N1 9AA United Kingdom VAT number: GB980780684",
    "Custom Embroidered Cap",
    "100 £5.50 20% £110.00 £550.00",
    "Total excluding VAT £513.00 VAT £102.60 Total including VAT £615.60",
  ])
    expect(text).toContain(expected);

  // Nobody else gets it: signed out, or another buyer.
  const stranger = await browser.newContext();
  expect((await stranger.request.get(`/orders/${orderId}/invoice.pdf`)).status()).toBe(404);
  await stranger.close();

  // Staff re-send the invoice, then refund ten caps, then the rest: two credit notes that sum to
  // the invoice (docs/decisions/072).
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto(`/admin/orders/${orderId}`);
  await staff.getByRole("button", { name: "Re-send invoice to the buyer" }).click();
  await expect(staff.getByText(`Invoice ${invoiceNumber} sent to ${buyer.email}.`)).toBeVisible();
  await expect(staff.getByRole("option", { name: "Refunded" })).toHaveCount(0);
  const refundCard = staff.getByRole("region", { name: "Refund", exact: true });
  // Ten caps: £55.00 less their share of the discount £5.50 = £49.50, VAT £9.90: £59.40.
  await refundCard.getByLabel(/Custom Embroidered Cap.*£5\.50 each/).fill("10");
  await refundCard.getByLabel("Reason").fill("Ten caps arrived damaged");
  await refundCard.getByRole("button", { name: "Refund", exact: true }).click();
  const first = staff.getByText(
    /^Refunded £59\.40 to the card\. Credit note (CN-\d{4}-\d{6}) issued and e-mailed to the buyer\.$/,
  );
  await expect(first).toBeVisible();
  const firstNote = /CN-\d{4}-\d{6}/.exec((await first.textContent()) ?? "")?.[0] ?? "";
  await expect(refundCard).toContainText("Left to refund£556.20");
  // More than is left is refused with the figure, and what was typed stays.
  await refundCard.getByLabel("An amount").check();
  await refundCard.getByLabel("Amount including VAT (£)").fill("556.21");
  await refundCard.getByLabel("Reason").fill("Order cancelled by the buyer");
  await refundCard.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(
    refundCard.getByText("At most £556.20 can be refunded: that is what is left of the invoice.").first(),
  ).toBeVisible();
  await expect(refundCard.getByLabel("Reason")).toHaveValue("Order cancelled by the buyer");
  await refundCard.getByLabel("Amount including VAT (£)").fill("556.20");
  await refundCard.getByRole("button", { name: "Refund", exact: true }).click();
  const second = staff.getByText(
    /^Refunded £556\.20 to the card\. Credit note (CN-\d{4}-\d{6}) issued and e-mailed to the buyer\. The order is now "Refunded"\.$/,
  );
  await expect(second).toBeVisible();
  const secondNote = /CN-\d{4}-\d{6}/.exec((await second.textContent()) ?? "")?.[0] ?? "";
  await expect(refundCard).toContainText("The invoice is credited in full");
  await expect(staff.getByRole("link", { name: `Credit note ${secondNote} (PDF)` })).toBeVisible();
  await staffContext.close();

  const mail = await mailbox.latest(buyer.email, new RegExp(`Credit note ${firstNote}`));
  expect(mail.attachments[0]?.filename).toBe(`Credit note ${firstNote}.pdf`);
  await page.reload();
  await expect(page.getByTestId("payment-status")).toHaveText(/; refunded$/);
  // The buyer downloads both: £59.40 and £556.20, £615.60 in all, the invoice's total.
  for (const [note, total] of [
    [firstNote, "Total excluding VAT £49.50 VAT £9.90 Total including VAT £59.40"],
    [secondNote, "Total excluding VAT £463.50 VAT £92.70 Total including VAT £556.20"],
  ]) {
    const link = page.getByRole("link", { name: new RegExp(`^Download credit note ${note} for £[\\d.,]+ \\(PDF\\)$`) });
    await expect(link).toBeVisible();
    const response = await page.request.get(`/orders/${orderId}/credit-notes/${note}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const credit = oneLine(await pdfText(await response.body()));
    expect(credit).toContain(`Credits invoice ${invoiceNumber}`);
    expect(credit).toContain(total);
  }
});
