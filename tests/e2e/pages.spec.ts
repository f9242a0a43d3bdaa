import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// What a visitor reads (app/content/*). Repeated here on purpose: those modules import files only
// Vite can load.
const PAGES: [path: string, heading: string | RegExp][] = [
  ["/how-it-works", "How it works"],
  ["/compare", "Compare your options"],
  ["/customer-love", "Customer love"],
  ["/about", "About Swag Studio"],
  ["/contact", "Get in Touch"],
  ["/faqs", "Frequently asked questions"],
  ["/terms", "Terms of Service"],
  ["/guarantee", "On-Time Delivery Guarantee"],
  ["/privacy", "Privacy Policy"],
  ["/cookies", "Cookie Policy"],
  ["/blog", "Blog"],
  ["/quick-wins/ad-gift", "Gifts that advertise"],
  ["/quick-wins/3pl", "Storage & fulfilment (3PL)"],
  ["/quick-wins/community", "Community merch"],
  ["/quick-wins/limited-editions", "Limited editions"],
  ["/quick-wins/order-details", "Order details that delight"],
  ["/inquiry-success", "Thanks, your message has been sent."],
  // The payment return: its wording belongs to the payments flow; here it must simply be a page.
  ["/inquiry-success?draft_id=3f1c2a", /\S/],
];

/** Console errors and uncaught exceptions of a page, collected from the start. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

test.describe("marketing, policy and help pages (R-ROUTE-15/17/21, R-MKT-05)", () => {
  for (const [path, heading] of PAGES) {
    test(`${path} renders its page with one h1 and no console errors`, async ({ page }) => {
      const errors = collectErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("heading", { name: "Oops! This page went on a merch run" })).toHaveCount(0);
      // Hydration finished (goto waits for it), then no errors were logged.
      await expect(page.locator("html[data-hydrated]")).toBeAttached();
      expect(errors).toEqual([]);
    });
  }

  test("an unknown quick-win is the not-found page", async ({ page }) => {
    const response = await page.goto("/quick-wins/free-money");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! This page went on a merch run");
  });
});

test("how it works: four steps and a 15-minute call in a new tab (R-MKT-01, R-MKT-11)", async ({ page }) => {
  await page.goto("/how-it-works");
  const steps = page.getByRole("main").getByRole("list").first().getByRole("heading", { level: 2 });
  await expect(steps).toHaveText([/Get a quote/, /Share your design/, /Watch your order/, /Sit back/]);
  const call = page.getByRole("link", { name: /^Book a 15-minute call/ });
  await expect(call).toHaveAttribute("target", "_blank");
  await expect(call).toHaveAttribute("href", /^https:\/\//);
  await expect(page.getByText("Use the same call to request a new product.")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Chat with the founders/ })).toHaveAttribute("target", "_blank");
});

test("compare: three options and twelve features, each a tick or a cross (R-MKT-02)", async ({ page }) => {
  await page.goto("/compare");
  const table = page.getByRole("table", { name: "How the options compare" });
  await expect(table.getByRole("columnheader")).toHaveText([
    "Feature",
    "Print-on-Demand",
    "Overseas Sourcing",
    "Swag Studio",
  ]);
  const rows = table.locator("tbody").getByRole("row");
  await expect(rows).toHaveCount(12);
  for (const row of await rows.all()) {
    await expect(row.getByRole("cell")).toHaveText([/^(Yes|No)$/, /^(Yes|No)$/, /^(Yes|No)$/]);
  }
  await expect(table.getByRole("row", { name: /On-time delivery guarantee/ }).getByRole("cell")).toHaveText([
    "No",
    "No",
    "Yes",
  ]);
});

// /customer-love's testimonials, reviews and figures: showcase.spec.ts (decision 024).

test("/about#our-team lands on the team section (R-MKT-04)", async ({ page }) => {
  await page.goto("/about#our-team");
  await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our team" })).toBeInViewport();
  await expect(page.getByRole("link", { name: /^Cancer Research UK/ })).toHaveAttribute("target", "_blank");
});

test("the policy pages carry the business facts (R-POL-01..15)", async ({ page }) => {
  const facts: [string, RegExp[]][] = [
    [
      "/terms",
      [
        /Quotes are valid for 30 days/,
        /Production takes 10–15 business days/,
        /within 14 days of delivery/,
        /within 30 days of delivery/,
        /with photos of the goods/,
        /orders cannot be cancelled after confirmation/,
        /branded goods .*food, drink or cosmetics/,
        /Apple Pay or Google Pay, and by bank transfer for custom orders/,
        /Blank samples are not available/,
        /customs duty of 0–12% on orders above £135, import VAT of 20%, and a courier clearance fee of about £8–£20/,
        /ocean freight about 36 days, basic air about 15 days and speedy air about 12 days/,
        /A custom quote.*takes 2 working days/,
        /users under 18 are excluded/,
      ],
    ],
    ["/guarantee", [/5 or more days after the delivery date/, /within 7 days of receiving it/]],
    [
      "/privacy",
      [/retained for 7 years/, /users under 18 are excluded/, /No cookie, IP address, device details or referrer/],
    ],
    ["/cookies", [/no consent banner is needed/, /won't see a cookie consent banner/]],
  ];
  for (const [path, patterns] of facts) {
    await page.goto(path);
    const main = page.getByRole("main");
    for (const pattern of patterns) await expect(main.getByText(pattern).first()).toBeVisible();
  }
});

test("the design guidelines are a PDF (R-ROUTE-23)", async ({ request }) => {
  const response = await request.get("/design-guidelines.pdf");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const body = await response.body();
  expect(body.subarray(0, 5).toString()).toBe("%PDF-");
  expect(body.length).toBeGreaterThan(10_000);
});

test("every navigation reports one page view with its path and query string (R-AN-01/02)", async ({ page }) => {
  const reported: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/page-views") {
      reported.push((JSON.parse(request.postData() ?? "{}") as { path: string }).path);
    }
  });
  await page.goto("/faqs");
  await expect.poll(() => reported).toEqual(["/faqs"]);

  // A re-render (typing in the FAQ search) is not a navigation.
  await page.getByRole("searchbox", { name: "Search FAQs" }).fill("samples");
  await page.getByRole("contentinfo").getByRole("link", { name: "Compare" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare your options");
  await expect.poll(() => reported).toEqual(["/faqs", "/compare"]);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All Products" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("All Products");
  // A query-string-only change counts too.
  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect.poll(() => reported).toEqual(["/faqs", "/compare", "/products", "/products?sort=price-asc"]);
});
