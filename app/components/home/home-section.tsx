/** One band of the home page, with its own h2 heading, intro and tone. */
import type { ReactNode } from "react";

const tones = {
  plain: { section: "bg-white", heading: "text-ink", intro: "text-muted" },
  soft: { section: "bg-brand-soft", heading: "text-ink", intro: "text-muted" },
  brand: { section: "bg-brand text-white", heading: "text-white", intro: "text-brand-soft" },
} as const;

/** A home page band: a landmark named by its own h2, so the page outline reads h1 → h2 → h2… */
export function HomeSection(props: {
  id: string;
  title: string;
  intro?: string;
  tone?: keyof typeof tones;
  action?: ReactNode;
  children: ReactNode;
}) {
  const tone = tones[props.tone ?? "plain"];
  const headingId = `${props.id}-heading`;
  return (
    <section id={props.id} aria-labelledby={headingId} className={tone.section}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id={headingId} className={`text-3xl font-extrabold tracking-tight sm:text-4xl ${tone.heading}`}>
              {props.title}
            </h2>
            {props.intro ? <p className={`mt-3 text-lg ${tone.intro}`}>{props.intro}</p> : null}
          </div>
          {props.action}
        </div>
        <div className="mt-10">{props.children}</div>
      </div>
    </section>
  );
}
