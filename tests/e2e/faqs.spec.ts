import { axeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

const CATEGORIES = [
  "Getting set up",
  "Artwork & design",
  "Products and orders",
  "Shipping & fulfilment",
  "Payments, billing & taxes",
  "Returns & issues",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("FAQs on a large screen", () => {
  test("search filters questions and answers, ignoring case (R-FAQ-01..05)", async ({ page }) => {
    await page.goto("/faqs");
    const search = page.getByRole("searchbox", { name: "Search FAQs" });
    await expect(search).toHaveAttribute("placeholder", "Search FAQs...");
    const toc = page.getByRole("navigation", { name: "In this section" });
    await expect(toc).toBeVisible();

    // 'Apple Pay' is only in one answer.
    await search.fill("aPPLE pAY");
    await expect(page.getByRole("status")).toHaveText('Found 1 question(s) matching "aPPLE pAY"');
    await expect(page.getByRole("heading", { level: 3 })).toHaveText(["How can I pay?"]);
    await expect(toc).toHaveCount(0);

    expect(await axeViolations(page)).toEqual([]);

    await search.fill("zzzz");
    await expect(page.getByRole("status")).toHaveText('No questions found matching "zzzz"');
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(0);

    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search).toHaveValue("");
    await expect(toc).toBeVisible();
  });

  test("the sidebar lists the six categories and switches between them (R-FAQ-06/07)", async ({ page }) => {
    await page.goto("/faqs");
    const sidebar = page.getByRole("navigation", { name: "FAQ categories" });
    await expect(sidebar.getByRole("link")).toHaveText(CATEGORIES.map((name) => new RegExp(`^${escapeRegExp(name)}`)));
    await expect(page.getByRole("button", { name: "Browse Categories" })).toBeHidden();
    await sidebar.getByRole("link", { name: /^Returns & issues/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Returns & issues" })).toBeVisible();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(page.getByRole("heading", { name: "Can I return items I no longer need?" })).toBeVisible();
  });

  test("a question's id in the hash opens its category and scrolls to it (R-FAQ-08)", async ({ page }) => {
    await page.goto("/faqs#customs-and-import-vat");
    await expect(page.getByRole("heading", { level: 2, name: "Shipping & fulfilment" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Will I pay customs duty or import VAT?" })).toBeInViewport();
    await expect(page.getByText(/deliver duty paid/)).toBeVisible();

    // A later hash change works the same way.
    await page.evaluate(() => {
      window.location.hash = "first-order-discount";
    });
    await expect(page.getByRole("heading", { level: 2, name: "Payments, billing & taxes" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Is there a discount on my first order?" })).toBeInViewport();
  });

  test("the foot of the page offers e-mail (R-FAQ-10)", async ({ page }) => {
    await page.goto("/faqs");
    const contact = page.getByRole("complementary", { name: "Still have a question?" });
    await expect(contact.getByRole("link")).toHaveAttribute("href", /^mailto:.+@.+/);
  });
});

test.describe("FAQs on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("categories are in a 'Browse Categories' drawer (R-FAQ-06)", async ({ page }) => {
    await page.goto("/faqs");
    await expect(page.getByRole("navigation", { name: "FAQ categories" })).toBeHidden();
    await page.getByRole("button", { name: "Browse Categories" }).click();
    const drawer = page.getByRole("dialog", { name: "Browse Categories" });
    await expect(drawer.getByRole("link")).toHaveCount(6);
    expect(await axeViolations(page)).toEqual([]);
    await drawer.getByRole("link", { name: /^Shipping & fulfilment/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: "Shipping & fulfilment" })).toBeVisible();
  });

  test("a hash deep link works on a phone too", async ({ page }) => {
    await page.goto("/faqs#damaged-in-transit");
    await expect(page.getByRole("heading", { name: "My order arrived damaged. What should I do?" })).toBeInViewport();
  });
});

test.describe("FAQs without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search and categories fall back to the address", async ({ page }) => {
    await page.goto("/faqs");
    await page.getByRole("searchbox", { name: "Search FAQs" }).fill("apple pay");
    await page.getByRole("searchbox", { name: "Search FAQs" }).press("Enter");
    await expect(page).toHaveURL(/\/faqs\?q=apple\+pay$/);
    await expect(page.getByText('Found 1 question(s) matching "apple pay"')).toBeVisible();

    await page.goto("/faqs?category=returns-and-issues");
    await expect(page.getByRole("heading", { level: 2, name: "Returns & issues" })).toBeVisible();
  });
});
