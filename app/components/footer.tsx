import * as Popover from "@radix-ui/react-popover";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { CATEGORIES } from "~/catalogue/categories";
import { EXTERNAL, SITE } from "~/content/links";
import { COMPANY_NAV, LEGAL_NAV, QUICK_WINS_NAV, QUICK_WINS_TITLE } from "~/content/navigation";
import { Logo } from "./logo";

export function Footer({ year }: { year: number }) {
  const heading = "text-sm font-semibold text-white";
  const link = "text-sm text-slate-300 hover:text-white";
  return (
    <footer className="mt-16 bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <div className="[&_span]:text-white">
            <Logo />
          </div>
          <p className="mt-3 text-sm">
            Custom branded merch for teams, sourced direct from factories and quality-checked in{" "}
            {SITE.city}.
          </p>
          <p className="mt-3 text-sm">
            <a className="underline hover:text-white" href={`mailto:${SITE.supportEmail}`}>
              {SITE.supportEmail}
            </a>
          </p>
          <CharityNote />
        </div>
        <FooterColumn title="Shop" headingClass={heading}>
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <Link className={link} to={`/products/${category.slug}`}>
                {category.name}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Company" headingClass={heading}>
          {COMPANY_NAV.map((item) => (
            <li key={item.to}>
              <Link className={link} to={item.to}>
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <Link className={link} to="/how-it-works">
              How it works
            </Link>
          </li>
          <li>
            <Link className={link} to="/contact">
              Contact
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title={QUICK_WINS_TITLE} headingClass={heading}>
          {QUICK_WINS_NAV.map((item) => (
            <li key={item.to}>
              <Link className={link} to={item.to}>
                {item.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Legal" headingClass={heading}>
          {LEGAL_NAV.map((item) => (
            <li key={item.to}>
              <Link className={link} to={item.to}>
                {item.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-slate-400">
          © {year} {SITE.name} Ltd, {SITE.city}. All prices in GBP.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn(props: { title: string; headingClass: string; children: React.ReactNode }) {
  return (
    <nav aria-label={props.title}>
      <h2 className={props.headingClass}>{props.title}</h2>
      <ul className="mt-3 space-y-2">{props.children}</ul>
    </nav>
  );
}

/** The charity note: its popover opens on hover and on click or tap (R-FOOT-06). */
function CharityNote() {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hoverOpen = () => {
    clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hoverClose = () => {
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="mt-4 text-left text-sm text-slate-200 underline decoration-dotted underline-offset-4 hover:text-white"
        onMouseEnter={hoverOpen}
        onMouseLeave={hoverClose}
      >
        {SITE.charityShare} goes to two cancer charities
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={8}
          onMouseEnter={hoverOpen}
          onMouseLeave={hoverClose}
          className="z-50 w-72 rounded-xl bg-white p-4 text-sm text-ink shadow-xl"
        >
          <p>
            We give {SITE.charityShare} to two UK cancer charities, every quarter:
          </p>
          <ul className="mt-2 space-y-1">
            {SITE.charities.map((charity) => (
              <li key={charity.url}>
                <a className="font-semibold text-brand underline" href={charity.url} {...EXTERNAL}>
                  {charity.name}
                </a>
              </li>
            ))}
          </ul>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
