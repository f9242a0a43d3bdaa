import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// The copy below is what a visitor reads (app/content/home.ts). It is repeated here on purpose: that
// module imports SVG files, which only Vite can load.
const HERO_NAME = /^Custom branded merch for teams/;
/**
 * The client logos (configured by the operator) and the metrics (from 10 delivered orders) are
 * absent on this shop; showcase.spec.ts covers both. The picks are "Featured" until an order is
 * paid, and the other specs pay for orders on this server.
 */
const PICKS_HEADING = /^(Featured|Our most-loved picks)$/;
const SECTION_HEADINGS = ["Browse by category", "But why?", "Who we help", PICKS_HEADING, "How it works"];
/** The categories with products: only those are promoted. */
const CATEGORY_SLUGS = ["office-essentials", "other", "apparel", "hats"];
const PERSONAS = [
  "Teams & HR",
  "Start-ups & founders",
  "Event organisers & managers",
  "Marketers & growth",
  "GTM engineers & sales",
];
const STEPS = ["Get a quote", "Share your design", "Watch your order", "Sit back"];

/** Opens the home page and waits for hydration: the pause button only works (and is enabled) after it. */
async function openHome(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Pause rotating words" })).toBeEnabled();
}

function section(page: Page, name: string | RegExp) {
  return page.getByRole("region", { name, exact: true });
}

/** How many columns a grid shows, from the distinct left edges of one element per card. */
async function columnCount(cards: Locator) {
  const lefts = await cards.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().left)),
  );
  return new Set(lefts).size;
}

test.describe("home page", () => {
  test("the hero states the offer and links to the shop, the founders and a call", async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1, name: HERO_NAME })).toBeVisible();

    const hero = page.getByRole("region", { name: HERO_NAME });
    await expect(hero.getByRole("link", { name: "Browse products" })).toHaveAttribute("href", "/products");
    for (const name of [/^Chat with the founders/, /^Book a 15-minute call/]) {
      const link = hero.getByRole("link", { name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
    for (const claim of [
      "MOQ from 50 units",
      "Delivery in 3–6 weeks",
      "Quotes in about 10 minutes",
      "About 20–30% savings",
    ]) {
      await expect(hero.getByText(claim, { exact: true })).toBeVisible();
    }
  });

  test("the hero words change while the heading's accessible name stays put", async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    const product = page.getByTestId("hero-product-word");
    const audience = page.getByTestId("hero-audience-word");
    const painPoint = page.getByTestId("hero-pain-point");
    await expect(product).toHaveText("caps");
    await expect(audience).toHaveText("teams");
    await expect(painPoint).toHaveText("without sky-high minimums");

    await page.clock.runFor(5000);
    await expect(product).toHaveText("running shorts");
    await expect(audience).not.toHaveText("teams");
    await expect(painPoint).not.toHaveText("without sky-high minimums");
    await expect(page.getByRole("heading", { level: 1 })).toHaveAccessibleName(HERO_NAME);
  });

  test("each hero word keeps its own period: pain point 2.8 s, audience 3.5 s, product 5 s", async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    const toggle = page.getByRole("button", { name: "Pause rotating words" });
    const product = page.getByTestId("hero-product-word");
    const audience = page.getByTestId("hero-audience-word");
    const painPoint = page.getByTestId("hero-pain-point");

    // Stop the timers, freeze the page clock, then restart them: they now start at a known instant.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const start = {
      product: await product.textContent(),
      audience: await audience.textContent(),
      painPoint: await painPoint.textContent(),
    };
    // A synthetic click: Playwright's pointer click waits for animation frames, which a paused clock holds.
    await toggle.dispatchEvent("click");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");

    await page.clock.runFor(2799);
    await expect(painPoint).toHaveText(start.painPoint ?? "");
    await page.clock.runFor(1);
    await expect(painPoint).not.toHaveText(start.painPoint ?? "");
    await expect(audience).toHaveText(start.audience ?? "");

    await page.clock.runFor(700);
    await expect(audience).not.toHaveText(start.audience ?? "");
    await expect(product).toHaveText(start.product ?? "");

    await page.clock.runFor(1500);
    await expect(product).not.toHaveText(start.product ?? "");
  });

  test("with reduced motion the hero words hold still", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await openHome(page);
    await expect(page.getByRole("button", { name: "Pause rotating words" })).toHaveAttribute("aria-pressed", "true");
    await page.clock.runFor(5000);
    await expect(page.getByTestId("hero-product-word")).toHaveText("caps");
  });

  test("every section has a visible h2, in page order", async ({ page }) => {
    await page.goto("/");
    for (const name of SECTION_HEADINGS) {
      await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
      await expect(section(page, name)).toBeVisible();
    }
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(SECTION_HEADINGS);
    await expect(page.getByRole("main")).not.toContainText(/Illustrative|35-60%|2–4 weeks|50-100 units/);
  });

  test("category cards link to every category with products, with Other last", async ({ page }) => {
    await page.goto("/");
    const links = section(page, "Browse by category").getByRole("link");
    await expect(links).toHaveCount(CATEGORY_SLUGS.length);
    const hrefs = await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
    expect([...hrefs].sort()).toEqual(CATEGORY_SLUGS.map((slug) => `/products/${slug}`).sort());
    await expect(links.last()).toHaveAccessibleName("Other");
    await expect(links.last()).toHaveAttribute("href", "/products/other");

    await links.last().click();
    await expect(page).toHaveURL(/\/products\/other$/);
  });

  test("a persona opens its benefits, closes on a second click, and only one is open", async ({ page }) => {
    await openHome(page);
    const personas = section(page, "Who we help");
    await expect(personas.getByRole("button")).toHaveText(PERSONAS);

    const teams = personas.getByRole("button", { name: "Teams & HR" });
    const gtm = personas.getByRole("button", { name: "GTM engineers & sales" });
    const teamsPanel = personas.getByRole("region", { name: "Teams & HR", includeHidden: true });
    const gtmPanel = personas.getByRole("region", { name: "GTM engineers & sales", includeHidden: true });
    await expect(teams).toHaveAttribute("aria-controls", (await teamsPanel.getAttribute("id")) ?? "missing");
    await expect(teams).toHaveAttribute("aria-expanded", "false");
    await expect(teamsPanel).toBeHidden();

    await teams.click();
    await expect(teams).toHaveAttribute("aria-expanded", "true");
    await expect(teamsPanel).toBeVisible();
    await expect(teamsPanel.getByRole("listitem").first()).toContainText("Minimum orders from 50 units");

    await gtm.click();
    await expect(gtm).toHaveAttribute("aria-expanded", "true");
    await expect(gtmPanel).toBeVisible();
    await expect(teams).toHaveAttribute("aria-expanded", "false");
    await expect(teamsPanel).toBeHidden();

    await gtm.click();
    await expect(gtm).toHaveAttribute("aria-expanded", "false");
    await expect(gtmPanel).toBeHidden();
  });

  test("the picks show one to four different products", async ({ page }) => {
    await page.goto("/");
    const productLinks = section(page, PICKS_HEADING).getByRole("heading", { level: 3 }).getByRole("link");
    await expect(productLinks.first()).toBeVisible();
    const hrefs = await productLinks.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
    expect(hrefs.length).toBeLessThanOrEqual(4);
    for (const href of hrefs) expect(href).toMatch(/^\/product\/[^/]+$/);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  test("how it works lists the four steps in order and offers a call", async ({ page }) => {
    await page.goto("/");
    const how = section(page, "How it works");
    await expect(how.getByRole("list").getByRole("heading", { level: 3 })).toHaveText(STEPS);
    const call = how.getByRole("link", { name: /^Book a 15-minute call/ });
    await expect(call).toHaveAttribute("target", "_blank");
    await expect(call).toHaveAttribute("rel", /noopener/);
    await expect(how.getByText(/request a new product/)).toBeVisible();
  });
});

test.describe("home grids by screen width", () => {
  const widths = [
    { width: 375, categories: 2, picks: 1 },
    { width: 768, categories: 3, picks: 2 },
    { width: 1024, categories: 3, picks: 3 },
    { width: 1440, categories: 3, picks: 4 },
  ];

  for (const { width, categories, picks } of widths) {
    test(`at ${width} px: ${categories} category columns, ${picks} product columns`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      await expect.poll(() => columnCount(section(page, "Browse by category").getByRole("link"))).toBe(categories);
      // Before four products have been ordered the ranked picks may be fewer than the columns.
      const cards = section(page, PICKS_HEADING).getByRole("heading", { level: 3 });
      await expect(cards.first()).toBeVisible();
      const shown = await cards.count();
      await expect.poll(() => columnCount(cards)).toBe(Math.min(picks, shown));
    });
  }
});
