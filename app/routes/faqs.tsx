import type { Route } from "./+types/faqs";
import { FaqBrowser } from "~/components/marketing/faq-browser";
import { useMemo } from "react";
import { useBusiness } from "~/components/ui/root-data";
import { FAQ_PAGE, faqCategories } from "~/content/faqs";
import { SITE } from "~/content/links";
import { appContextOf } from "~/server/accounts/request-context.server";

export function loader({ request, context }: Route.LoaderArgs) {
  // ?category and ?q make the first render right without JavaScript (the sidebar links and the
  // search form fall back to them); an unknown category is just the first one.
  const url = new URL(request.url);
  const requested = url.searchParams.get("category");
  const categories = faqCategories(appContextOf(context).business);
  const category = categories.find((c) => c.slug === requested) ?? categories[0];
  return { category: category?.slug ?? "", query: (url.searchParams.get("q") ?? "").slice(0, 200) };
}

export default function FaqsRoute({ loaderData }: Route.ComponentProps) {
  const business = useBusiness();
  const categories = useMemo(() => faqCategories(business), [business]);
  return <FaqBrowser categories={categories} initialCategory={loaderData.category} initialQuery={loaderData.query} />;
}

export function meta() {
  return [{ title: `FAQs | ${SITE.name}` }, { name: "description", content: FAQ_PAGE.metaDescription }];
}
