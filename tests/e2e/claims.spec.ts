import { BUSINESS_SAMPLES, RETENTION_DEFAULT_DAYS } from "../../app/domain/people/business-variables";
import { completeDraft, payInTestMode, PNG, signInAsStaff, startPayment } from "./support/api";
import { expect, test } from "./support/fixtures";

// Decision 024: every claim is true. The policies read the business profile and say what
// the code stores; /env says test mode; the buyer gets an e-mail at each stage of an order.

test.describe("the policies state what is configured and what the code stores", () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });

      await page.goto("/guarantee");
      await expect(page.getByText(`The remedy: ${BUSINESS_SAMPLES.BUSINESS_LATE_DELIVERY_REMEDY}`)).toBeVisible();

      await page.goto("/privacy");
      await expect(page.getByRole("heading", { name: "How long we keep it" })).toBeVisible();
      await expect(
        page.getByText(
          `Checkout drafts that are never paid, with the artwork uploaded to them: ${RETENTION_DEFAULT_DAYS.BUSINESS_RETENTION_UNPAID_DRAFT_DAYS} days after their last change.`,
        ),
      ).toBeVisible();
      await expect(
        page.getByText(`Page views: ${RETENTION_DEFAULT_DAYS.BUSINESS_RETENTION_PAGE_VIEW_DAYS} days.`),
      ).toBeVisible();
      await expect(
        page.getByText("the site deletes each of these records automatically within an hour of its period ending"),
      ).toBeVisible();
      await expect(
        page.getByText(/To withdraw it, reply STOP to any of our texts, open the unsubscribe link in them/),
      ).toBeVisible();

      await page.goto("/cookies");
      await expect(
        page.getByText(
          "Your favourites, shopping list, cart and checkout drafts are stored on our server with your account, not only on your device.",
          { exact: false },
        ),
      ).toBeVisible();
      await expect(
        page.getByText(/^prices: remembers whether you chose to see prices with or without VAT/),
      ).toBeVisible();
      await expect(page.getByText(/^swag\.recent_buyers:/)).toBeVisible();
      await expect(page.getByText(/never leaves your device/)).toHaveCount(0);

      // Nothing on the pages is wider than the screen.
      for (const path of ["/guarantee", "/privacy", "/cookies", "/env"]) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/claims-${path.slice(1)}-${width}.png`, fullPage: true });
      }
    });
  }

  test("/env says the test-mode payment provider is in test mode", async ({ page }) => {
    await page.goto("/env");
    const provider = page.locator("div").filter({ has: page.locator("dt", { hasText: "Payment provider" }) });
    await expect(provider.locator("dd")).toHaveText("test mode");
  });
});

test("the buyer gets an e-mail at each stage, and the shipped one links the carrier's tracking page", async ({
  page,
  browser,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(180_000);
  const draftId = await completeDraft(page.request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker: "Stages please",
    email: buyer.email,
    vatNumber: "GB980780684",
  });
  const { orderId, orderNumber } = await payInTestMode(page.request, await startPayment(page.request, draftId, "8"));

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto(`/admin/orders/${orderId}`);
  await staff.getByLabel("Proof version 1").setInputFiles({ name: "cap.png", mimeType: "image/png", buffer: PNG });
  await staff.getByRole("button", { name: "Send proof version 1" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Proof version 1 sent to the buyer." })).toBeVisible();

  await mailbox.latest(buyer.email, /is ready: Custom Embroidered Cap, version 1$/);
  await page.goto(`/orders/${orderId}`);
  await page.getByRole("button", { name: "Approve version 1" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Proof approved");
  const approved = await mailbox.latest(buyer.email, /^Proof approved for order/);
  expect(approved.text).toMatch(/Promised delivery: \w{3}, \w{3} \d{1,2}, \d{4}\./);

  await staff.reload();
  const changeStatus = async (label: string) => {
    await staff.getByLabel("New status").selectOption({ label });
    await staff.getByRole("button", { name: "Change status" }).click();
    await expect(staff.getByRole("status").filter({ hasText: `is now "${label}"` })).toBeVisible();
  };
  await changeStatus("In production");
  await changeStatus("Quality check");
  await staff.getByLabel("Carrier").fill("Royal Mail");
  await staff.getByLabel("Tracking number").fill("AB123456789GB");
  await changeStatus("Shipped");
  const tracking = "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB";
  const shipped = await mailbox.latest(buyer.email, /has shipped$/);
  expect(shipped.text).toContain(`Track your parcel: ${tracking}`);
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("tracking").getByRole("link", { name: /Track your parcel/ })).toHaveAttribute(
    "href",
    tracking,
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/claims-order-${width}.png` });
  }
  await changeStatus("Delivered");
  await mailbox.latest(buyer.email, /has been delivered$/);

  const stages = (await mailbox.all(buyer.email))
    .map((mail) => mail.subject)
    .filter((subject) => subject.includes(orderNumber) && !subject.includes("confirmed"));
  expect(stages).toEqual([
    `Your proof for order ${orderNumber} is ready: Custom Embroidered Cap, version 1`,
    `Proof approved for order ${orderNumber}`,
    `Order ${orderNumber} is in production`,
    `Order ${orderNumber} has shipped`,
    `Order ${orderNumber} has been delivered`,
  ]);
  await staffContext.close();
});
