import type { PGlite } from "@electric-sql/pglite";
import { oneLine, pdfText } from "../setup/pdf-text";
import { completeDraft, payInTestMode, STAFF, signInWithTwoStep, startPayment, turnOnTwoStep } from "./support/api";
import { expect, Mailbox, newBuyer, signUpOverHttp, test } from "./support/fixtures";
import { shipOrder, staffMoves } from "./support/orders";
import { ownServerForSpec } from "./support/own-server-spec";

// Decision 026's journey "staff mark delivered late and the buyer claims", in the browser. The
// shared server cannot be written to while it runs and the shipped server has no test clock, so
// this spec runs a server of its own (ports 4750–4753, its own data dir): the buyer orders and
// pays, staff send a proof, the buyer approves, staff ship and mark it delivered; then the server
// stops, the spec moves the promised date back in its database (6 days late, still within the
// 7-day window; a second order 4 days late), and starts it again on the same data dir.

const server = ownServerForSpec(4750, "late");

/** Moves the order's promised date to `days` before the London date it was first marked delivered. */
async function promiseDaysBeforeDelivery(pg: PGlite, orderId: string, days: number) {
  const moved = await pg.query(
    `update orders set promised_delivery_date = (
       select (min(h.created_at) at time zone 'Europe/London')::date - $2::int
       from order_status_history h where h.order_id = orders.id and h.to_status = 'delivered')
     where id = $1`,
    [orderId, days],
  );
  expect(moved.affectedRows).toBe(1);
}

test("staff mark an order delivered 6 days late and the buyer claims the On-time Guarantee; 4 days late offers no claim; the credit note downloads", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const url = server.url;
  const mailbox = new Mailbox(url);
  const buyerContext = await server.context(browser);
  const staffContext = await server.context(browser);
  const page = await buyerContext.newPage();
  const staff = await staffContext.newPage();

  // The buyer and this server's staff account (made here: the shared one lives on the shared server).
  const buyer = newBuyer("late");
  await signUpOverHttp(page.request, mailbox, buyer);
  await signUpOverHttp(staff.request, mailbox, STAFF);
  const key = await turnOnTwoStep(staff.request, STAFF);
  expect(await signInWithTwoStep(staff.request, STAFF, key)).toBe(true);

  const order = async (marker: string) => {
    const draftId = await completeDraft(page.request, {
      productId: "8",
      colour: "#1f2a56",
      customisation: "Front embroidery",
      branding: "embroidery",
      quantity: 100,
      marker,
      email: buyer.email,
    });
    const paid = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));
    await shipOrder(page.request, staff.request, paid.orderId);
    await staffMoves(staff.request, paid.orderId, "delivered");
    return paid;
  };
  const late = await order("Late delivery");
  const short = await order("Nearly late delivery");
  await page.goto(`/orders/${late.orderId}`);
  await expect(page.getByRole("button", { name: "Claim the On-time Guarantee" })).toHaveCount(0);

  // The server stops; its database says the promises were 6 and 4 days before delivery.
  await server.editDatabase(async (pg) => {
    await promiseDaysBeforeDelivery(pg, late.orderId, 6);
    await promiseDaysBeforeDelivery(pg, short.orderId, 4);
  });

  // 4 days late: below the guarantee's 5, no claim.
  await page.goto(`/orders/${short.orderId}`);
  await expect(page.getByTestId("delivery-dates")).toBeVisible();
  await expect(page.getByRole("button", { name: "Claim the On-time Guarantee" })).toHaveCount(0);

  // 6 days late: the buyer claims with a note.
  await page.goto(`/orders/${late.orderId}`);
  const guarantee = page.getByTestId("guarantee");
  await expect(guarantee).toContainText("Your order arrived 6 days after the date we promised.");
  await page.getByLabel("A note for our team (optional)").fill("The stand opened without our shirts.");
  await page.getByRole("button", { name: "Claim the On-time Guarantee" }).click();
  await expect(page.getByTestId("claim-status")).toContainText("(6 days late). Your claim is with our team");
  const alert = await mailbox.latest(STAFF.email, new RegExp(`^On-time Guarantee claim on order ${late.orderNumber}$`));
  expect(alert.text).toContain(`it was delivered 6 days after the promised date.`);
  expect(alert.text).toContain(`/admin/orders/${late.orderId}`);

  // Staff accept it with a reason in the back office.
  await staff.goto(`/admin/orders/${late.orderId}`);
  await staff.getByLabel("Reason (the buyer reads it)").fill("Our courier lost a day; sorry.");
  await staff.getByRole("button", { name: "Accept the claim" }).click();
  await expect(staff.getByRole("button", { name: "Accept the claim" })).toHaveCount(0);

  // The buyer sees the outcome: accepted, the credit note's number and amount, staff's reason.
  await page.reload();
  const outcome = page.getByTestId("claim-status");
  await expect(outcome).toContainText("Your claim is accepted.");
  await expect(outcome).toContainText(/Credit note \S+ for £[\d,]+\.\d{2} is issued and was e-mailed to you\./);
  await expect(outcome).toContainText("Our note: Our courier lost a day; sorry.");
  const creditNote = /Credit note (\S+) for/.exec((await outcome.textContent()) ?? "")?.[1] ?? "";
  const decided = await mailbox.latest(
    buyer.email,
    new RegExp(`^Your On-time Guarantee claim for order ${late.orderNumber} is accepted$`),
  );
  expect(decided.attachments.map((file) => file.filename)).toEqual([`Credit note ${creditNote}.pdf`]);

  // The buyer downloads the credit note from the order page, and staff from the back office; another
  // buyer, or nobody signed in, finds no such document.
  const download = outcome.getByRole("link", { name: `Download credit note ${creditNote} (PDF)` });
  const href = `/orders/${late.orderId}/guarantee-credit-note.pdf`;
  await expect(download).toHaveAttribute("href", href);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["cache-control"]).toContain("no-store");
  const text = oneLine(await pdfText(await pdf.body()));
  expect(text).toContain(creditNote);
  expect(text).toContain("On-time Guarantee remedy");
  expect(text).toContain(`Order ${late.orderNumber}`);
  await staff.reload();
  const staffHref = `/admin/orders/${late.orderId}/guarantee-credit-note.pdf`;
  await expect(staff.getByRole("link", { name: `Credit note ${creditNote} (PDF)` })).toHaveAttribute("href", staffHref);
  const staffPdf = await staff.request.get(staffHref);
  expect(staffPdf.status()).toBe(200);
  expect(oneLine(await pdfText(await staffPdf.body()))).toContain(creditNote);
  const otherContext = await server.context(browser);
  await signUpOverHttp(otherContext.request, mailbox, newBuyer("late-other"));
  const signedOutContext = await server.context(browser);
  for (const request of [otherContext.request, signedOutContext.request]) {
    const refused = await request.get(href);
    expect(refused.status()).toBe(404);
    expect(refused.headers()["content-type"] ?? "").not.toContain("application/pdf");
  }
  // A 4-days-late order, with no claim, has no such document either.
  expect((await page.request.get(`/orders/${short.orderId}/guarantee-credit-note.pdf`)).status()).toBe(404);
  await otherContext.close();
  await signedOutContext.close();

  await buyerContext.close();
  await staffContext.close();
});
