import { PageHero } from "~/components/marketing/marketing-page";
import { QuickWinList } from "~/components/marketing/quick-win-list";
import { SITE } from "~/content/links";
import { BLOG_PAGE } from "~/content/quick-wins";

// No loader: there are no posts yet, and the page says so (B-12).

export default function BlogRoute() {
  return (
    <>
      <PageHero title={BLOG_PAGE.title} lead={BLOG_PAGE.lead} />
      <div className="mx-auto max-w-5xl px-4 py-12">
        <section
          aria-labelledby="no-posts"
          className="rounded-2xl border border-dashed border-slate-300 p-8 text-center"
        >
          <h2 id="no-posts" className="text-xl font-bold text-ink">
            {BLOG_PAGE.emptyHeading}
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-muted">{BLOG_PAGE.emptyBody}</p>
        </section>
        <QuickWinList heading={BLOG_PAGE.guidesHeading} />
      </div>
    </>
  );
}

export function meta() {
  return [{ title: `${BLOG_PAGE.title} | ${SITE.name}` }, { name: "description", content: BLOG_PAGE.metaDescription }];
}
