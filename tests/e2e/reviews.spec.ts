import { completeDraft, payInTestMode, signInAsStaff, STAFF, startPayment } from "./support/api";
import { expect, test } from "./support/fixtures";
import { shipOrder } from "./support/orders";
import { expectAccessible } from "./support/axe";

// Decision 023: reviews are real. Staff deliver an order in the back office, the buyer reviews
// it from the order page (the delivered e-mail's link), the product page shows the stars and the
// count; staff hide the review with a reason and it disappears.

test("a delivered order is reviewed from its page, shows on the product page, and staff hide it", async ({
  page,
  browser,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.setTimeout(180_000);
  const text = `Grippy and light, the whole team used them ${Date.now().toString(36)}`;

  // The buyer pays; staff send a proof, the buyer approves it, staff ship it.
  const draftId = await completeDraft(page.request, {
    // The yoga mat: no other spec reviews it, so its average and count are this journey's alone
    // (the authorisation spec reviews a cap on the same server).
    productId: "17",
    colour: "#1f2a56",
    customisation: "Printed logo",
    branding: "screen_print",
    quantity: 100,
    marker: "Reviews journey",
    email: buyer.email,
  });
  const { orderId, orderNumber } = await payInTestMode(page.request, await startPayment(page.request, draftId, "17"));
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await shipOrder(page.request, staff.request, orderId);

  // Before delivery the order page offers no review.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("Shipped");
  await expect(page.getByRole("heading", { name: "Reviews" })).toHaveCount(0);

  // Staff mark it delivered in the back office.
  await staff.goto(`/admin/orders/${orderId}`);
  await staff.getByLabel("New status").selectOption({ label: "Delivered" });
  await staff.getByRole("button", { name: "Change status" }).click();
  await expect(staff.getByRole("status").filter({ hasText: 'is now "Delivered"' })).toBeVisible();

  // The delivered e-mail links to the order page's reviews.
  const delivered = await mailbox.latest(buyer.email, /has been delivered$/);
  expect(delivered.subject).toBe(`Order ${orderNumber} has been delivered`);
  const link = /https?:\/\/\S+\/orders\/[0-9a-f-]{36}#reviews/.exec(delivered.text)?.[0];
  expect(link, delivered.text).toBeTruthy();
  // From elsewhere, as from the e-mail: on the order page itself only the hash would change.
  await page.goto("/orders");
  await page.goto(new URL(link!).pathname + new URL(link!).hash);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews).toBeVisible();

  // No rating: refused, and what was typed is still there.
  await reviews.getByLabel("Your review (optional)").fill(text);
  await reviews.getByRole("button", { name: "Publish review" }).click();
  await expect(reviews.getByText("Choose a rating from 1 to 5 stars.")).toBeVisible();
  await expect(reviews.getByLabel("Your review (optional)")).toHaveValue(text);

  // Four stars: published, and the form gives way to the review.
  // The stars are the radios' labels.
  await reviews
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: "4 stars" }) })
    .click();
  await expect(reviews.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await reviews.getByRole("button", { name: "Publish review" }).click();
  await expect(reviews.getByRole("status")).toHaveText("Thank you: your review is published.");
  await expect(reviews.getByRole("button", { name: "Publish review" })).toHaveCount(0);
  await expect(reviews.getByText(text)).toBeVisible();
  await expectAccessible(page, "the order page with a review");

  // The product page and its card in the listing show the average and the count.
  await page.goto("/product/17");
  await expect(page.getByTestId("rating").first()).toContainText("4.0 (1 review)");
  await expect(page.getByText("Rated 4.0 out of 5 from 1 review").first()).toBeAttached();
  await expect(page.getByTestId("product-reviews")).toContainText(text);
  await expect(page.getByTestId("product-reviews")).toContainText("Verified buyer");
  await page.goto("/products");
  const mat = page.getByRole("article").filter({ has: page.getByRole("link", { name: "Custom Yoga Mat" }) });
  await expect(mat.getByTestId("rating")).toHaveText(/4\.0 \(1 review\)/);

  // Staff hide it with a reason; the back office keeps it, with who hid it and why.
  await staff.goto("/admin/reviews");
  const card = staff.getByTestId("staff-review").filter({ hasText: text });
  await expect(card).toContainText(`order ${orderNumber}`);
  await card.getByRole("button", { name: "Hide review" }).click();
  // A reason is required (the browser asks first; the server too).
  await expect(card.getByTestId("hidden-note")).toHaveCount(0);
  await card.getByLabel("Reason for hiding").fill("Test review from the journey");
  await card.getByRole("button", { name: "Hide review" }).click();
  await expect(card.getByRole("status")).toContainText("Review hidden.");
  await expect(card.getByTestId("hidden-note")).toContainText(STAFF.email);
  await expect(card.getByTestId("hidden-note")).toContainText("Test review from the journey");
  for (const width of [1280, 375]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.goto("/admin/reviews");
    await expectAccessible(staff, `/admin/reviews at ${width} px`);
  }
  await staffContext.close();

  // It is gone from the product page: no stars, "No reviews yet".
  await page.goto("/product/17");
  await expect(page.getByTestId("rating").first()).toHaveText("No reviews yet");
  await expect(page.getByText(text)).toHaveCount(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/product/17");
    await expectAccessible(page, `/product/17 at ${width} px`);
  }
  // The buyer still sees their own review, marked as not shown.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole("region", { name: "Reviews" })).toContainText("This review is not shown in the shop.");
});
