import { addDays, formatDisplayDate, londonToday } from "../../app/domain/core/dates";
import { approveByDate, planNeedBy } from "../../app/domain/fulfilment/need-by";
import { addToCart, customiseToDetails, fillDetails, payAndViewOrder } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Every step to a paid order on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

/** The cap's times as the catalogue gives them (its module imports images, which Playwright cannot load). */
const CAP = { leadTime: "3.5 weeks", deliveryTime: "5-7 days" };

/** The server's and the page's clock are the real one: the expected dates are worked out from it. */
const today = () => londonToday(new Date());

test("a need-by date on the product page shows each method's approve-by date, and a too-tight date the earliest", async ({
  page,
}) => {
  const needBy = addDays(today(), 90);
  await page.goto("/product/8");
  const planner = page.getByRole("region", { name: "Need it by a date?" });
  await planner.getByLabel("Need it by").fill(needBy);
  await planner.getByRole("button", { name: "Plan my dates" }).click();
  await expect(page).toHaveURL(new RegExp(`needBy=${needBy}`));
  for (const method of ["express", "standard"] as const) {
    const approveBy = approveByDate({ products: [CAP], method, needBy });
    await expect(page.getByTestId(`need-by-${method}`)).toContainText(
      `makes it, approve your proof by ${formatDisplayDate(approveBy)}`,
    );
  }
  await expect(page.getByTestId("need-by-too-tight")).toHaveCount(0);

  const tight = addDays(today(), 3);
  const plan = planNeedBy({ products: [CAP], needBy: tight, now: new Date() });
  await planner.getByLabel("Need it by").fill(tight);
  await planner.getByRole("button", { name: "Plan my dates" }).click();
  await expect(page.getByTestId("need-by-too-tight")).toHaveText(
    `Too tight: the earliest we can deliver is ${formatDisplayDate(plan.tooTight?.earliestDelivery ?? "")} with Express Air Freight.`,
  );
  await expect(page.getByTestId("need-by-express")).toContainText("misses it");

  await planner.getByLabel("Need it by").fill(today());
  await planner.getByRole("button", { name: "Plan my dates" }).click();
  await expect(page.getByTestId("need-by-error")).toHaveText("We cannot deliver today: choose a date after today.");
});

test("the planner works without JavaScript: a GET form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const needBy = addDays(today(), 90);
  await page.goto("/product/8");
  await page.getByLabel("Need it by", { exact: true }).fill(needBy);
  await page.getByRole("button", { name: "Plan my dates" }).click();
  const approveBy = approveByDate({ products: [CAP], method: "express", needBy });
  await expect(page.getByTestId("need-by-express")).toContainText(formatDisplayDate(approveBy));
  await page.goto(`/product/8?needBy=${addDays(today(), -1)}`);
  await expect(page.getByTestId("need-by-error")).toHaveText("That date has passed: choose a date after today.");
  await context.close();
});

test("a need-by date given on the Shipping step is kept on the order, whose proof counts down to the approve-by date", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  const needBy = addDays(today(), 90);
  const approveBy = approveByDate({ products: [CAP], method: "express", needBy });
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 120 });
  await customiseToDetails(page);
  await fillDetails(page);
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();

  await page.getByRole("radio", { name: "Express Air Freight" }).check();
  const field = page.getByTestId("need-by-field");
  // A date in the past is refused with its reason and what was typed stays.
  await field.getByLabel("Need it by (optional)").fill(addDays(today(), -2));
  await expect(field.getByTestId("need-by-error")).toHaveText("That date has passed: choose a date after today.");
  await expect(field.getByLabel("Need it by (optional)")).toHaveValue(addDays(today(), -2));
  await field.getByLabel("Need it by (optional)").fill(needBy);
  await expect(field.getByTestId("need-by-express")).toContainText(
    `approve your proof by ${formatDisplayDate(approveBy)}`,
  );
  await expect(page.getByTestId("save-status")).toHaveText("Saved");

  // The cart's planner starts from the date the checkout saved.
  const shipping = page.url();
  await page.goto("/cart");
  await expect(page.getByLabel("Need it by", { exact: true })).toHaveValue(needBy);
  await page.goto(shipping);
  await expect(page.getByTestId("need-by-field").getByLabel("Need it by (optional)")).toHaveValue(needBy);

  await payAndViewOrder(page);
  const needByBox = page.getByTestId("order-need-by");
  await expect(needByBox).toContainText(`Need it by: ${formatDisplayDate(needBy)}`);
  await expect(page.getByTestId("need-by-countdown")).toContainText(
    `Approve by ${formatDisplayDate(approveBy)} to keep your date`,
  );
  await expect(page.getByTestId("need-by-countdown")).toContainText(/working days left/);
});

test("a need-by date planned on the cart is saved for checkout: the Shipping step opens on it, and it can be removed", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  const needBy = addDays(today(), 60);
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 120 });
  await page.goto("/cart");
  const planner = page.getByRole("region", { name: "Need it by a date?" });
  await planner.getByLabel("Need it by").fill(needBy);
  await planner.getByRole("button", { name: "Plan my dates" }).click();
  await planner.getByRole("button", { name: "Save this date for checkout" }).click();
  const saved = `Saved for your checkout: the Shipping step plans for ${formatDisplayDate(needBy)}.`;
  await expect(planner.getByRole("status")).toHaveText(saved);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await planner.screenshot({ path: `/tmp/cart-need-by-${width}.png` });
  }
  // Saved, not only in the address: the cart opened afresh starts on it.
  await page.goto("/cart");
  await expect(planner.getByLabel("Need it by")).toHaveValue(needBy);
  await expect(planner.getByRole("status")).toHaveText(saved);

  await customiseToDetails(page);
  await fillDetails(page);
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await expect(page.getByTestId("need-by-field").getByLabel("Need it by (optional)")).toHaveValue(needBy);

  await page.goto("/cart");
  await planner.getByRole("button", { name: "Remove the date" }).click();
  await expect(planner.getByRole("button", { name: "Save this date for checkout" })).toHaveCount(0);
  await expect(planner.getByLabel("Need it by")).toHaveValue("");
  await page.goto("/shipping");
  await expect(page.getByTestId("need-by-field").getByLabel("Need it by (optional)")).toHaveValue("");
});
