import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import { expect } from "./fixtures";

/** WCAG 2.2 AA as axe-core tags it. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** What axe is asked: WCAG 2.2 AA's rules, and only what breaks them. */
const RUN_OPTIONS: RunOptions = { runOnly: { type: "tag", values: WCAG_TAGS }, resultTypes: ["violations"] };

/** axe-core's browser build, read once per test worker. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact?: string | null; help: string; targets: string[] };

/**
 * The page's WCAG 2.2 AA violations as it is now, one short line each: rule, impact, and the
 * elements axe flagged. axe runs in the page itself, read into it once per document and run again
 * at each width: the shop has no cross-origin frames to gather results from, and injecting axe for
 * every check (as @axe-core/playwright does) cost as much as the check on the smaller pages.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (options: RunOptions): Promise<Violation[]> => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
    const results = await axe.run(document, options);
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(" ")),
    }));
  }, RUN_OPTIONS);
  return violations.map((v) => `${v.id} (${v.impact ?? "?"}): ${v.help} at ${v.targets.join(", ")}`);
}

/** No WCAG 2.2 AA violation on `page` once it has hydrated; `what` names the page in a failure. */
export async function expectAccessible(page: Page, what: string) {
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  expect((await axeViolations(page)).map((line) => `${what}: ${line}`)).toEqual([]);
}
