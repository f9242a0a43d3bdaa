/** The FAQs page's category list, in the sidebar and in the drawer. */
import type { FaqCategory } from "~/content/faqs";

/**
 * The category list of the sidebar and the drawer. Real links (?category=…) so it works before
 * JavaScript loads; once it has, a click switches category in place.
 */
export function FaqCategoryLinks(props: {
  categories: readonly FaqCategory[];
  selected: string;
  onSelect: (slug: string) => void;
  className?: string;
}) {
  return (
    <ul className={`space-y-1 ${props.className ?? ""}`}>
      {props.categories.map((category) => {
        const current = category.slug === props.selected;
        return (
          <li key={category.slug}>
            <a
              href={`/faqs?category=${category.slug}`}
              aria-current={current ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                props.onSelect(category.slug);
              }}
              className={`flex items-center justify-between rounded-lg px-3 py-2 text-sm font-medium ${
                current ? "bg-brand text-white" : "text-ink hover:bg-brand-soft"
              }`}
            >
              {category.name}
              <span className={`text-xs ${current ? "text-white" : "text-muted"}`}>
                <span className="sr-only">, </span>
                {category.entries.length}
                <span className="sr-only"> questions</span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
