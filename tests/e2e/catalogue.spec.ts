import { expect, test } from "./support/fixtures";

test.describe("finding a product", () => {
  test("a search suggestion leads to the product page", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search").first();
    const search = form.getByRole("searchbox");
    await search.fill("cAp");
    // The suggestions arrive after "View all results" (their module loads on first use): wait for one
    // in the search's own list, or a "cap" link elsewhere on the page would be clicked instead.
    const suggestion = form
      .getByRole("link", { name: /cap/i })
      .filter({ hasNot: page.getByText("View all results") })
      .first();
    await expect(form.getByRole("link", { name: 'View all results for "cAp"' })).toBeVisible();
    await expect(suggestion).toBeVisible();
    await suggestion.click();
    await expect(page).toHaveURL(/\/product\/8$/);
    await expect(search).toHaveValue("");
  });

  test("submitting the search opens the results; a blank search does nothing", async ({ page }) => {
    await page.goto("/products/hats");
    const search = page.getByRole("search").first().getByRole("searchbox");
    await search.fill("   ");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/products\/hats$/);
    await search.fill("yoga mat");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/products\?search=yoga%20mat$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search results for "yoga mat"');
    await expect(page.getByText("Showing 1 product(s)")).toBeVisible();
  });

  test("the listing filters by category and sorts by price", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
    await expect(page.getByText("Showing 4 product(s)")).toBeVisible();

    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/sort=price-asc/);
    const titles = page.getByRole("article").getByRole("heading", { level: 2 });
    await expect(titles).toHaveText([/Diary/i, /Yoga Mat/i, /Cap/i, /Shorts/i]);
    await page.getByLabel("Sort by").selectOption("price-desc");
    await expect(titles).toHaveText([/Shorts/i, /Cap/i, /Yoga Mat/i, /Diary/i]);

    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Apparel" }).click();
    await expect(page).toHaveURL(/\/products\/apparel\?sort=price-desc$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apparel");
    await expect(page.getByText("Showing 1 product(s)")).toBeVisible();
  });

  test("no results offer Clear Filters, which shows everything again", async ({ page }) => {
    await page.goto("/products?search=zzzz");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter criteria.")).toBeVisible();
    await page.getByRole("button", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByText("Showing 4 product(s)")).toBeVisible();
  });

  test("an empty category says what we can source, an unknown one is not found", async ({ page }) => {
    await page.goto("/products/bags");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bags");
    await expect(page.getByText("Showing 0 product(s)")).toBeVisible();
    await expect(page.getByRole("heading", { name: "We source bags to order" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Request this product" })).toBeVisible();
    const response = await page.goto("/products/shoes");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! This page went on a merch run" })).toBeVisible();
  });
});

test.describe("the product calculator", () => {
  test("starts at the MOQ, re-prices at a band edge, clamps and shows savings", async ({ page }) => {
    await page.goto("/product/15");
    const quantity = page.getByLabel(/^Quantity/);
    await expect(quantity).toHaveValue("50");
    await expect(page.getByTestId("unit-price")).toHaveText("£9.20");
    await expect(page.getByText(/You're saving/)).toHaveCount(0);

    await quantity.fill("250");
    await quantity.blur();
    await expect(page.getByTestId("unit-price")).toHaveText("£10.00");
    await expect(page.getByTestId("line-total")).toHaveText("£2,500.00");
    await expect(page.getByText(/You're saving/)).toHaveCount(0); // −8.7% is not a saving

    await quantity.fill("400");
    await quantity.press("Enter");
    await expect(page.getByTestId("unit-price")).toHaveText("£8.00");
    await expect(page.getByText("You're saving 13.0% per unit vs 50–99")).toBeVisible();

    await quantity.fill("20");
    await quantity.blur();
    await expect(quantity).toHaveValue("50");
    await quantity.fill("999999");
    await quantity.blur();
    await expect(quantity).toHaveValue("10000");
    await quantity.fill("abc");
    await quantity.blur();
    await expect(quantity).toHaveValue("10000");
  });

  test("typing empty or 0 changes nothing; minus stops at the MOQ", async ({ page }) => {
    await page.goto("/product/8");
    const quantity = page.getByLabel(/^Quantity/);
    await quantity.fill("");
    await expect(page.getByTestId("unit-price")).toHaveText("£5.50");
    await quantity.fill("0");
    await quantity.blur();
    await expect(quantity).toHaveValue("50");
    await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(quantity).toHaveValue("51");
  });

  test("holding plus repeats after 300 ms, then every 100 ms", async ({ page }) => {
    await page.clock.install();
    await page.goto("/product/8");
    await page.clock.pauseAt(Date.now() + 60_000);
    const plus = page.getByRole("button", { name: "Increase quantity" });
    const quantity = page.getByLabel(/^Quantity/);
    await plus.hover();
    await page.mouse.down();
    await page.clock.runFor(1000);
    await page.mouse.up();
    await expect(quantity).toHaveValue(String(50 + 1 + 8));
  });

  test("shows computed delivery windows and the savings at 400 caps", async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-11-20T10:00:00Z"));
    await page.goto("/product/8");
    // 23 to 25 working days from Fri 20 Nov, never on Christmas Day or Boxing Day's substitute.
    await expect(page.getByText("Estimated delivery if your proof is approved today:")).toBeVisible();
    await expect(page.getByTestId("delivery-express")).toHaveText("Wed, Dec 23, 2026 – Tue, Dec 29, 2026");
    await expect(page.getByTestId("delivery-standard")).toHaveText("Mon, Jan 4, 2027 – Wed, Jan 6, 2027");
    const quantity = page.getByLabel(/^Quantity/);
    await quantity.fill("400");
    await quantity.blur();
    await expect(page.getByText("You're saving 29.5% per unit vs 50–399")).toBeVisible();
  });

  test("signed out, the buyer is asked to sign in instead of adding to the cart", async ({ page }) => {
    await page.goto("/product/16");
    await page.getByRole("button", { name: "Sign in to add to cart" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("features and specifications start collapsed; the gallery cycles and zooms", async ({ page }) => {
    await page.goto("/product/15");
    const features = page.getByText("Product Features");
    await expect(page.locator("details").first()).not.toHaveAttribute("open", "");
    await features.click();
    await expect(page.locator("details").first()).toHaveAttribute("open", "");
    await expect(page.getByRole("table", { name: "Size guide" })).toBeHidden();
    await page.getByText("Product Specifications").click();
    await expect(page.getByRole("table", { name: "Size guide" })).toBeVisible();

    await page.getByRole("button", { name: "Next image" }).click();
    await expect(page.getByRole("button", { name: /Show image 2/ })).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: /Zoom image 2/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.getByRole("button", { name: "Close zoom" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();

    const related = page.getByRole("region", { name: "You might also like" }).getByRole("article");
    await expect(related).toHaveCount(3);
  });
});

test.describe("not found", () => {
  test("an unknown product id says so with a 404", async ({ page }) => {
    const response = await page.goto("/product/999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
    await page.getByRole("link", { name: "Browse all products" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("an unknown route is the merch-run page with links home and to the shop", async ({ page }) => {
    const response = await page.goto("/nope/deeper");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! This page went on a merch run" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("main").getByRole("link", { name: "Browse products" })).toHaveAttribute(
      "href",
      "/products",
    );
  });
});
