import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/products";
import { cardOf } from "~/catalogue/catalogue";
import { categoryBySlug, visibleCategories } from "~/catalogue/categories";
import type { Category } from "~/catalogue/types";
import { EmptyCategory, NoResults } from "~/components/product/listing-empty";
import { ProductCard } from "~/components/product/product-card";
import { SearchIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { PRODUCT_REQUEST_COPY } from "~/content/sourcing";
import { SORT_OPTIONS } from "~/domain/pricing/catalogue-rules";
import { CATALOGUE_SEARCH_MAX, pageCount, parseShelfQuery } from "~/domain/catalogue/shelf-query";
import { ShelfFilterFields, ShelfPager } from "~/components/product/shelf-controls";
import { limitListingSearch, searchShelf } from "~/server/catalogue/catalogue-search.server";
import { HONEYPOT_FIELD } from "~/domain/core/form-rules";
import { EMPTY_PRODUCT_REQUEST, parseProductRequest, productRequestValuesFrom } from "~/domain/people/product-request";
import { failure, readForm, toResponse } from "~/server/platform/http.server";
import { submitProductRequest } from "~/server/checkout/quote-requests.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { dbOf, sessionOf, appContextOf, nowOf } from "~/server/accounts/request-context.server";
import { type Catalogue, readCatalogue, readShelf } from "~/server/catalogue/catalogue-store.server";

/** How long typing pauses before the shelf is searched again. */
const SEARCH_PAUSE_MS = 250;

/**
 * The category a page's slug names, for buyers: none for All products; a former URL name of a
 * visible category answers 301 with its new address, so links keep working; an unknown or hidden
 * one is the not-found page (REQUIREMENTS.md A-34, docs/decisions/068-categories-are-data.md).
 * A known one answers, empty or not.
 */
function shownCategory(catalogue: Catalogue, slug: string | undefined, url: URL): Category | null {
  if (slug === undefined) return null;
  const category = categoryBySlug(catalogue.categories, slug);
  if (category && !category.hidden)
    return { slug: category.slug, name: category.name, hidden: false, menu: category.menu };
  const moved = category ? undefined : categoryBySlug(catalogue.categories, catalogue.formerSlugs.get(slug) ?? "");
  if (moved && !moved.hidden) throw redirect(`/products/${moved.slug}${url.search}`, 301);
  throw data(null, { status: 404 });
}

/**
 * One page of the shelf, searched, filtered and sorted in the database (docs/decisions/067): the
 * products on sale in the category when one is named, with how many match, the colours and
 * branding methods the matches come in, and how many the category holds at all. The cards are
 * read from the process's copy of the catalogue, so a page costs one search, not a product read each.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const url = new URL(request.url);
  const catalogue = await readCatalogue(db);
  const category = shownCategory(catalogue, params.category, url);
  const query = parseShelfQuery(url.searchParams);
  if (query.search) await limitListingSearch(db, clientIp(request));
  const found = await searchShelf(db, { query, category: category?.name ?? null, version: catalogue.version });
  const shelf = await readShelf(db);
  return {
    category,
    /** The filter's categories, in the operator's order: those with products on sale, and the one on show even when it is empty. */
    categories: visibleCategories(catalogue.categories)
      .filter((c) => c.slug === category?.slug || shelf.onSaleIn.has(c.name))
      .map((c) => ({ slug: c.slug, name: c.name })),
    products: found.ids.flatMap((id) => {
      const product = shelf.find(id);
      return product ? [cardOf(product)] : [];
    }),
    total: found.total,
    typo: found.typo,
    facets: found.facets,
    page: query.page,
    pages: pageCount(found.total),
    /** Products on sale in the category (or the shop), whatever the search: none is the empty category. */
    stocked: category ? (shelf.onSaleIn.get(category.name) ?? 0) : shelf.products.length,
  };
}

/**
 * "Request this product" from an empty category or an empty search, into the
 * back office's quote inbox. Every refusal gives back what was typed (`values`).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { salesEmail } = appContextOf(context).business;
  // An unknown or hidden category's form is not taken; a catalogue that cannot be read leaves the
  // request to be stored, or to fail with the message that says to e-mail.
  const catalogue = await readCatalogue(dbOf(context)).catch(() => null);
  if (catalogue) shownCategory(catalogue, params.category, new URL(request.url));
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { values: EMPTY_PRODUCT_REQUEST });
  const values = productRequestValuesFrom(new URLSearchParams(form.value));
  const parsed = parseProductRequest(values, nowOf(context));
  if (!parsed.ok) {
    const first = Object.values(parsed.errors)[0] ?? "";
    return toResponse(failure(400, "VALIDATION_FAILED", first, { fieldErrors: parsed.errors }), {
      values: parsed.values,
    });
  }
  const url = new URL(request.url);
  try {
    const outcome = await submitProductRequest(appContextOf(context), {
      data: parsed.data,
      honeypot: form.value[HONEYPOT_FIELD] ?? "",
      ip: clientIp(request),
      userId: (await sessionOf(context))?.user.id ?? null,
      sourcePage: `${url.pathname}${url.search}`,
    });
    if (outcome.status === "rate_limited") {
      const { retryAfterSeconds } = outcome;
      return toResponse(
        failure(429, "RATE_LIMITED", PRODUCT_REQUEST_COPY.rateLimited(salesEmail), {
          retryAfterSeconds,
        }),
        {
          values,
        },
      );
    }
  } catch (error) {
    console.error("A product request could not be stored:", error);
    return toResponse(failure(500, "NOT_STORED", PRODUCT_REQUEST_COPY.failed(salesEmail)), {
      values,
    });
  }
  const { product, quantity, email } = parsed.data;
  return data({ requested: { product, quantity, email } }, { headers: { "Cache-Control": "no-store" } });
}

export default function ProductsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = parseShelfQuery(searchParams);
  const category = loaderData.category ?? undefined;
  const { products, total, typo, facets, page, pages, stocked, categories } = loaderData;
  // The box holds what is typed; the address follows once typing pauses, and the shelf with it.
  const [typed, setTyped] = useState(query.search);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setTyped(query.search), [query.search]);
  useEffect(() => () => clearTimeout(pending.current), []);
  const title = query.search ? `Search results for "${query.search}"` : (category?.name ?? "All Products");
  const keep = (slug: string | null) => {
    const params = new URLSearchParams(searchParams);
    params.delete("page");
    const qs = params.toString();
    return `${slug ? `/products/${slug}` : "/products"}${qs ? `?${qs}` : ""}`;
  };

  /** The address with `name` set (or removed when empty), back on the first page. */
  function update(name: string, value: string) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete("page");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  function type(value: string) {
    setTyped(value);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => update("search", value.trim()), SEARCH_PAUSE_MS);
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>

      <Form
        method="get"
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          clearTimeout(pending.current);
          const next = new URLSearchParams();
          for (const [name, value] of new FormData(e.currentTarget)) {
            if (typeof value === "string" && value.trim()) next.set(name, value.trim());
          }
          setSearchParams(next, { replace: true, preventScrollReset: true });
        }}
      >
        <div className="relative flex-1">
          <label htmlFor="listing-search" className="mb-1 block text-sm font-medium">
            Search
          </label>
          <SearchIcon className="pointer-events-none absolute bottom-3 left-3 h-4 w-4 text-muted" />
          <input
            id="listing-search"
            name="search"
            type="search"
            value={typed}
            maxLength={CATALOGUE_SEARCH_MAX}
            onChange={(e) => type(e.target.value)}
            placeholder="Search products..."
            className="w-full rounded-lg border border-slate-300 py-2 pl-9 pr-3 text-sm"
          />
        </div>
        <div>
          <label htmlFor="listing-sort" className="mb-1 block text-sm font-medium">
            Sort by
          </label>
          <select
            id="listing-sort"
            name="sort"
            value={query.sort}
            onChange={(e) => update("sort", e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm sm:w-52"
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <ShelfFilterFields query={query} facets={facets} onChange={update} />
        <noscript>
          <button type="submit" className={buttonClass("primary")}>
            Apply
          </button>
        </noscript>
      </Form>

      <nav aria-label="Categories" className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {[{ slug: null, name: "All" }, ...categories].map((c) => {
            const active = (c.slug ?? null) === (category?.slug ?? null);
            return (
              <li key={c.name}>
                <Link
                  to={keep(c.slug)}
                  aria-current={active ? "page" : undefined}
                  className={`inline-block rounded-full border px-3 py-1 text-sm ${
                    active ? "border-brand bg-brand text-white" : "border-slate-300 hover:border-brand"
                  }`}
                >
                  {c.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <p className="mt-6 text-sm text-muted" role="status">
        Showing {total} product(s)
        {typo ? `: nothing matches "${query.search}" as typed, so these are the closest titles` : ""}
      </p>

      {products.length > 0 ? (
        <>
          <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {products.map((product, i) => (
              <li key={product.id} className="flex">
                <div className="w-full">
                  <ProductCard product={product} priority={i < 2} headingLevel={2} />
                </div>
              </li>
            ))}
          </ul>
          <ShelfPager page={page} pages={pages} params={searchParams} />
        </>
      ) : category && stocked === 0 ? (
        <EmptyCategory category={category} search={query.search} reply={actionData} />
      ) : (
        <NoResults search={query.search} onClear={() => navigate("/products")} reply={actionData} />
      )}
    </section>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData ? (loaderData.category?.name ?? "All Products") : "Products";
  return [{ title: `${name} | Swag Studio` }];
}
