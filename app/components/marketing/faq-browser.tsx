/** The FAQs page: search, categories, a table of contents and the answers. */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { FAQ_PAGE, type FaqCategory, type FaqEntry } from "~/content/faqs";
import { categoryOfQuestion, countFaqs, filterFaqs, searchSummary } from "~/domain/people/faq-search";
import { FaqCategoryLinks } from "./faq-category-links";
import { ChevronIcon, CrossIcon, SearchIcon } from "../ui/icons";
import { buttonClass } from "../ui/button";
import { useLoaded } from "../ui/use-loaded";
import { ContentLink, PageHero } from "./marketing-page";
import { useBusiness } from "../ui/root-data";

const loadDrawer = () => import("./faq-category-drawer");

/**
 * Search, category sidebar / drawer, table of contents and answers (SPEC.md §2 "FAQs",
 * R-FAQ-01..10). The first render comes from the URL (?category, ?q) so it works without
 * JavaScript; after that everything changes in place and a #question-id picks its category.
 */
export function FaqBrowser(props: {
  categories: readonly FaqCategory[];
  initialCategory: string;
  initialQuery: string;
}) {
  const { categories } = props;
  const business = useBusiness();
  const [query, setQuery] = useState(props.initialQuery);
  const [selected, setSelected] = useState(props.initialCategory);
  const [scrollTarget, setScrollTarget] = useState<string | null>(null);
  // The drawer's code (Radix's dialog) is fetched the first time it is opened.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const Drawer = useLoaded(loadDrawer, drawerOpen)?.default;
  const categoryHeading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();

  // R-FAQ-08: a hash naming a question opens its category and scrolls to it, on load and on change.
  useEffect(() => {
    const slug = categoryOfQuestion(categories, hash);
    if (!slug) return;
    setQuery("");
    setSelected(slug);
    setScrollTarget(decodeURIComponent(hash.slice(1)));
  }, [hash, categories]);

  useEffect(() => {
    if (!scrollTarget) return;
    document.getElementById(scrollTarget)?.scrollIntoView({ block: "start" });
    setScrollTarget(null);
  }, [scrollTarget, selected]);

  const selectCategory = (slug: string) => {
    setQuery("");
    setSelected(slug);
    // Move keyboard and screen-reader users to what they just chose.
    requestAnimationFrame(() => categoryHeading.current?.focus());
  };

  const searching = query.trim() !== "";
  const results = searching ? filterFaqs(categories, query) : [];
  const category = categories.find((c) => c.slug === selected) ?? categories[0];
  if (!category) return null;

  return (
    <>
      <PageHero title={FAQ_PAGE.title} lead={FAQ_PAGE.lead}>
        <form
          role="search"
          method="get"
          action="/faqs"
          className="relative mt-8 max-w-2xl"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor="faq-search" className="sr-only">
            {FAQ_PAGE.searchLabel}
          </label>
          <SearchIcon className="pointer-events-none absolute left-4 top-1/2 h-5 w-5 -translate-y-1/2 text-muted" />
          <input
            id="faq-search"
            type="search"
            name="q"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={FAQ_PAGE.searchPlaceholder}
            autoComplete="off"
            className="w-full rounded-xl border border-slate-300 bg-white py-3.5 pl-12 pr-12 text-base text-ink shadow-sm placeholder:text-muted focus:border-brand [&::-webkit-search-cancel-button]:hidden"
          />
          {searching ? (
            <button
              type="button"
              onClick={() => setQuery("")}
              className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full p-1.5 text-muted hover:bg-slate-100"
            >
              <CrossIcon />
              <span className="sr-only">{FAQ_PAGE.clearSearch}</span>
            </button>
          ) : null}
        </form>
      </PageHero>

      <div className="mx-auto grid max-w-5xl gap-8 px-4 pb-8 pt-10 lg:grid-cols-[15rem_1fr] lg:gap-12">
        <nav aria-label={FAQ_PAGE.categoriesLabel} className="hidden lg:sticky lg:top-24 lg:block lg:self-start">
          <FaqCategoryLinks
            categories={categories}
            selected={searching ? "" : category.slug}
            onSelect={selectCategory}
          />
        </nav>

        <div className="min-w-0">
          <div className="lg:hidden">
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              className={buttonClass("secondary", "w-full justify-between")}
              onClick={() => setDrawerOpen(true)}
            >
              {FAQ_PAGE.browseCategories}
              <ChevronIcon direction="right" />
            </button>
            {drawerOpen && Drawer ? (
              <Drawer
                categories={categories}
                selected={category.slug}
                onSelect={selectCategory}
                onClose={() => setDrawerOpen(false)}
              />
            ) : null}
          </div>

          <p role="status" className={searching ? "mt-6 font-semibold text-ink lg:mt-0" : "sr-only"}>
            {searching ? searchSummary(countFaqs(results), query) : ""}
          </p>

          {searching ? (
            results.map((group) => (
              <section key={group.slug} aria-labelledby={`results-${group.slug}`} className="mt-8">
                <h2 id={`results-${group.slug}`} className="text-sm font-semibold uppercase tracking-wide text-brand">
                  {group.name}
                </h2>
                <FaqList entries={group.entries} />
              </section>
            ))
          ) : (
            <section aria-labelledby="faq-category-heading" className="mt-6 lg:mt-0">
              <h2
                id="faq-category-heading"
                ref={categoryHeading}
                tabIndex={-1}
                className="scroll-mt-36 text-2xl font-extrabold tracking-tight text-ink lg:scroll-mt-24"
              >
                {category.name}
              </h2>
              <nav aria-label={FAQ_PAGE.tocHeading} className="mt-4 rounded-xl bg-brand-soft p-4">
                <p className="text-sm font-semibold text-ink">{FAQ_PAGE.tocHeading}</p>
                <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
                  {category.entries.map((entry) => (
                    <li key={entry.id}>
                      <a href={`#${entry.id}`} className="text-brand underline-offset-4 hover:underline">
                        {entry.question}
                      </a>
                    </li>
                  ))}
                </ol>
              </nav>
              <FaqList entries={category.entries} />
            </section>
          )}

          <aside aria-labelledby="faq-contact" className="mt-12 rounded-2xl border border-slate-200 p-6">
            <h2 id="faq-contact" className="text-lg font-bold text-ink">
              {FAQ_PAGE.contactHeading}
            </h2>
            <p className="mt-1 text-muted">
              {FAQ_PAGE.contactBody}{" "}
              <a
                href={`mailto:${business.supportEmail}`}
                className="font-semibold text-brand underline underline-offset-4"
              >
                {business.supportEmail}
              </a>
            </p>
          </aside>
        </div>
      </div>
    </>
  );
}

function FaqList({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <div className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
      {entries.map((entry) => (
        <article
          key={entry.id}
          id={entry.id}
          aria-labelledby={`${entry.id}-q`}
          className="scroll-mt-36 py-6 lg:scroll-mt-24"
        >
          <h3 id={`${entry.id}-q`} className="text-lg font-bold text-ink">
            {entry.question}
          </h3>
          <p className="mt-2 leading-7 text-ink">{entry.answer}</p>
          {entry.links ? (
            <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold">
              {entry.links.map((link) => (
                <ContentLink key={link.to} link={link} />
              ))}
            </p>
          ) : null}
        </article>
      ))}
    </div>
  );
}
