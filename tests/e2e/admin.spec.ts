import type { Page } from "@playwright/test";
import { completeDraft, PDF, PNG, signInAsStaff, STAFF } from "./support/api";
import { axeViolations } from "./support/axe";
import { expect, newBuyer, signUpOverHttp, test, type Mailbox } from "./support/fixtures";

// The operator back office (B-7): a paid order goes through two proofs, production and shipping.

async function payWithTestCard(page: Page, draftId: string) {
  await page.goto(`/payment?draft_id=${draftId}&product_id=8`);
  await page.getByLabel("Name on card").fill("Jane Smith");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page).toHaveURL(/\/inquiry-success\?/);
}

/** The /orders/{id} link of the newest e-mail to `to` whose subject matches. */
async function orderLinkIn(mailbox: Mailbox, to: string, subject: RegExp): Promise<string> {
  const mail = await mailbox.latest(to, subject);
  const link = /https?:\/\/[^\s]+\/orders\/[0-9a-f-]{36}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No order link in: ${mail.text}`);
  return new URL(link).pathname;
}

test("a paid order goes from proof to shipped, and the buyer sees the tracking number", async ({
  page,
  browser,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(180_000);

  // The buyer pays in test mode.
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker: "Navy thread please",
    email: buyer.email,
    vatNumber: "GB980780684",
  });
  await payWithTestCard(page, draftId);
  const orderPath = await orderLinkIn(mailbox, buyer.email, /^Order SS-\d+ confirmed/);
  const orderId = orderPath.split("/").at(-1)!;
  const orderNumber = /Order (SS-\d+)/.exec((await mailbox.latest(buyer.email, /confirmed/)).subject)![1]!;

  // A buyer never reaches the back office, not even for their own order.
  for (const path of [
    "/admin/inbox/sms/export.csv",
    `/admin/orders/${orderId}/proofs/1`,
    "/admin",
    "/admin/orders",
    `/admin/orders/${orderId}`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! This page went on a merch run");

  // Staff find the order by number and send proof version 1.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  expect((await staff.goto("/admin/orders"))?.status()).toBe(200);
  await staff.getByLabel("Search orders").fill(orderNumber);
  await staff.getByRole("button", { name: "Filter" }).click();
  await staff.getByRole("link", { name: orderNumber }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderNumber}`);
  await expect(staff.getByText("Centred, 8 cm wide")).toBeVisible();
  await expect(staff.getByText("GB980780684")).toBeVisible();

  // A file that is not a PDF, PNG or JPEG is refused and nothing changes.
  await staff
    .getByLabel("Proof version 1")
    .setInputFiles({ name: "proof.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>not a proof</html>") });
  await staff.getByRole("button", { name: "Send proof version 1" }).click();
  await expect(
    staff.getByRole("alert").filter({ hasText: "A proof must be a PDF, PNG or JPEG file." }).first(),
  ).toBeVisible();
  await expect(staff.getByText("No proof sent yet.")).toBeVisible();

  await staff.getByLabel("Proof version 1").setInputFiles({ name: "cap-v1.png", mimeType: "image/png", buffer: PNG });
  await staff.getByLabel("Note to the buyer (optional)").fill("Logo centred on the front panel");
  await staff.getByRole("button", { name: "Send proof version 1" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Proof version 1 sent to the buyer." })).toBeVisible();

  // The buyer follows the e-mail and asks for changes.
  const proofLink = await orderLinkIn(mailbox, buyer.email, /proof .* is ready: Custom Embroidered Cap, version 1$/);
  expect(proofLink).toBe(orderPath);
  await page.goto(proofLink);
  await page.getByLabel("Or tell us what to change").fill("Make the logo bigger, please");
  await page.getByRole("button", { name: "Request changes" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Changes requested");

  // Staff's page still shows the order before the buyer answered: the upload is refused as stale,
  // and the page shows the current state, with the buyer's comment.
  await staff
    .getByLabel("Proof version 2")
    .setInputFiles({ name: "cap-v2.pdf", mimeType: "application/pdf", buffer: PDF });
  await staff.getByRole("button", { name: "Send proof version 2" }).click();
  await expect(
    staff.getByRole("alert").filter({
      hasText: 'This order changed since you opened it: it is now "Changes requested". Nothing was changed',
    }),
  ).toBeVisible();
  const proofs = staff.getByRole("table", { name: "Proof versions, newest first" });
  await expect(proofs.getByRole("row", { name: /^1 / })).toContainText("Changes requested");
  await expect(proofs.getByRole("row", { name: /^1 / })).toContainText("Make the logo bigger, please");

  await staff
    .getByLabel("Proof version 2")
    .setInputFiles({ name: "cap-v2.pdf", mimeType: "application/pdf", buffer: PDF });
  await staff.getByRole("button", { name: "Send proof version 2" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Proof version 2 sent to the buyer." })).toBeVisible();
  await expect(proofs.getByRole("row")).toHaveCount(3);

  // The buyer approves version 2.
  await page.goto(await orderLinkIn(mailbox, buyer.email, /proof .* is ready: Custom Embroidered Cap, version 2$/));
  await page.getByRole("button", { name: "Approve version 2" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Proof approved");

  // Staff move it through production to shipped.
  await staff.reload();
  const changeStatus = async (label: string) => {
    await staff.getByLabel("New status").selectOption({ label });
    await staff.getByRole("button", { name: "Change status" }).click();
    await expect(staff.getByRole("status").filter({ hasText: `is now "${label}"` })).toBeVisible();
  };
  await changeStatus("In production");
  await changeStatus("Quality check");
  await staff.getByLabel("Carrier").fill("DPD");
  await staff.getByLabel("Tracking number").fill("15501234567890");
  await changeStatus("Shipped");
  const history = staff.getByRole("table", { name: "Every status change, newest first" });
  await expect(history.getByRole("row").nth(1)).toContainText("Quality check → Shipped");
  await expect(history.getByRole("row").nth(1)).toContainText(STAFF.email);
  await expect(history.getByRole("row").nth(1)).toContainText("Shipped with DPD (tracking 15501234567890)");

  // The buyer sees the tracking number on the order page and got both kinds of e-mail.
  await page.goto(orderPath);
  await expect(page.getByTestId("tracking")).toContainText("15501234567890");
  await expect(page.getByTestId("tracking")).toContainText("DPD");
  const shipped = await mailbox.latest(buyer.email, /has shipped$/);
  expect(shipped.subject).toBe(`Order ${orderNumber} has shipped`);
  expect(shipped.text).toContain("Carrier: DPD");
  expect(shipped.text).toContain("Tracking number: 15501234567890");
  const subjects = (await mailbox.all(buyer.email)).map((mail) => mail.subject);
  expect(subjects.filter((subject) => /^Your proof for order/.test(subject))).toEqual([
    `Your proof for order ${orderNumber} is ready: Custom Embroidered Cap, version 1`,
    `Your proof for order ${orderNumber} is ready: Custom Embroidered Cap, version 2`,
  ]);

  // The staff pages meet WCAG 2.2 AA with real data in them, on a desktop and a phone.
  for (const width of [1280, 375]) {
    await staff.setViewportSize({ width, height: 900 });
    for (const path of [`/admin/orders/${orderId}`, "/admin/orders", "/admin/inbox/inquiries"]) {
      await staff.goto(path);
      await staff.waitForFunction(() => "__reactRouterDataRouter" in window);
      expect((await axeViolations(staff)).map((line) => `${path} at ${width} px: ${line}`)).toEqual([]);
    }
  }
  await staffContext.close();
});

test("the inbox lists SMS sign-ups with their consent time and exports them as CSV", async ({ browser, request }) => {
  const phone = `+4477009${String(Date.now()).slice(-5)}`;
  const signup = await request.post("/api/sms-signups", { data: { phone, sourcePage: "/cart" } });
  expect(signup.status(), await signup.text()).toBe(201);

  const context = await browser.newContext();
  const staff = await context.newPage();
  await signInAsStaff(staff.request);
  await staff.goto("/admin/inbox/sms");
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText("SMS sign-ups");
  const row = staff.getByRole("row").filter({ hasText: phone });
  await expect(row).toContainText(/\w{3}, \w{3} \d{1,2}, \d{4}, \d{2}:\d{2}/);

  const csv = await staff.request.get("/admin/inbox/sms?format=csv");
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="sms-\d{4}-\d{2}-\d{2}\.csv"$/);
  const text = await csv.text();
  expect(text.split("\r\n")[0]).toBe(
    "\uFEFFPhone,Consent given,Consent wording,Signed up on page,Account e-mail,First signed up,Confirmed by the phone,Opted out",
  );
  // The leading + is written as text, so a spreadsheet does not run it as a formula.
  expect(text).toContain(`'${phone},`);
  await context.close();
});

test("another buyer cannot see an order page's back-office twin or the inbox", async ({ page, mailbox }) => {
  const buyer = newBuyer("nosy");
  await signUpOverHttp(page.request, mailbox, buyer);
  for (const path of ["/admin/inbox/inquiries", "/admin/inbox/inquiries?format=csv", "/admin/orders?status=paid"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});
