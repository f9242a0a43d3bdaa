/**
 * Finding a customer in the back office (docs/decisions/047-find-a-customer.md): staff type part of a name, an e-mail
 * address, a company or an order number and get the accounts it names, each with its orders,
 * quotes and documents. An account is what orders and quotes belong to (`account_id`): an
 * organisation, or a person who belongs to none.
 */

export const CUSTOMER_SEARCH_MIN = 2;
export const CUSTOMER_SEARCH_MAX = 100;
/** The most accounts one search lists; a narrower search finds the rest. */
export const CUSTOMER_RESULTS_LIMIT = 25;
/** The most orders (and quotes) an account's page lists, newest first. */
export const CUSTOMER_RECORDS_LIMIT = 100;

export type CustomerSearch = { q: string; message: string | null };

/** The search as typed, its spaces collapsed, or why it cannot be run (nothing is searched then). */
export function parseCustomerSearch(raw: string | null): CustomerSearch {
  const q = (raw ?? "").replace(/\s+/g, " ").trim();
  if (q === "") return { q, message: null };
  if (q.length < CUSTOMER_SEARCH_MIN)
    return { q, message: `Type at least ${CUSTOMER_SEARCH_MIN} characters of a name, e-mail address or company.` };
  if (q.length > CUSTOMER_SEARCH_MAX)
    return { q: q.slice(0, CUSTOMER_SEARCH_MAX), message: `Search for at most ${CUSTOMER_SEARCH_MAX} characters.` };
  return { q, message: null };
}

/** What a search result says it found, and how many more a narrower search would show. */
export function customerResultsNote(found: number, q: string): string {
  if (found === 0) return `No customer matches “${q}”.`;
  if (found > CUSTOMER_RESULTS_LIMIT)
    return `The first ${CUSTOMER_RESULTS_LIMIT} customers matching “${q}”: type more to narrow it.`;
  return `${found} ${found === 1 ? "customer matches" : "customers match"} “${q}”.`;
}
