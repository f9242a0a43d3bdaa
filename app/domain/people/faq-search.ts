/**
 * FAQ search and deep links (SPEC.md §2 "FAQs", R-FAQ-02..04, R-FAQ-08). Pure, so the page and
 * its tests share one rule.
 */

export type SearchableFaq = { id: string; question: string; answer: string };
export type FaqGroup<E extends SearchableFaq> = { slug: string; name: string; entries: readonly E[] };

/** Case-insensitive substring match on the question or the answer; a blank query matches all. */
export function matchesFaq(entry: SearchableFaq, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase("en-GB");
  if (needle === "") return true;
  return (
    entry.question.toLocaleLowerCase("en-GB").includes(needle) ||
    entry.answer.toLocaleLowerCase("en-GB").includes(needle)
  );
}

/** The categories that still have matching entries, in their order, with only those entries. */
export function filterFaqs<E extends SearchableFaq, G extends FaqGroup<E>>(
  groups: readonly G[],
  query: string,
): (Omit<G, "entries"> & { entries: E[] })[] {
  return groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => matchesFaq(entry, query)) }))
    .filter((group) => group.entries.length > 0);
}

export function countFaqs(groups: readonly { entries: readonly unknown[] }[]): number {
  return groups.reduce((sum, group) => sum + group.entries.length, 0);
}

/** R-FAQ-03/04: the spec's two result lines, with the query as typed (trimmed). */
export function searchSummary(count: number, query: string): string {
  const shown = `"${query.trim()}"`;
  return count > 0 ? `Found ${count} question(s) matching ${shown}` : `No questions found matching ${shown}`;
}

/** The category holding the question with this id (a URL hash, '#' optional), if any (R-FAQ-08). */
export function categoryOfQuestion(groups: readonly FaqGroup<SearchableFaq>[], hashOrId: string): string | undefined {
  let id = hashOrId.startsWith("#") ? hashOrId.slice(1) : hashOrId;
  try {
    id = decodeURIComponent(id);
  } catch {
    return undefined;
  }
  if (id === "") return undefined;
  return groups.find((group) => group.entries.some((entry) => entry.id === id))?.slug;
}
