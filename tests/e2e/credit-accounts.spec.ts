import { formatDisplayDate } from "~/domain/core/dates";
import { accountDueOn } from "~/domain/orders/credit-accounts";
import { pdfText } from "../setup/pdf-text";
import { completeDraft, signInAsStaff } from "./support/api";
import { expect, test } from "./support/fixtures";

// docs/decisions/085-accounts-on-credit-terms.md in the browser: an organisation applies to pay on
// account, staff approve it with a £5,000 limit, a member orders on account and reads the
// statement, and the next order, past what is left, is refused with the reason.

/** A complete checkout of `quantity` navy caps, front embroidery, in the buyer's active account. */
const capDraft = (request: Parameters<typeof completeDraft>[0], email: string, quantity: number) =>
  completeDraft(request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity,
    marker: "Credit journey",
    email,
  });

test("an organisation applies, is approved with a £5,000 limit, orders £3,017.74 on account, sees its statement, and is refused the next £3,350.64 with the reason", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(180_000);
  const company = `Credit Journey ${Date.now().toString(36)} Ltd`;

  // The buyer's organisation, then its application: a missing answer is named and the rest kept.
  await page.goto("/account");
  const orgs = page.getByRole("region", { name: "Organisations" });
  await orgs.getByLabel("New organisation name").fill("Acme Events");
  await orgs.getByRole("button", { name: "Create organisation" }).click();
  await expect(orgs.getByRole("heading", { name: "Acme Events" })).toBeVisible();
  await page.getByRole("link", { name: "Pay on account: your organisation's account and statement" }).click();
  await expect(page.getByRole("heading", { name: "Apply to pay on account" })).toBeVisible();
  await page.getByLabel("Registered company name").fill(company);
  await page.getByLabel("Companies House number").fill("01234567");
  await page.getByLabel("Accounts e-mail").fill("accounts@acme-events.example");
  await page.getByLabel("Expected spend a month (£)").fill("4000");
  await page.getByRole("button", { name: "Send the application" }).click();
  await expect(
    page.getByText("Confirm that your organisation will pay each invoice within the terms we agree."),
  ).toBeVisible();
  await expect(page.getByLabel("Registered company name")).toHaveValue(company);
  await page.getByLabel("Our organisation will pay each invoice within the terms we agree.").check();
  await page.getByRole("button", { name: "Send the application" }).click();
  await expect(page.getByTestId("credit-applied")).toHaveText(
    "Thank you: we will answer your application within two working days, by e-mail.",
  );
  await expect(page.getByTestId("credit-status")).toHaveText("Applied, waiting for our answer");

  // Staff approve it with a £5,000 limit and 30 days.
  const staff = await (await browser.newContext()).newPage();
  await signInAsStaff(staff.request);
  await staff.goto("/admin/credit-accounts?status=pending");
  await staff.getByRole("link", { name: company }).click();
  const decision = staff.getByRole("region", { name: "Answer the application" });
  await decision.getByLabel("Credit limit (£)").fill("5000");
  await decision.getByLabel("Terms").selectOption("30");
  await decision.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByTestId("credit-status")).toHaveText("Approved");
  await expect(staff.getByText(`${company}'s account is now "Approved".`)).toBeVisible();

  // 715 caps at the 400+ tier's £3.88 = £2,774.20, the first-order discount −£277.42, £18.00
  // standard shipping: £2,514.78 ex VAT, + £502.96 VAT (20%) = £3,017.74.
  const first = await capDraft(page.request, buyer.email, 715);
  await page.goto(`/payment?draft_id=${first}&product_id=8`);
  const onAccount = page.getByRole("region", { name: "Pay on account" });
  await expect(onAccount).toContainText("Credit left: £5,000.00 of £5,000.00.");
  await onAccount.getByRole("button", { name: "Place order on account: £3,017.74" }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-status")).toHaveText("Ordered on account");
  const due = formatDisplayDate(accountDueOn(new Date(), 30));
  await expect(page.getByTestId("payment-status")).toHaveText(`On account: invoice due by ${due}`);
  await expect(page.getByRole("link", { name: /Download VAT invoice INV-\d{4}-\d{6} \(PDF\)/ })).toBeVisible();

  // The statement: one invoice, £3,017.74 to pay, £5,000.00 − £3,017.74 = £1,982.26 left.
  await page.goto("/account/credit");
  await expect(page.getByTestId("credit-status")).toHaveText("Approved");
  await expect(page.getByTestId("standing-owed")).toHaveText("£3,017.74");
  await expect(page.getByTestId("standing-available")).toHaveText("£1,982.26");
  await expect(page.getByTestId("standing-overdue")).toHaveText("£0.00");
  const statement = page.getByTestId("statement");
  await expect(statement.getByRole("row")).toHaveCount(2);
  await expect(statement).toContainText("£3,017.74");
  await expect(page.getByTestId("open-invoices")).toContainText(`£3,017.74 due by ${due}`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  const pdf = await page.request.get("/account/credit/statement.pdf");
  expect(pdf.status()).toBe(200);
  const text = await pdfText(await pdf.body());
  expect(text).toContain("Statement of account");
  expect(text).toContain("£3,017.74");

  // The same 715 caps again, without the first-order discount: (£2,774.20 + £18.00) × 1.2 =
  // £3,350.64, more than the £1,982.26 left: refused with the reason, and no button to press.
  const second = await capDraft(page.request, buyer.email, 715);
  await page.goto(`/payment?draft_id=${second}&product_id=8`);
  const refused = page.getByRole("region", { name: "Pay on account" });
  await expect(refused.getByTestId("on-account-refused")).toHaveText(
    `This order (£3,350.64) is more than the £1,982.26 of credit left on ${company}'s account: its limit is £5,000.00 and £3,017.74 is still to pay. Please pay by card, or pay what is due to free up credit.`,
  );
  await expect(refused.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();

  // Staff see the order on the account, and the credit used.
  await staff.reload();
  await expect(staff.getByTestId("standing-owed")).toHaveText("£3,017.74");
});
