import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { addDays, londonToday } from "../../app/domain/core/dates";
import { approveByDate } from "../../app/domain/fulfilment/need-by";
import { completeDraft, payInTestMode, signInAsStaff, startPayment } from "./support/api";
import { expectAccessible } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { placeCapOrder, sendProof } from "./support/orders";

// The operator's week: an approval given by phone recorded on the order page, the
// orders list sorted by approve-by and exported as CSV (docs/decisions/039-staff-recorded-approval.md),
// and quote requests in one place.
test.describe.configure({ timeout: 120_000 });

/** The cap's times as the catalogue gives them (its module imports images, which Playwright cannot load). */
const CAP = { leadTime: "3.5 weeks", deliveryTime: "5-7 days" };

/** Now in Europe/London as a datetime-local input takes it ("2026-12-01T14:30"). */
function londonNowForInput(): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((each) => each.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

/** The page at a phone's and a desktop's width, axe-clean, with a screenshot of each kept with the run. */
async function checkWidths(page: Page, what: string, file: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${what} at ${width}px`);
    await page.screenshot({ path: test.info().outputPath(`${file}-${width}.png`), fullPage: true });
  }
}

test("an approval given by phone is recorded by staff: the order moves on, with who, how, when and the note", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  const { orderId, orderNumber } = await placeCapOrder(page.request, { email: buyer.email, marker: "Phone approval" });
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await sendProof(staff.request, orderId);

  await staff.goto(`/admin/orders/${orderId}`);
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderNumber}`);
  const form = staff.getByRole("form", { name: "Record approval of Proof version 1" });
  await expect(form).toBeVisible();
  await checkWidths(staff, "the order with a proof waiting", "record-approval");

  await form.getByLabel("Phone call").check();
  await form.getByLabel("Who approved").fill("Jane Smith");
  await form.getByLabel("When they approved (UK time)").fill(londonNowForInput());
  await form.getByLabel("Note (optional)").fill("Jane rang: go ahead, colours as shown.");
  await form.getByRole("button", { name: "Record approval" }).click();

  await expect(
    staff.getByText('Approval of proof version 1 recorded. The order is now "Proof approved".'),
  ).toBeVisible();
  // The proof table says who approved and how; the note is kept with the proof and in the history.
  await expect(staff.getByText("Recorded by staff Olive Ops from a phone call")).toBeVisible();
  await expect(staff.getByText("by Jane Smith", { exact: true })).toBeVisible();
  await expect(
    staff.getByText(
      "Proof version 1 approved by Jane Smith by phone, recorded by staff: Jane rang: go ahead, colours as shown.",
    ),
  ).toBeVisible();
  await expect(form).toHaveCount(0);
  await checkWidths(staff, "the order after a recorded approval", "recorded-approval");

  // The buyer's order page has moved on too.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByText("Proof approved").first()).toBeVisible();
  await staffContext.close();
});

test("the orders list sorts by approve-by, soonest first, and exports what it shows as CSV", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  const marker = `Week ${Date.now().toString(36)}`;
  const today = londonToday(new Date());
  // Placed first with the nearer need-by date, so placed order and approve-by order differ.
  const soon = addDays(today, 60);
  const later = addDays(today, 90);
  const place = async (needBy?: string) => {
    const draftId = await completeDraft(page.request, {
      productId: "8",
      colour: "#1f2a56",
      customisation: "Front embroidery",
      branding: "embroidery",
      quantity: 100,
      marker,
      email: buyer.email,
      ...(needBy ? { needBy } : {}),
    });
    return payInTestMode(page.request, await startPayment(page.request, draftId, "8"));
  };
  const first = await place(soon);
  const second = await place(later);
  const undated = await place();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto(`/admin/orders?q=${encodeURIComponent(marker)}`);
  const numbers = staff.getByRole("table", { name: /^Orders/ }).getByRole("rowheader");
  await expect(numbers).toHaveText([undated.orderNumber, second.orderNumber, first.orderNumber]);

  await staff.getByRole("link", { name: "Sort by approve by, soonest first" }).click();
  await expect(staff.getByText(/3 orders match, by approve by, soonest first\./)).toBeVisible();
  await expect(numbers).toHaveText([first.orderNumber, second.orderNumber, undated.orderNumber]);
  await expect(staff.getByRole("columnheader", { name: /^Sort by approve by/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await checkWidths(staff, "the orders list sorted by approve-by", "orders-by-approve-by");

  const [download] = await Promise.all([
    staff.waitForEvent("download"),
    staff.getByRole("link", { name: "Export these orders as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`orders-${today}.csv`);
  const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  const [header, ...rows] = csv.split("\r\n").filter(Boolean);
  expect(header).toBe("Order,Placed,Status,Company,E-mail,Products,Total (GBP),Need by,Approve by,Promised delivery");
  expect(rows.map((row) => row.split(",")[0])).toEqual([first.orderNumber, second.orderNumber, undated.orderNumber]);
  const approveBy = approveByDate({ products: [CAP], method: "standard", needBy: soon });
  expect(rows[0]).toContain(`,${soon},${approveBy},`);
  expect(rows[0]).toContain(`${marker} Ltd`);
  expect(rows[0]).toContain(buyer.email);

  // Quote requests have one place and one name: the back office's nav links to them once, under Quotes.
  const nav = staff.getByRole("navigation", { name: "Back office" });
  await expect(nav.getByRole("link", { name: /quote/i })).toHaveText(["Quotes"]);
  await nav.getByRole("link", { name: "Quotes" }).click();
  await expect(staff.getByRole("heading", { level: 2, name: "Quote requests" })).toBeVisible();
  await expect(staff.getByText("Custom requests to answer")).toHaveCount(0);
  await checkWidths(staff, "the quotes page with its quote requests", "quotes");
  await staffContext.close();
});

test("staff find a customer by the company on their order and see its orders and documents", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  const marker = `Find ${Date.now().toString(36)}`;
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker,
    email: buyer.email,
  });
  const order = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto("/admin/customers");
  await staff.getByRole("searchbox", { name: /^Name, e-mail, phone, company/ }).fill("x");
  await staff.getByRole("button", { name: "Find" }).click();
  await expect(staff.getByRole("alert")).toHaveText("Type at least 2 characters of a name, e-mail address or company.");

  await staff.getByRole("searchbox", { name: /^Name, e-mail, phone, company/ }).fill(`${marker} Ltd`);
  await staff.getByRole("button", { name: "Find" }).click();
  await expect(staff.getByRole("status")).toHaveText(`1 customer matches “${marker} Ltd”.`);
  const found = staff.getByRole("table").getByRole("rowheader");
  await expect(found).toContainText("Person");
  await expect(staff.getByRole("table").getByRole("cell", { name: buyer.email })).toBeVisible();
  await checkWidths(staff, "a customer found", "customers-found");

  await found.getByRole("link").click();
  await expect(staff.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(staff.getByRole("link", { name: buyer.email })).toBeVisible();
  const orders = staff.getByRole("region", { name: "Orders" });
  await expect(orders.getByRole("rowheader")).toHaveText([order.orderNumber]);
  await expect(staff.getByRole("link", { name: /^Invoice INV-\d{4}-\d{6} \(PDF\)$/ })).toHaveAttribute(
    "href",
    /\/admin\/orders\/[0-9a-f-]{36}\/invoice\.pdf$/,
  );
  await checkWidths(staff, "a customer's account", "customer-account");

  // And back: the order's page links to the same account.
  await orders.getByRole("link", { name: order.orderNumber }).click();
  await staff.getByRole("link", { name: "The customer's orders, quotes and documents" }).click();
  await expect(staff.getByRole("region", { name: "Orders" }).getByRole("rowheader")).toHaveText([order.orderNumber]);
  await staffContext.close();
});

test("an address corrected by staff after payment shows on the order, to the buyer and on the job sheet", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker: `Move ${Date.now().toString(36)}`,
    email: buyer.email,
  });
  const order = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto(`/admin/orders/${order.orderId}`);
  await staff.getByText("Change the delivery address").click();
  const form = staff.getByRole("form", { name: "Change the delivery address" });
  // A hole is refused with the field named, and what was typed stays.
  await form.getByLabel("Address line 1").fill("");
  await form.getByLabel("Address line 2 (optional)").fill("Goods-in, door 3");
  await form.getByRole("button", { name: "Save the address" }).click();
  await expect(form.getByLabel("Address line 1")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Address line 2 (optional)")).toHaveValue("Goods-in, door 3");

  await form.getByLabel("Address line 1").fill("9 Quay Street");
  await form.getByRole("button", { name: "Save the address" }).click();
  await expect(
    staff.getByText(/^Delivery address changed from ".*" to ".*9 Quay Street, Goods-in, door 3.*"\.$/).first(),
  ).toBeVisible();
  await checkWidths(staff, "the order after its address was corrected", "address-corrected");

  await staff.getByRole("link", { name: "Job sheet" }).click();
  await expect(staff.getByRole("heading", { name: `Job sheet: order ${order.orderNumber}` })).toBeVisible();
  const deliverTo = staff.getByRole("region", { name: "Deliver to" });
  await expect(deliverTo).toContainText("9 Quay Street, Goods-in, door 3");
  await expect(staff.getByRole("region", { name: /^1\. Custom Embroidered Cap × 100$/ })).toContainText("Embroidery");
  await checkWidths(staff, "the job sheet", "job-sheet");

  await page.goto(`/orders/${order.orderId}`);
  await expect(page.getByRole("definition").filter({ hasText: /9 Quay Street\s*Goods-in, door 3/ })).toBeVisible();
  await staffContext.close();
});
