import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** No WCAG 2.2 AA violation on `page` once it has hydrated; `what` names the page in a failure. */
export async function expectAccessible(page: Page, what: string) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}
