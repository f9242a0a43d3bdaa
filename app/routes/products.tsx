import { data, Form, Link, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/products";
import { forBuyers, listByCategory, onSale } from "~/catalogue/catalogue";
import { CATEGORIES, categoryBySlug } from "~/catalogue/categories";
import type { Category } from "~/catalogue/types";
import { EmptyCategory, NoResults } from "~/components/product/listing-empty";
import { ProductCard } from "~/components/product/product-card";
import { SearchIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { PRODUCT_REQUEST_COPY } from "~/content/sourcing";
import { matchesSearch, parseSort, sortProducts, SORT_OPTIONS } from "~/domain/pricing/catalogue-rules";
import { HONEYPOT_FIELD } from "~/domain/core/form-rules";
import { EMPTY_PRODUCT_REQUEST, parseProductRequest, productRequestValuesFrom } from "~/domain/people/product-request";
import { failure, readForm, toResponse } from "~/server/platform/http.server";
import { submitProductRequest } from "~/server/checkout/quote-requests.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { dbOf, sessionOf, appContextOf, nowOf } from "~/server/accounts/request-context.server";
import { readCatalogue } from "~/server/catalogue/catalogue-store.server";
import { useShopCategories } from "~/components/ui/root-data";

/** An unlisted slug is the not-found page (REQUIREMENTS.md A-34); a known one answers, empty or not. */
function knownCategory(slug: string | undefined) {
  if (slug !== undefined && !categoryBySlug(slug)) throw data(null, { status: 404 });
  return slug ?? null;
}

/** The shelf: the products on sale, in the category when one is named, from the database's catalogue. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const categorySlug = knownCategory(params.category);
  const shelf = onSale((await readCatalogue(dbOf(context))).products);
  return { categorySlug, pool: (categorySlug ? listByCategory(shelf, categorySlug) : shelf).map(forBuyers) };
}

/**
 * "Request this product" from an empty category or an empty search, into the
 * back office's quote inbox. Every refusal gives back what was typed (`values`).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { salesEmail } = appContextOf(context).business;
  knownCategory(params.category);
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

// A shelf's search and sort are worked out in the browser from the products it was sent, no round trip.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function ProductsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const search = searchParams.get("search") ?? "";
  const sort = parseSort(searchParams.get("sort"));
  const category = loaderData.categorySlug ? categoryBySlug(loaderData.categorySlug) : undefined;
  const { pool } = loaderData;
  const promoted = useShopCategories();
  const products = sortProducts(
    pool.filter((p) => matchesSearch(p, search)),
    sort,
  );
  const query = search.trim();
  const title = query ? `Search results for "${query}"` : (category?.name ?? "All Products");
  const keep = (slug: string | null) => {
    const params = new URLSearchParams(searchParams);
    const qs = params.toString();
    return `${slug ? `/products/${slug}` : "/products"}${qs ? `?${qs}` : ""}`;
  };

  function update(name: "search" | "sort", value: string) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>

      <Form
        method="get"
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => e.preventDefault()}
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
            value={search}
            onChange={(e) => update("search", e.target.value)}
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
            value={sort}
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
        <noscript>
          <button type="submit" className={buttonClass("primary")}>
            Apply
          </button>
        </noscript>
      </Form>

      <nav aria-label="Categories" className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {[{ slug: null, name: "All" }, ...filterCategories(promoted, category)].map((c) => {
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
        Showing {products.length} product(s)
      </p>

      {products.length > 0 ? (
        <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {products.map((product, i) => (
            <li key={product.id} className="flex">
              <div className="w-full">
                <ProductCard product={product} priority={i < 2} headingLevel={2} />
              </div>
            </li>
          ))}
        </ul>
      ) : category && pool.length === 0 ? (
        <EmptyCategory category={category} search={query} reply={actionData} />
      ) : (
        <NoResults search={query} onClear={() => navigate("/products")} reply={actionData} />
      )}
    </section>
  );
}

/** The filter's categories, in catalogue order: the promoted ones, and the one on show even when it is empty. */
function filterCategories(promoted: readonly Category[], current: Category | undefined): Category[] {
  return CATEGORIES.filter((c) => c === current || promoted.some((p) => p.slug === c.slug));
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.categorySlug ? categoryBySlug(loaderData.categorySlug)?.name : "All Products";
  return [{ title: `${name ?? "Products"} | Swag Studio` }];
}
