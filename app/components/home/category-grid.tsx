/** The home page's "Browse by category": a card per category that has products, "Other" last. */
import { Link } from "react-router";
import { homeCategoryOrder } from "~/catalogue/categories";
import { ChevronIcon } from "~/components/ui/icons";
import { CATEGORY_SECTION } from "~/content/home";
import { useShopCategories } from "../ui/root-data";
import { HomeSection } from "./home-section";

/**
 * R-HOME-03/04: a card per promoted category (visible, with products), in the operator's order with
 * 'Other' last (docs/decisions/068-categories-are-data.md), two columns then three from md.
 */
export function CategoryGrid() {
  const categories = homeCategoryOrder(useShopCategories());
  return (
    <HomeSection id="home-categories" title={CATEGORY_SECTION.heading} intro={CATEGORY_SECTION.intro}>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={`/products/${category.slug}`}
              className="group flex h-full min-h-28 flex-col justify-between rounded-2xl border border-slate-200 bg-brand-soft p-5 transition-colors hover:border-brand hover:bg-brand sm:p-6"
            >
              <span className="text-lg font-bold text-ink group-hover:text-white sm:text-xl">{category.name}</span>
              <span
                aria-hidden="true"
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand group-hover:text-white"
              >
                {CATEGORY_SECTION.cardAction} <ChevronIcon direction="right" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
