import { addDays, formatDisplayDate, londonToday } from "~/domain/core/dates";
import { oneLine, pdfText } from "../setup/pdf-text";
import { completeCapDraft, STAFF, signInWithTwoStep, turnOnTwoStep } from "./support/api";
import { expect, Mailbox, newBuyer, signUpOverHttp, test } from "./support/fixtures";
import { ownServerForSpec } from "./support/own-server-spec";

// Decision 022's late transfer, in the browser: a buyer places an order to pay by bank transfer;
// the server stops and its database says the order was placed 20 days ago and was due 3 days ago
// (the shipped server has no test clock); started again, its own periodic pass expires the order.
// The money then shows in the bank account for yesterday: staff record it with that day, the order
// is revived as paid, and its VAT invoice's time of supply is that day. The journey writes to the
// server's database between steps, so it runs a server of its own (ports 4770–4773).
const server = ownServerForSpec(4770, "late-transfer");

test("a transfer that arrives after the order expired is recorded with the day it arrived: the order is revived as paid, and its VAT invoice carries that day", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const mailbox = new Mailbox(server.url);
  const page = await (await server.context(browser)).newPage();
  const staff = await (await server.context(browser)).newPage();
  const buyer = newBuyer("late-transfer");
  await signUpOverHttp(page.request, mailbox, buyer);
  await signUpOverHttp(staff.request, mailbox, STAFF);
  const key = await turnOnTwoStep(staff.request, STAFF);
  expect(await signInWithTwoStep(staff.request, STAFF, key)).toBe(true);

  const draftId = await completeCapDraft(page.request, { marker: "Late transfer", email: buyer.email });
  await page.goto(`/payment?draft_id=${draftId}&product_id=8`);
  const transfer = page.getByRole("region", { name: "Pay by bank transfer" });
  await transfer.getByRole("button", { name: "Pay by bank transfer instead" }).click();
  await transfer.getByRole("button", { name: "Place order and pay by bank transfer" }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-status")).toHaveText("Awaiting transfer");
  const orderId = page.url().split("/").at(-1) ?? "";

  // Time passes: placed 20 days ago, due 3 days ago. The pass of this period is forgotten, so the
  // restarted server runs one within its first minute.
  await server.editDatabase(async (pg) => {
    const moved = await pg.query(
      `update bank_transfers set placed_at = now() - interval '20 days', due_on = current_date - 3 where order_id = $1`,
      [orderId],
    );
    expect(moved.affectedRows).toBe(1);
    await pg.query(`delete from jobs where kind = 'bank-transfers'`);
  });
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("order-status").textContent();
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe("Expired");

  // The money shows in the bank account for yesterday: staff record it with that day.
  const yesterday = addDays(londonToday(new Date()), -1);
  await staff.goto(`/admin/orders/${orderId}`);
  const card = staff.getByRole("region", { name: "Bank transfer" });
  await expect(card.getByTestId("transfer-late")).toContainText("The order expired unpaid.");
  const amount = /Amount\s*(£[\d,.]+)/.exec((await card.textContent()) ?? "")?.[1] ?? "";
  expect(amount).toMatch(/^£[\d,]+\.\d\d$/);
  await card.getByLabel("Amount received (£)").fill(amount.replace(/[£,]/g, ""));
  await card.getByLabel("Arrived on").fill(yesterday);
  await card.getByRole("button", { name: "Record the payment" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Transfer received for order" })).toBeVisible();
  await expect(card).toContainText(`Arrived on${formatDisplayDate(yesterday)}`);
  await expect(
    staff.getByText(
      `Bank transfer received, arrived ${formatDisplayDate(yesterday)}; the order had expired and is revived`,
    ),
  ).toBeVisible();

  // The buyer sees it paid on the day the money arrived, and the VAT invoice says so.
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Paid");
  await expect(page.getByTestId("payment-status")).toHaveText(
    `Paid by bank transfer on ${formatDisplayDate(yesterday)}`,
  );
  const invoice = await page.request.get(`/orders/${orderId}/invoice.pdf`);
  expect(invoice.status()).toBe(200);
  const text = oneLine(await pdfText(await invoice.body()));
  expect(text).toContain(`Time of supply ${formatDisplayDate(yesterday)}`);
  expect(text).toContain(`Paid by bank transfer on ${formatDisplayDate(yesterday)}`);
});
