import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** WCAG 2.2 AA as axe-core tags it. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The page's WCAG 2.2 AA violations as it is now, one short line each: rule, impact, and the
 * elements axe flagged. Axe runs in the page itself ("legacy mode"): the shop has no cross-origin
 * frames, and the default mode opens a blank page per check to gather frames' results, which made
 * each check two to three times slower for the same findings.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact ?? "?"}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** No WCAG 2.2 AA violation on `page` once it has hydrated; `what` names the page in a failure. */
export async function expectAccessible(page: Page, what: string) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  expect((await axeViolations(page)).map((line) => `${what}: ${line}`)).toEqual([]);
}
