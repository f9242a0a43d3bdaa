import { expect, test } from "./support/fixtures";

// R-LAYOUT-08, R-TIME-05, A-3: notes only about real paid orders.

test("with no paid orders there is never a purchase notification", async ({ page }) => {
  // Other journeys pay for orders on this shared server, so the feed is made empty here; that the
  // server's feed is empty without paid orders is app/server/recent-purchases.server.test.ts's job.
  await page.route("**/api/recent-purchases", (route) => route.fulfill({ json: { purchases: [] } }));
  await page.clock.install();
  const feed = page.waitForResponse("**/api/recent-purchases");
  await page.goto("/");
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
  await feed;
  await expect(page.getByRole("button", { name: "SMS updates" })).toBeVisible();
  const first = page.getByText("A team in Yorkshire and the Humber ordered Custom Embroidered Cap 2 days ago.");
  const second = page.getByText("A team in the South West ordered Branded A5 Diary today.");

  await page.clock.runFor(9_999);
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
