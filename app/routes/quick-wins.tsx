import { data } from "react-router";
import type { Route } from "./+types/quick-wins";
import { CallToAction, PageHero, Prose } from "~/components/marketing/marketing-page";
import { QuickWinList } from "~/components/marketing/quick-win-list";
import { SITE } from "~/content/links";
import { QUICK_WIN_PAGE, quickWinBySlug } from "~/content/quick-wins";
import { QUICK_WINS_TITLE } from "~/content/navigation";

export function loader({ params }: Route.LoaderArgs) {
  // Only the five guides exist (R-ROUTE-17); anything else is the not-found page.
  const page = quickWinBySlug(params.slug);
  if (!page) throw data(null, { status: 404 });
  return { slug: page.slug };
}

export default function QuickWinRoute({ loaderData }: Route.ComponentProps) {
  const page = quickWinBySlug(loaderData.slug);
  if (!page) return null;
  return (
    <>
      <PageHero eyebrow={QUICK_WINS_TITLE} title={page.title} lead={page.lead} />
      <div className="mx-auto max-w-5xl px-4 py-12">
        <Prose className="max-w-3xl text-lg" paragraphs={page.paragraphs} />
      </div>
      <CallToAction showBrowse />
      <div className="mx-auto max-w-5xl px-4 pb-4">
        <QuickWinList heading={QUICK_WIN_PAGE.moreHeading} exclude={page.slug} />
      </div>
    </>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const page = loaderData ? quickWinBySlug(loaderData.slug) : undefined;
  if (!page) return [{ title: `Page not found | ${SITE.name}` }];
  return [{ title: `${page.title} | ${SITE.name}` }, { name: "description", content: page.metaDescription }];
}
