import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { checkoutUrls, stockBuyer } from "./support/shop";

// R-LAYOUT-08, R-TIME-05, A-3: notes only about real paid orders.

test("with no paid orders there is never a purchase notification", async ({ page }) => {
  // Other journeys pay for orders on this shared server, so the feed is made empty here; that the
  // server's feed is empty without paid orders is app/server/shop/recent-purchases.server.test.ts's job.
  await page.route("**/api/recent-purchases", (route) => route.fulfill({ json: { purchases: [] } }));
  await page.clock.install();
  const feed = page.waitForResponse("**/api/recent-purchases");
  await page.goto("/");
  await expect(page.getByRole("button", { name: "SMS updates" })).toBeVisible();
  await page.clock.runFor(7_000);
  expect(await (await feed).json()).toEqual({ purchases: [] });
  await page.clock.runFor(300_000);
  await expect(page.getByText("Recent order", { exact: true })).toHaveCount(0);
  await expect(page.getByText(/^A team in /)).toHaveCount(0);
});

test("each real order shows once, first after 10–30 s, then 30–90 s later, for 5 s", async ({ page }) => {
  // The delays are random within their ranges; pinning Math.random to 0 makes them 10 s and 30 s.
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  await page.route("**/api/recent-purchases", (route) =>
    route.fulfill({
      json: {
        purchases: [
          { region: "Yorkshire and the Humber", product: "Custom Embroidered Cap", daysAgo: 2 },
          { region: "the South West", product: "Branded A5 Diary", daysAgo: 0 },
        ],
      },
    }),
  );
  // A paused clock, so nothing moves while the assertions wait.
  await page.clock.install({ time: new Date("2026-11-20T10:00:00Z") });
  await page.clock.pauseAt(new Date("2026-11-20T10:00:01Z"));
  const feed = page.waitForResponse("**/api/recent-purchases");
  await page.goto("/products");
  // Hydrated: the notes' code and feed are fetched 7 s on, 3 s before the first note.
  await expect(page.getByRole("button", { name: "SMS updates" })).toBeVisible();
  await page.clock.runFor(7_000);
  await feed;
  const first = page.getByText("A team in Yorkshire and the Humber ordered Custom Embroidered Cap 2 days ago.");
  const second = page.getByText("A team in the South West ordered Branded A5 Diary today.");

  await page.clock.runFor(2_999);
  await expect(first).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(first).toBeVisible();
  await page.clock.runFor(5_000);
  await expect(first).toHaveCount(0);

  await page.clock.runFor(24_999);
  await expect(second).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(second).toBeVisible();

  await page.clock.runFor(300_000);
  await expect(page.getByText(/^A team in /)).toHaveCount(0);
});

// An uninterrupted checkout, and no buyer told of their own orders.

const NOTES = [
  { region: "Yorkshire and the Humber", product: "Custom Embroidered Cap", daysAgo: 2 },
  { region: "the South West", product: "Branded A5 Diary", daysAgo: 0 },
  { region: "Scotland", product: "Custom Yoga Mat", daysAgo: 1 },
];

/** What floats over the page: visible fixed-position boxes (the header is sticky, not fixed). */
function floatingBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return style.position === "fixed" && style.visibility !== "hidden" && box.width > 0 && box.height > 0;
      })
      .map((element) => element.outerHTML.slice(0, 120)),
  );
}

test("the cart, every checkout step and the payment's return show no note, no SMS prompt and nothing floating", async ({
  page,
  signedInBuyer,
}) => {
  test.setTimeout(90_000);
  const shop = await stockBuyer(page.request, signedInBuyer.email);
  // The delays are random within their ranges; pinning Math.random to 0 makes them 10 s and 30 s.
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  await page.route("**/api/recent-purchases", (route) => route.fulfill({ json: { purchases: NOTES } }));
  await page.clock.install({ time: new Date("2026-11-20T10:00:00Z") });
  await page.clock.pauseAt(new Date("2026-11-20T10:00:01Z"));
  const smsButton = page.getByRole("button", { name: "SMS updates" });
  const anyNote = page.getByText(/^A team in /);
  const first = page.getByText("A team in Yorkshire and the Humber ordered Custom Embroidered Cap 2 days ago.");
  const second = page.getByText("A team in the South West ordered Branded A5 Diary today.");

  // A note on show when the buyer goes to the cart closes, and the prompt's button goes.
  const feed = page.waitForResponse("**/api/recent-purchases");
  await page.goto("/products");
  await expect(smsButton).toBeVisible();
  await page.clock.runFor(7_000);
  await feed;
  await page.clock.runFor(3_000);
  await expect(first).toBeVisible();
  await page.getByRole("link", { name: "Cart, 1 item(s)" }).click();
  await expect(page.getByRole("heading", { name: "Shopping Cart" })).toBeVisible();
  await expect(first).toHaveCount(0);
  await expect(smsButton).toHaveCount(0);
  // Nothing comes while the buyer stays: not the next note, not the prompt that was due at 23 s.
  await page.clock.runFor(120_000);
  await expect(anyNote).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Out of the checkout, in the same visit, the notes carry on 30 s later without repeating the first.
  await page.getByRole("link", { name: "Swag Studio home" }).click();
  await expect(smsButton).toBeVisible();
  await page.clock.runFor(29_000);
  await expect(anyNote).toHaveCount(0);
  await page.clock.runFor(1_000);
  await expect(second).toBeVisible();
  await expect(first).toHaveCount(0);

  // Each page of the checkout, opened afresh.
  for (const url of checkoutUrls(shop)) {
    await page.goto(url);
    await page.clock.runFor(60_000);
    await expect(anyNote, url).toHaveCount(0);
    await expect(smsButton, url).toHaveCount(0);
    await expect(page.getByRole("dialog"), url).toHaveCount(0);
    expect(await floatingBoxes(page), url).toEqual([]);
  }
});

test("signing out leaves the browser, until it closes, a signed note of the buyer so their orders stay unannounced", async ({
  page,
  signedInBuyer,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === "swag.recent_buyers");
  expect(cookie, `${signedInBuyer.email} signed out`).toMatchObject({ httpOnly: true, sameSite: "Lax", expires: -1 });
});
