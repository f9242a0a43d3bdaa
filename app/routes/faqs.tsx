import type { Route } from "./+types/faqs";
import { FaqBrowser } from "~/components/faq-browser";
import { FAQ_CATEGORIES, FAQ_PAGE } from "~/content/faqs";
import { SITE } from "~/content/links";

export function loader({ request }: Route.LoaderArgs) {
  // ?category and ?q make the first render right without JavaScript (the sidebar links and the
  // search form fall back to them); an unknown category is just the first one.
  const url = new URL(request.url);
  const requested = url.searchParams.get("category");
  const category = FAQ_CATEGORIES.find((c) => c.slug === requested) ?? FAQ_CATEGORIES[0];
  return { category: category?.slug ?? "", query: (url.searchParams.get("q") ?? "").slice(0, 200) };
}

export default function FaqsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <FaqBrowser categories={FAQ_CATEGORIES} initialCategory={loaderData.category} initialQuery={loaderData.query} />
  );
}

export function meta() {
  return [{ title: `FAQs | ${SITE.name}` }, { name: "description", content: FAQ_PAGE.metaDescription }];
}
