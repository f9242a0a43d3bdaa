/**
 * Page views kept without identifying the visitor: the path and the time, rate-limited per address
 * (R-AN-01, A-51).
 */
import { pageViews } from "#db/schema";
import type { Database } from "../platform/db.server";
import { hitRateLimit } from "../platform/rate-limit.server";

/** Longest path (with query string) kept; longer ones are refused rather than cut. */
export const MAX_PAGE_PATH = 2048;
/** Page views one address may report per hour: far above browsing, well below flooding. */
export const PAGE_VIEW_LIMIT_PER_HOUR = 1000;

/**
 * The path and query string of a page on this site, or null. A full URL, a protocol-relative
 * '//host' or control characters are refused; a '#fragment' is dropped (it never reaches a server
 * on a real navigation either).
 */
export function normalisePagePath(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const path = raw.split("#", 1)[0] ?? "";
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  if (path.length > MAX_PAGE_PATH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return null;
  return path;
}

export type PageViewOutcome = "recorded" | "rate_limited";

/** Stores one page view: the path and the time, nothing that identifies the visitor (R-AN-01, A-51). */
export async function recordPageView(db: Database, input: { path: string; ip: string }): Promise<PageViewOutcome> {
  const limit = await hitRateLimit(db, {
    key: `page-view:${input.ip}`,
    limit: PAGE_VIEW_LIMIT_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed) return "rate_limited";
  await db.insert(pageViews).values({ path: input.path });
  return "recorded";
}
