/** The site's footer: logo, support e-mail, charity pledge, the link columns and the company's registered details. */
import { lazy, startTransition, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import { SITE } from "~/content/links";
import { type PublicBusiness, registeredIn } from "~/domain/people/business-profile";
import { COMPANY_NAV, LEGAL_NAV, QUICK_WINS_NAV, QUICK_WINS_TITLE, shopNav } from "~/content/navigation";
import { CHARITY_TRIGGER_CLASS, charityTriggerText } from "./charity-trigger";
import { Logo } from "./logo";
import { useShopCategories } from "../ui/root-data";

/** The site's footer; `business` is missing only around an error page whose root failed. */
export function Footer({ year, business }: { year: number; business: PublicBusiness | undefined }) {
  const shopCategories = useShopCategories();
  return (
    <footer className="mt-16 bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <div className="[&_span]:text-white">
            <Logo />
          </div>
          <p className="mt-3 text-sm">
            Custom branded merch for teams, sourced direct from factories and quality-checked in {SITE.city}.
          </p>
          {business ? (
            <>
              <p className="mt-3 text-sm">
                <a className="underline hover:text-white" href={`mailto:${business.supportEmail}`}>
                  {business.supportEmail}
                </a>
              </p>
              <CharityNote pledge={business.charityPledge} />
            </>
          ) : null}
        </div>
        <FooterColumn title="Shop" links={shopNav(shopCategories)} />
        <FooterColumn
          title="Company"
          links={[...COMPANY_NAV, { to: "/how-it-works", label: "How it works" }, { to: "/contact", label: "Contact" }]}
        />
        <FooterColumn title={QUICK_WINS_TITLE} links={QUICK_WINS_NAV} />
        <FooterColumn title="Legal" links={LEGAL_NAV} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto max-w-7xl space-y-1 px-4 py-5 text-xs text-slate-400">
          <p>
            © {year} {business?.legalName ?? SITE.name}. All prices in GBP.
          </p>
          {/* A UK company's website names its number, where it is registered and its registered office. */}
          {business ? (
            <p>
              Registered in {registeredIn(business.companyNumber)}, company number {business.companyNumber}. Registered
              office: {business.registeredOffice.join(", ")}.
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}

function FooterColumn(props: { title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={props.title}>
      <h2 className="text-sm font-semibold text-white">{props.title}</h2>
      <ul className="mt-3 space-y-2">
        {props.links.map((item) => (
          <li key={item.to}>
            <Link className="text-sm text-slate-300 hover:text-white" to={item.to}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const CharityPopover = lazy(() => import("./charity-popover"));

/**
 * The charity note: its popover opens on hover and on click or tap (R-FOOT-06). Until the visitor
 * first reaches for it, the trigger is a plain button and Radix's popover is not downloaded.
 */
function CharityNote({ pledge }: { pledge: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [takeFocus, setTakeFocus] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hoverOpen = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hoverClose = () => {
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };
  // A transition keeps the placeholder on screen until the popover's code has arrived.
  const load = () => startTransition(() => setWanted(true));

  const placeholder = (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={CHARITY_TRIGGER_CLASS}
      onMouseEnter={() => {
        load();
        hoverOpen();
      }}
      onMouseLeave={hoverClose}
      onFocus={load}
      onClick={(event) => {
        setTakeFocus(document.activeElement === event.currentTarget);
        load();
        setOpen(true);
      }}
    >
      {charityTriggerText(pledge)}
    </button>
  );
  if (!wanted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CharityPopover
        open={open}
        onOpenChange={setOpen}
        onHoverOpen={hoverOpen}
        onHoverClose={hoverClose}
        takeFocus={takeFocus}
        pledge={pledge}
      />
    </Suspense>
  );
}
