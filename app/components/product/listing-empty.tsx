/**
 * What a listing shows with nothing to list: an empty category or a search with no match, and the
 * form to request a product.
 */
import { type ComponentProps, lazy, Suspense, useState } from "react";
import type { Category } from "~/catalogue/types";
import { PRODUCT_REQUEST_COPY as COPY, SOURCING_EXAMPLES } from "~/content/sourcing";
import type { ProductRequestForm as Form, ProductRequestReply } from "./product-request-form";
import { buttonClass } from "../ui/button";

let loadedForm: typeof Form | undefined;
const loadForm = () =>
  import("./product-request-form").then((module) => {
    loadedForm = module.ProductRequestForm;
    return { default: module.ProductRequestForm };
  });
const LazyForm = lazy(loadForm);
// The server has the form before its first page, so every page it renders holds the form itself.
if (import.meta.env.SSR) void loadForm();

/**
 * The request form's code (its rules and error summary with it) is fetched by the browser only on a
 * listing with nothing to list, so a shelf of products does not carry it (decision 089). Once loaded
 * it renders at once, so the server renders the form in the page, where it shows and posts before
 * any script has arrived. Each place keeps the one it started with, so a form being typed in is
 * never swapped for another.
 */
function ProductRequestForm(props: ComponentProps<typeof Form>) {
  const [RequestForm] = useState(() => loadedForm ?? LazyForm);
  return (
    <Suspense fallback={<p role="status">{COPY.loading}</p>}>
      <RequestForm {...props} />
    </Suspense>
  );
}

/**
 * A category with no products yet: what we can source in it, and the form to ask
 * for it, instead of an empty shelf.
 */
export function EmptyCategory(props: { category: Category; search: string; reply?: ProductRequestReply }) {
  const examples = SOURCING_EXAMPLES[props.category.slug] ?? [];
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_minmax(0,36rem)]">
      <div>
        <h2 className="text-2xl font-bold">{COPY.categoryHeading(props.category.name)}</h2>
        <p className="mt-2 text-muted">{COPY.categoryIntro}</p>
        {examples.length > 0 ? (
          <>
            <h3 className="mt-6 text-lg font-semibold">{COPY.examplesHeading}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {examples.map((example) => (
                <li key={example}>{example}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <ProductRequestForm product={props.search} reply={props.reply} />
    </div>
  );
}

/**
 * No product matches (R-ERR-05, R-LIST-12): the spec's empty state and Clear Filters, and
 * the same request form, filled in with what was searched for.
 */
export function NoResults(props: { search: string; onClear: () => void; reply?: ProductRequestReply }) {
  return (
    <div className="mt-10 space-y-8">
      <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
        <h2 className="text-xl font-bold">No products found</h2>
        <p className="mt-2 text-muted">Try adjusting your search or filter criteria.</p>
        <button type="button" className={buttonClass("primary", "mt-6")} onClick={props.onClear}>
          Clear Filters
        </button>
      </div>
      <div className="mx-auto max-w-2xl">
        <h2 className="text-xl font-bold">{COPY.searchHeading}</h2>
        <p className="mt-1 mb-4 text-muted">{COPY.searchIntro}</p>
        <ProductRequestForm product={props.search} reply={props.reply} />
      </div>
    </div>
  );
}
