/**
 * The shop's listing and search worked out in the database (docs/decisions/067-catalogue-search.md),
 * so a catalogue of thousands is never sent to a page: the products on sale that match the search
 * and the filters, in the buyer's sort, one page at a time, with the colours and branding methods
 * the matches come in for the filters to offer. A search matches a word's start in the title, tags,
 * category or description (English stems: "caps" finds "cap"), or any part of the title,
 * description or category as the header always has; when nothing does, a title close to it
 * ("embroiderd cap") is taken for a typo.
 */
import { type SQL, sql } from "drizzle-orm";
import type { BrandingMethod } from "~/domain/pricing/checkout";
import { containsPattern, prefixQuery, SHELF_PAGE_SIZE, type ShelfQuery } from "~/domain/catalogue/shelf-query";
import { type Database, queryRows } from "../platform/db.server";
import { requireAddressBudget } from "../platform/rate-limit.server";

/**
 * How often one client address may search the listing: typing searches a quarter of a second after
 * each pause, so four a second for a minute; a browse without a search is not counted.
 */
export const LISTING_SEARCH_LIMIT = { hits: 240, windowSeconds: 60 } as const;

/** Counts a search of the listing against its address, or refuses it with 429 once the minute's are spent. */
export function limitListingSearch(db: Database, ip: string): Promise<void> {
  return requireAddressBudget(db, {
    bucket: "listing-search",
    ip,
    limit: LISTING_SEARCH_LIMIT,
    message: "Too many searches at once. Please wait a moment and search again.",
  });
}

/** How close a title must be to the search to be taken for a typo of it (pg_trgm's word similarity). */
export const TYPO_SIMILARITY = 0.5;

export type ShelfFacets = {
  colours: { name: string; count: number }[];
  methods: { method: BrandingMethod; count: number }[];
};

export type ShelfPage = {
  /** The page's products, by id, in the sort. */
  ids: string[];
  total: number;
  /** The search was read as a typo of these titles: nothing matched it as typed. */
  typo: boolean;
  facets: ShelfFacets;
};

/** The conditions of the search as typed: a word's start in the weighted text, or any part of the texts. */
function typedMatch(search: string): SQL {
  const words = prefixQuery(search);
  const anywhere = sql`lower(p.title || ' ' || p.description || ' ' || p.category) like ${containsPattern(search)}`;
  return words ? sql`(p.search_vector @@ to_tsquery('english', ${words}) or ${anywhere})` : anywhere;
}

/** A title close to the search, for a search nothing matched as typed. */
const typoMatch = (search: string): SQL =>
  sql`word_similarity(${search.toLowerCase()}, lower(p.title)) >= ${TYPO_SIMILARITY}`;

/** The filters besides the search, each only when the buyer set it. */
function filterConditions(query: ShelfQuery, skip: "colour" | "method" | null = null): SQL[] {
  const conditions: SQL[] = [];
  if (query.moqMax !== null) conditions.push(sql`p.moq <= ${query.moqMax}`);
  if (query.leadWeeksMax !== null) conditions.push(sql`p.lead_days <= ${query.leadWeeksMax * 7}`);
  if (query.method !== null && skip !== "method")
    conditions.push(sql`p.details -> 'branding' -> 'methods' @> ${JSON.stringify([query.method])}::jsonb`);
  if (query.colour !== null && skip !== "colour")
    conditions.push(
      sql`exists (select 1 from product_colours c where c.product_id = p.id and lower(c.name) = ${query.colour.toLowerCase()})`,
    );
  if (query.priceAt !== null) {
    const { quantity, maxPence } = query.priceAt;
    conditions.push(sql`exists (select 1 from product_price_tiers t where t.product_id = p.id
      and t.from_quantity <= ${quantity} and (t.to_quantity is null or t.to_quantity >= ${quantity})
      and t.unit_pence <= ${maxPence})`);
  }
  return conditions;
}

/** The sort as SQL: newest by creation day then number; prices by the bands' midpoint (decision 050); ties in catalogue order. */
function orderBy(sort: ShelfQuery["sort"]): SQL {
  const midpoint = sql`(select (min(t.unit_pence) + max(t.unit_pence)) / 2.0 from product_price_tiers t where t.product_id = p.id)`;
  switch (sort) {
    case "newest":
      return sql`(p.created_at at time zone 'UTC')::date desc, case when p.id ~ '^[0-9]{1,9}$' then p.id::int end desc nulls last, p.id desc`;
    case "price-asc":
      return sql`${midpoint} asc, p.position asc`;
    case "price-desc":
      return sql`${midpoint} desc, p.position asc`;
    case "moq":
      return sql`p.moq asc, p.position asc`;
  }
}

const where = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/** Pages of the listing a process keeps, per catalogue version: the popular ones answer without the database. */
const PAGES_KEPT = 500;
const kept = new WeakMap<Database, { version: number; pages: Map<string, Promise<ShelfPage>> }>();

/**
 * One page of the listing: the products on sale in `category` (every one when null) that match the
 * query, with how many match in all and what the matches offer to filter by. The answer is kept
 * for the catalogue's `version` the caller read: the same page asked again at that version (the
 * shop's first page, a category, a popular search) is not searched again, and a changed catalogue
 * starts afresh.
 */
export function searchShelf(
  db: Database,
  input: { query: ShelfQuery; category: string | null; version: number },
): Promise<ShelfPage> {
  let copy = kept.get(db);
  if (copy?.version !== input.version) {
    copy = { version: input.version, pages: new Map() };
    kept.set(db, copy);
  }
  const key = JSON.stringify([input.category, input.query]);
  const found = copy.pages.get(key);
  if (found) {
    // Most recently used last: a Map keeps insertion order, so the oldest go first.
    copy.pages.delete(key);
    copy.pages.set(key, found);
    return found;
  }
  const page = searchShelfNow(db, input);
  copy.pages.set(key, page);
  // A failed search is not kept.
  page.catch(() => copy.pages.delete(key));
  while (copy.pages.size > PAGES_KEPT) copy.pages.delete(copy.pages.keys().next().value as string);
  return page;
}

async function searchShelfNow(db: Database, input: { query: ShelfQuery; category: string | null }): Promise<ShelfPage> {
  const { query, category } = input;
  const base: SQL[] = [sql`p.status = 'published'`];
  if (category) base.push(sql`p.category = ${category}`);
  const page = async (match: SQL | null) => {
    const conditions = [...base, ...(match ? [match] : []), ...filterConditions(query)];
    // The count apart from the page, so the page can be read in its order from the index.
    const rows = await queryRows<{ id: string }>(
      db,
      sql`select p.id from products p where ${where(conditions)}
        order by ${orderBy(query.sort)} limit ${SHELF_PAGE_SIZE} offset ${(query.page - 1) * SHELF_PAGE_SIZE}`,
    );
    return { ids: rows.map((row) => row.id), total: await count(db, conditions) };
  };
  let match = query.search ? typedMatch(query.search) : null;
  let found = await page(match);
  let typo = false;
  if (found.total === 0 && query.search) {
    match = typoMatch(query.search);
    found = await page(match);
    typo = found.total > 0;
  }
  const matched = [...base, ...(match ? [match] : [])];
  return { ...found, typo, facets: await facetsOf(db, matched, query) };
}

/** How many products meet the conditions. */
async function count(db: Database, conditions: SQL[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products p where ${where(conditions)}`,
  );
  return row?.n ?? 0;
}

/** The colours and methods the matches come in, each counted with the other filters on, its own off. */
async function facetsOf(db: Database, matched: SQL[], query: ShelfQuery): Promise<ShelfFacets> {
  const colours = await queryRows<{ name: string; count: number }>(
    db,
    sql`select min(c.name) as name, count(distinct p.id)::int as count
      from products p join product_colours c on c.product_id = p.id
      where ${where([...matched, ...filterConditions(query, "colour")])}
      group by lower(c.name) order by count desc, min(c.name) limit 24`,
  );
  const methods = await queryRows<{ method: BrandingMethod; count: number }>(
    db,
    sql`select m.method, count(*)::int as count
      from products p cross join lateral jsonb_array_elements_text(p.details -> 'branding' -> 'methods') as m(method)
      where ${where([...matched, ...filterConditions(query, "method")])}
      group by m.method order by count desc, m.method`,
  );
  return { colours, methods };
}

/** The first `limit` products on sale matching a search, in catalogue order (the header's suggestions). */
export async function suggestShelf(
  db: Database,
  { search, limit }: { search: string; limit: number },
): Promise<string[]> {
  const find = async (match: SQL) =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`select p.id from products p where p.status = 'published' and ${match} order by p.position limit ${limit}`,
      )
    ).map((row) => row.id);
  const typed = await find(typedMatch(search));
  return typed.length > 0 ? typed : find(typoMatch(search));
}
