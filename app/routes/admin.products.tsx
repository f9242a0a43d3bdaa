import { data, Form, Link, useFetcher } from "react-router";
import type { Route } from "./+types/admin.products";
import { Pager, TableFrame } from "~/components/admin/table-parts";
import { buttonClass } from "~/components/ui/button";
import { PRODUCT_STATUSES } from "~/catalogue/types";
import { countsLine, catalogueListPage, listCatalogue, parseCatalogueFilter } from "~/domain/catalogue/catalogue-list";
import { CATALOGUE_SEARCH_MAX } from "~/domain/catalogue/shelf-query";
import {
  ADMIN_NO_STORE,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { dbOf } from "~/server/accounts/request-context.server";
import { readCatalogue } from "~/server/catalogue/catalogue-store.server";
import { changeProductStatus } from "~/server/catalogue/catalogue-edits.server";
import { parseForm, toResponse } from "~/server/platform/http.server";
import { STATUS_LABELS, type StatusAction, statusActions, statusChangeSchema } from "~/domain/catalogue/product-status";
import type { ErrorBody } from "~/domain/core/api-errors";
import type { CatalogueRow } from "~/domain/catalogue/catalogue-list";

/** The catalogue as the database holds it, every status, with search and filters (docs/decisions/066-catalogue-is-data.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products", limit: STAFF_PAGE_LIMIT });
  const search = new URL(request.url).searchParams;
  const { products, categories: all } = await readCatalogue(db);
  const categories = all.map(({ name, hidden }) => ({ name, hidden }));
  const filter = parseCatalogueFilter(
    search,
    categories.map((category) => category.name),
  );
  const { rows, counts } = listCatalogue(products, filter);
  return { filter, counts, categories, matched: rows.length, ...catalogueListPage(rows, search.get("page")) };
}

/** Publish, unpublish, archive or restore one product, on the version the list showed (decision 066). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products-edit", limit: STAFF_PAGE_LIMIT });
  const parsed = await parseForm(request, statusChangeSchema);
  if (!parsed.ok) return toResponse(parsed);
  const { productId, to, version } = parsed.value;
  const changed = await changeProductStatus(db, { staffId: staff.id, address: staff.address, productId, to, version });
  if (!changed.ok) return toResponse(changed);
  return data({ ok: true as const, productId, to }, { headers: ADMIN_NO_STORE });
}

/** The list's search and filters as the CSV download's query. */
function exportQuery(filter: { q: string; category: string; status: string }): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ q: filter.q, category: filter.category, status: filter.status }))
    if (value) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function headers() {
  return ADMIN_NO_STORE;
}

const STATUS_STYLES = {
  draft: "bg-amber-100 text-amber-900",
  published: "bg-emerald-100 text-emerald-900",
  archived: "bg-slate-200 text-slate-800",
} as const;

/** The list's columns, with the figures right-aligned. */
const COLUMNS = [
  ["Product", ""],
  ["Status", ""],
  ["Category", ""],
  ["Price", ""],
  ["Minimum", "text-right"],
  ["Lead time", ""],
  ["Colours", "text-right"],
  ["Pictures", "text-right"],
  ["Change", ""],
] as const;

const input = "mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm";

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { filter, rows, counts, matched, page, pageCount, categories } = loaderData;
  const filtered = filter.q !== "" || filter.category !== "" || filter.status !== "";
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">Products</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/categories" className={buttonClass("secondary")}>
            Categories
          </Link>
          <Link to="/admin/products/import" className={buttonClass("secondary")}>
            Import from CSV
          </Link>
          <Link
            to={`/admin/products/new${filter.category ? `?category=${encodeURIComponent(filter.category)}` : ""}`}
            className={buttonClass("primary")}
          >
            New product
          </Link>
        </div>
      </div>
      <p className="mt-1 text-muted">{countsLine(counts)}.</p>
      <Form
        method="get"
        className="mt-6 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
        role="search"
        aria-label="Find products"
      >
        <div>
          <label htmlFor="products-q" className="block text-sm font-medium">
            Title, URL name, supplier reference or id
          </label>
          <input
            id="products-q"
            name="q"
            type="search"
            defaultValue={filter.q}
            maxLength={CATALOGUE_SEARCH_MAX}
            aria-invalid={filter.message ? true : undefined}
            aria-describedby={filter.message ? "products-q-message" : undefined}
            className={input}
          />
        </div>
        <div>
          <label htmlFor="products-category" className="block text-sm font-medium">
            Category
          </label>
          <select id="products-category" name="category" defaultValue={filter.category} className={input}>
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.name} value={category.name}>
                {category.hidden ? `${category.name} (hidden)` : category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="products-status" className="block text-sm font-medium">
            Status
          </label>
          <select id="products-status" name="status" defaultValue={filter.status} className={input}>
            <option value="">Any status</option>
            {PRODUCT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("primary")}>
          Show
        </button>
      </Form>
      {filter.message ? (
        <p id="products-q-message" role="alert" className="mt-2 text-sm font-medium text-red-700">
          {filter.message}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        {filtered ? (
          <p className="text-sm text-muted" role="status">
            {matched === 1 ? "1 product matches." : `${matched.toLocaleString("en-GB")} products match.`}
          </p>
        ) : (
          <span />
        )}
        {rows.length > 0 ? (
          <a
            href={`/admin/products/export.csv${exportQuery(filter)}`}
            className={buttonClass("secondary", "px-3 py-1.5 text-sm")}
            download
          >
            Download {filtered ? "these" : "all"} as CSV
          </a>
        ) : null}
      </div>
      {rows.length > 0 ? (
        <TableFrame className="mt-3" label="Products">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <tr>
                {COLUMNS.map(([heading, align]) => (
                  <th key={heading} scope="col" className={`px-4 py-3 ${align}`}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className="px-4 py-3 font-semibold">
                    <Link to={`/admin/products/${row.id}`} className="text-brand underline-offset-2 hover:underline">
                      {row.title}
                    </Link>
                    {row.demo ? <DemoBadge /> : null}
                    <span className="block text-xs font-normal text-muted">
                      {row.slug} · id {row.id}
                      {row.sku ? ` · ${row.sku}` : ""}
                    </span>
                  </th>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[row.status]}`}>
                      {STATUS_LABELS[row.status]}
                    </span>
                  </td>
                  <td className="px-4 py-3">{row.category}</td>
                  <td className="whitespace-nowrap px-4 py-3">{row.price}</td>
                  <td className="px-4 py-3 text-right">{row.moq}</td>
                  <td className="px-4 py-3">{row.leadTime}</td>
                  <td className="px-4 py-3 text-right">{row.colours}</td>
                  <td className="px-4 py-3 text-right">{row.pictures}</td>
                  <td className="px-4 py-3">
                    <StatusButtons row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : null}
      <Pager
        page={page}
        pageCount={pageCount}
        href={(n) => {
          const params = new URLSearchParams(exportQuery(filter));
          params.set("page", String(n));
          return `/admin/products?${params}`;
        }}
      />
      {rows.length > 0 ? null : (
        <p className="mt-6 text-sm">
          {filtered ? "No product matches. Change the search or the filters." : "No products yet."}
        </p>
      )}
    </section>
  );
}

/**
 * Marks a product the demo seed added, so staff can tell it from their own. The word says it (a
 * screen reader reads "Demo" after the title); the outline is only a second cue.
 */
function DemoBadge() {
  return (
    <span className="ml-2 inline-block rounded-full border border-slate-400 px-2 py-0.5 align-middle text-xs font-semibold text-slate-700">
      Demo
    </span>
  );
}

/** The moves open to one product, each a button posting the version the list showed; a refusal is said beside them. */
function StatusButtons({ row }: { row: CatalogueRow }) {
  const fetcher = useFetcher<ErrorBody | { ok: true }>();
  const refusal = fetcher.data && "error" in fetcher.data ? fetcher.data.error.message : null;
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="productId" value={row.id} />
      <input type="hidden" name="version" value={row.version} />
      {statusActions(row.status).map((action: StatusAction) => (
        <button
          key={action.to}
          type="submit"
          name="to"
          value={action.to}
          disabled={fetcher.state !== "idle"}
          className={buttonClass("secondary", "px-3 py-1 text-xs")}
          aria-label={`${action.label} ${row.title}`}
        >
          {action.label}
        </button>
      ))}
      {refusal ? (
        <p role="alert" className="basis-full text-xs font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function meta() {
  return [{ title: "Products | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
