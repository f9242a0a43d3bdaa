/** Cards linking to the quick-win guides. */
import { Link } from "react-router";
import { QUICK_WINS } from "~/content/quick-wins";

/** Cards linking to the quick-win guides (B-12), optionally leaving out the one being read. */
export function QuickWinList({ heading, exclude }: { heading: string; exclude?: string }) {
  return (
    <section aria-labelledby="quick-win-guides" className="mt-12">
      <h2 id="quick-win-guides" className="text-2xl font-extrabold tracking-tight text-ink">
        {heading}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {QUICK_WINS.filter((page) => page.slug !== exclude).map((page) => (
          <li key={page.slug}>
            <Link
              to={`/quick-wins/${page.slug}`}
              className="block h-full rounded-2xl border border-slate-200 p-5 hover:border-brand hover:bg-brand-soft"
            >
              <span className="block font-bold text-brand">{page.title}</span>
              <span className="mt-1 block text-sm text-muted">{page.lead}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
