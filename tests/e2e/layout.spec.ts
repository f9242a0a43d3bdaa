import { BUSINESS_SAMPLES } from "../../app/domain/people/business-variables";
import { expect, test } from "./support/fixtures";
import { stockBuyer } from "./support/shop";

test("the promo banner closes and stays closed", async ({ page }) => {
  await page.goto("/");
  const promo = page.getByText("FIRST ORDER? SWIPE 10% OFF AND MAKE YOUR SWAG LESS MEH");
  await expect(promo).toBeVisible();
  await page.getByRole("button", { name: "Close promotion" }).click();
  await expect(promo).toBeHidden();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All Products" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
  await expect(promo).toBeHidden();
  await page.reload();
  await expect(promo).toBeHidden();
});

test("the header stays in view and carries every link", async ({ page }) => {
  await page.goto("/products");
  const main = page.getByRole("navigation", { name: "Main" });
  for (const [name, href] of [
    ["All Products", "/products"],
    ["Apparel", "/products/apparel"],
    ["Hats", "/products/hats"],
    ["Other", "/products/other"],
  ] as const) {
    await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(page.getByRole("link", { name: /home$/ })).toHaveAttribute("href", "/");
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  const more = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "More" });
  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("link", { name: "Careers" }).first()).toHaveAttribute("href", "/about#our-team");
  await expect(
    page.getByRole("list", { name: "Make your brand stand out" }).getByRole("link", { name: "Limited editions" }),
  ).toHaveAttribute("href", "/quick-wins/limited-editions");
  await page.keyboard.press("Escape");
  await expect(more).toHaveAttribute("aria-expanded", "false");
  await expect(more).toBeFocused();

  await page.mouse.wheel(0, 2000);
  await expect.poll(async () => (await page.getByRole("banner").boundingBox())?.y).toBe(0);
});

test("signed out, the favourites button opens the sign-in dialog without navigating", async ({ page }) => {
  await page.goto("/products");
  await page.getByRole("button", { name: "Favourites (sign in required)" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
});

test("a product card's heart asks a visitor to sign in", async ({ page }) => {
  await page.goto("/products");
  await page
    .getByRole("button", { name: /Add .* to favourites/ })
    .first()
    .click();
  await expect(page.getByText("Sign in required", { exact: true })).toBeVisible();
  await expect(page.getByText("Please sign in to manage favourites.", { exact: true })).toBeVisible();
});

test("the footer links every category with products, the legal pages and the charities", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const slug of ["office-essentials", "other", "apparel", "hats"]) {
    await expect(footer.locator(`a[href="/products/${slug}"]`)).toHaveCount(1);
  }
  // Empty categories are not promoted.
  for (const slug of ["drinkware", "bags"]) await expect(footer.locator(`a[href="/products/${slug}"]`)).toHaveCount(0);
  for (const path of ["/terms", "/privacy", "/cookies"]) {
    await expect(footer.locator(`a[href="${path}"]`)).toHaveCount(1);
  }
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
  // A UK company's site names its number and registered office (the profile's, decision 059; here its samples).
  await expect(footer).toContainText(
    `Registered in England and Wales, company number ${BUSINESS_SAMPLES.BUSINESS_COMPANY_NUMBER}. Registered office: ${BUSINESS_SAMPLES.BUSINESS_REGISTERED_OFFICE}.`,
  );
  await expect(footer.locator('a[href^="mailto:"]')).toHaveAttribute(
    "href",
    `mailto:${BUSINESS_SAMPLES.BUSINESS_SUPPORT_EMAIL}`,
  );
  await footer.getByRole("button", { name: /cancer charities/ }).hover();
  const popover = page.getByRole("dialog");
  await expect(popover.getByRole("link")).toHaveCount(2);
  await expect(popover.getByRole("link").first()).toHaveAttribute("target", "_blank");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu is a drawer; it leaves out Drinkware while Drinkware has no products", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Drinkware" })).toHaveCount(0);
    await drawer.getByRole("link", { name: "Apparel" }).click();
    await expect(page).toHaveURL(/\/products\/apparel$/);
    await expect(drawer).toBeHidden();
  });

  test("the checkout stepper is one row, 'Step 4 of 6 · Shipping', with the full list on demand", async ({
    page,
    signedInBuyer,
  }) => {
    const shop = await stockBuyer(page.request, signedInBuyer.email);
    await page.goto(`/shipping?draft_id=${shop.draftId}&product_id=8`);
    const stepper = page.getByRole("navigation", { name: "Checkout steps" });
    const toggle = stepper.getByRole("button", { name: "Step 4 of 6 · Shipping" });
    const steps = stepper.getByRole("list");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(steps).toBeHidden();
    // One row: no taller than a single line of text with its padding.
    expect((await stepper.boundingBox())?.height).toBeLessThanOrEqual(48);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(steps.getByRole("listitem")).toHaveCount(6);
    await expect(steps.locator('[aria-current="step"]')).toContainText("Shipping");
    await steps.getByRole("link", { name: /Details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/details\\?draft_id=${shop.draftId}&product_id=8$`));
    await expect(page.getByRole("button", { name: "Step 3 of 6 · Details" })).toHaveAttribute("aria-expanded", "false");

    // From 640 px the whole list shows, without the button.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole("button", { name: /^Step 3 of 6/ })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Checkout steps" }).getByRole("listitem")).toHaveCount(6);
  });
});

test("/env shows status words only", async ({ page }) => {
  await page.goto("/env");
  await expect(page.getByRole("heading", { name: "Environment" })).toBeVisible();
  await expect(page.getByText("Database")).toBeVisible();
  // No Stripe keys: the built-in provider takes no money, so it says 'test mode', never 'ok' (decision 007).
  await expect(page.locator("dd").filter({ hasText: /^test mode$/ })).toHaveCount(1);
  await expect(page.locator("dd").filter({ hasText: /^ok$/ })).toHaveCount(1);
  await expect(page.getByText("missing publishable key")).toHaveCount(0);
});
