/**
 * The header search's suggestions (SPEC.md §4 "Search"; docs/decisions/066): worked out on the
 * server from the catalogue's products on sale, so no page ships the catalogue to the browser. Open
 * to anyone, as the search form is; a query is at most CATALOGUE_SEARCH_MAX characters, and each
 * client address may ask SEARCH_LIMIT times a minute, enough to type quickly for a long while.
 */
import { CATALOGUE_SEARCH_MAX } from "~/domain/catalogue/shelf-query";
import { searchText } from "~/domain/catalogue/shelf-query";
import { MAX_SUGGESTIONS, type Suggestion } from "~/domain/pricing/catalogue-rules";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { suggestShelf } from "./catalogue-search.server";
import { readCatalogue } from "./catalogue-store.server";

/** How often one client address may ask for suggestions: about two a second for a minute. */
export const SEARCH_LIMIT = { hits: 120, windowSeconds: 60 } as const;

export const SEARCH_MESSAGES = {
  tooLong: `Search for ${CATALOGUE_SEARCH_MAX} characters or fewer.`,
  rateLimited: "Too many searches at once. Please wait a moment and type again.",
} as const;

/**
 * Up to six products on sale matching `query` as the listing matches it (a word's start, any part
 * of a text, or a close title when nothing else matches), in catalogue order; none for a blank query.
 */
export async function searchSuggestions(
  db: Database,
  input: { query: string; ip: string },
): Promise<{ ok: true; suggestions: Suggestion[] } | Failure> {
  if (input.query.trim().length > CATALOGUE_SEARCH_MAX) return failure(400, "QUERY_TOO_LONG", SEARCH_MESSAGES.tooLong);
  const query = searchText(input.query);
  if (query === "") return { ok: true, suggestions: [] };
  const limit = await hitRateLimit(db, {
    key: `search:${input.ip}`,
    limit: SEARCH_LIMIT.hits,
    windowSeconds: SEARCH_LIMIT.windowSeconds,
  });
  if (!limit.allowed) {
    return failure(429, "RATE_LIMITED", SEARCH_MESSAGES.rateLimited, { retryAfterSeconds: limit.retryAfterSeconds });
  }
  const ids = await suggestShelf(db, { search: query, limit: MAX_SUGGESTIONS });
  const byId = new Map((await readCatalogue(db)).products.map((product) => [product.id, product]));
  return {
    ok: true,
    suggestions: ids.flatMap((id) => {
      const product = byId.get(id);
      return product ? [{ id: product.id, title: product.title, category: product.category }] : [];
    }),
  };
}
