/** The home page's persona buttons: each opens that audience's list of benefits. */
import { useState } from "react";
import { CheckIcon } from "~/components/ui/icons";
import { PERSONA_SECTION } from "~/content/home";
import { HomeSection } from "./home-section";

/**
 * R-HOME-06/07: one disclosure button per persona. A click opens that persona's benefits, a second
 * click closes them, and opening one closes any other.
 */
export function PersonaSelector() {
  const [openSlug, setOpenSlug] = useState<string | null>(null);
  const { personas } = PERSONA_SECTION;

  return (
    <HomeSection id="home-personas" title={PERSONA_SECTION.heading} intro={PERSONA_SECTION.intro}>
      <ul className="flex flex-wrap gap-3">
        {personas.map((persona) => {
          const open = openSlug === persona.slug;
          return (
            <li key={persona.slug}>
              <button
                type="button"
                id={`persona-${persona.slug}-button`}
                aria-expanded={open}
                aria-controls={`persona-${persona.slug}-panel`}
                onClick={() => setOpenSlug(open ? null : persona.slug)}
                className={`rounded-full border px-5 py-2.5 text-sm font-semibold transition-colors ${
                  open
                    ? "border-brand bg-brand text-white hover:bg-brand-dark"
                    : "border-slate-300 bg-white text-ink hover:border-brand hover:text-brand"
                }`}
              >
                {persona.name}
              </button>
            </li>
          );
        })}
      </ul>

      {personas.map((persona) => (
        <div
          key={persona.slug}
          id={`persona-${persona.slug}-panel`}
          role="region"
          aria-labelledby={`persona-${persona.slug}-button`}
          hidden={openSlug !== persona.slug}
          className="mt-6 rounded-2xl border border-brand/30 bg-brand-soft p-6"
        >
          <p className="text-sm font-semibold text-brand">{persona.audiences}</p>
          <ul className="mt-3 space-y-2">
            {persona.benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-ink">
                <CheckIcon className="mt-1 h-4 w-4 shrink-0 text-brand" />
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </HomeSection>
  );
}
