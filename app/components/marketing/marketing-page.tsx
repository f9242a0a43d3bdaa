/**
 * The parts of the content pages: the hero band, links in and out of the site, the closing call to
 * action and prose.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CALL_TO_ACTION } from "~/content/call-to-action";
import { EXTERNAL, founderChatUrl, NEW_TAB_NOTE } from "~/content/links";
import { useBusiness } from "../ui/root-data";
import { buttonClass } from "../ui/button";

/** The top band of a content page: the page's one h1 and its lead. */
export function PageHero(props: { eyebrow?: string; title: string; lead?: string; children?: ReactNode }) {
  return (
    <section className="bg-brand-soft">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
        {props.eyebrow ? (
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">{props.eyebrow}</p>
        ) : null}
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink sm:text-5xl">{props.title}</h1>
        {props.lead ? <p className="mt-4 max-w-3xl text-lg text-muted">{props.lead}</p> : null}
        {props.children}
      </div>
    </section>
  );
}

/** A link that leaves the site: new tab, no opener, and says so to screen readers (R-HEAD-12). */
export function ExternalLink(props: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={props.href} {...EXTERNAL} className={props.className}>
      {props.children}
      <span className="sr-only"> {NEW_TAB_NOTE}</span>
    </a>
  );
}

/** A link of the content (an FAQ answer, a page's further reading): in the shop, or out of it in a new tab. */
export function ContentLink({ link }: { link: { to: string; label: string; external?: boolean } }) {
  const className = "text-brand underline underline-offset-4";
  return link.external ? (
    <ExternalLink href={link.to} className={className}>
      {link.label}
    </ExternalLink>
  ) : (
    <Link to={link.to} className={className}>
      {link.label}
    </Link>
  );
}

/**
 * The invitation to book a 15-minute call with a merch expert (which also serves to request a new
 * product) and to chat with the founders (R-MKT-01, R-MKT-11, R-MKT-12).
 */
export function CallToAction(props: { heading?: string; body?: string; showBrowse?: boolean }) {
  const business = useBusiness();
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-5xl px-4 py-12">
      <div className="flex flex-col gap-6 rounded-2xl bg-ink p-6 text-white sm:p-10">
        <div className="max-w-2xl">
          <h2 id="cta-heading" className="text-2xl font-extrabold tracking-tight">
            {props.heading ?? CALL_TO_ACTION.heading}
          </h2>
          <p className="mt-2 text-slate-200">{props.body ?? CALL_TO_ACTION.body}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <ExternalLink href={business.bookingUrl} className={buttonClass("primary", "px-5 py-3")}>
            {CALL_TO_ACTION.bookCall}
          </ExternalLink>
          <ExternalLink
            href={founderChatUrl(business)}
            className="inline-flex items-center justify-center gap-2 rounded-lg border border-white px-5 py-3 text-sm font-semibold text-white transition-colors hover:bg-white/10"
          >
            {CALL_TO_ACTION.founderChat}
          </ExternalLink>
          {props.showBrowse ? (
            <Link
              to="/products"
              className="self-center px-2 text-sm font-semibold text-white underline underline-offset-4"
            >
              {CALL_TO_ACTION.browse}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}

/** Readable paragraphs at a comfortable measure. */
export function Prose({ paragraphs, className = "" }: { paragraphs: readonly string[]; className?: string }) {
  return (
    <div className={`space-y-4 text-base leading-7 text-ink ${className}`}>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </div>
  );
}
