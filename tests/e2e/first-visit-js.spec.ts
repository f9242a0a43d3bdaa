import { join } from "node:path";
import { measureBundles } from "../../scripts/bench/bundle-size";
import { expect, test } from "./support/fixtures";

// `npm run bench` counts a page's JavaScript from the build (scripts/bench/bundle-size.ts) and holds
// it to its budgets; this checks that count against what a browser really fetches on a first
// visit, so the budget cannot be met by code the count does not see.
const bundles = measureBundles(join(process.env.BUILD_DIR ?? "build", "client"));
const PAGES = [
  { url: "/", route: "/" },
  { url: "/products", route: "/products" },
  { url: "/product/8", route: "/product/:id" },
  { url: "/faqs", route: "/faqs" },
  { url: "/contact", route: "/contact" },
  { url: "/cart", route: "/cart" },
];

for (const { url, route } of PAGES) {
  test(`a first visit to ${url} fetches the JavaScript the bundle budget counts`, async ({ page }) => {
    const counted = bundles.find((bundle) => bundle.urlPath === route && !bundle.staff);
    expect(counted, `no bundle row for ${route}`).toBeDefined();
    const expected = counted!.files.filter((file) => file.endsWith(".js"));
    const fetched = new Set<string>();
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith(".js")) fetched.add(path);
    });
    await page.goto(url);
    // The shell fetches its after-hydration chunks once hydrated; the count includes them.
    await expect.poll(() => expected.filter((file) => !fetched.has(file))).toEqual([]);
    await page.waitForLoadState("networkidle");
    expect([...fetched].sort()).toEqual(expected);
  });
}
