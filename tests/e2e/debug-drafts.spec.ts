import { expect, test } from "./support/fixtures";

// /debug/drafts refreshes every second (SPEC.md §2 "Diagnostics") only while it
// is seen; a hidden tab asks nothing and refreshes at once when shown again.

declare global {
  interface Window {
    showTab?: (state: "visible" | "hidden") => void;
  }
}

test("the drafts watcher stops asking while its tab is hidden", async ({ page, signedInBuyer: _signedIn }) => {
  // Chromium cannot hide a headless tab; the page is told it is hidden as a browser would tell it.
  await page.addInitScript(() => {
    let state: DocumentVisibilityState = "visible";
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => state === "hidden" });
    window.showTab = (next) => {
      state = next;
      document.dispatchEvent(new Event("visibilitychange"));
    };
  });
  await page.clock.install();
  let asked = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/drafts") asked += 1;
  });
  await page.goto("/debug/drafts");
  await expect(page.getByText("No drafts yet.")).toBeVisible();
  // The fake clock runs with real time until paused: on a busy machine the page takes long enough
  // to load for the watcher to ask a few times already, so the count starts from here.
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.evaluate(() => document.visibilityState);
  const start = asked;
  await page.clock.runFor(3_000);
  await expect.poll(() => asked).toBe(start + 3);

  await page.evaluate(() => window.showTab?.("hidden"));
  await page.clock.runFor(60_000);
  // A round trip, so any request the minute started has been seen.
  await page.evaluate(() => document.visibilityState);
  expect(asked).toBe(start + 3);

  await page.evaluate(() => window.showTab?.("visible"));
  await expect.poll(() => asked).toBe(start + 4);
  await page.clock.runFor(1_000);
  await expect.poll(() => asked).toBe(start + 5);
});
