import { readFileSync } from "node:fs";
import { oneLine, pdfText } from "../setup/pdf-text";
import { completeDraft, payInTestMode, signInAsStaff, startPayment } from "./support/api";
import { expect, test } from "./support/fixtures";

// Decision 019: a paid order's VAT invoice is a PDF on its order page and attached to the
// confirmation e-mail; staff re-send it; a refund brings a credit note naming it.

test("the buyer downloads the VAT invoice from the order page; staff re-send it, and a refund brings a credit note", async ({
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

  // Staff re-send the invoice, then record a refund, which issues the credit note.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto(`/admin/orders/${orderId}`);
  await staff.getByRole("button", { name: "Re-send invoice to the buyer" }).click();
  await expect(staff.getByText(`Invoice ${invoiceNumber} sent to ${buyer.email}.`)).toBeVisible();
  await staff.getByLabel("New status").selectOption({ label: "Refunded" });
  await staff.getByRole("button", { name: "Change status" }).click();
  await expect(staff.getByText(/Credit note CN-\d{4}-\d{6} issued and e-mailed to the buyer\./)).toBeVisible();
  const creditNote = /Credit note (CN-\d{4}-\d{6})/.exec(
    (await staff
      .getByText(/Credit note CN-/)
      .first()
      .textContent()) ?? "",
  )?.[1];
  await expect(staff.getByRole("link", { name: `Credit note ${creditNote} (PDF)` })).toBeVisible();
  await staffContext.close();

  const mail = await mailbox.latest(buyer.email, new RegExp(`Credit note ${creditNote}`));
  expect(mail.attachments[0]?.filename).toBe(`Credit note ${creditNote}.pdf`);
  await page.reload();
  await expect(page.getByTestId("payment-status")).toHaveText(/; refunded$/);
  const response = await page.request.get(`/orders/${orderId}/credit-note.pdf`);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const credit = oneLine(await pdfText(await response.body()));
  expect(credit).toContain(`Credits invoice ${invoiceNumber}`);
  await expect(page.getByRole("link", { name: `Download credit note ${creditNote} (PDF)` })).toBeVisible();
});
