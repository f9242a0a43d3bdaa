/**
 * The site's sticky header: logo, navigation, search, the price toggle, favourites, cart, the
 * account menu and the phone drawer.
 */
import { useState, type ComponentProps } from "react";
import { Link, NavLink } from "react-router";
import { EXTERNAL, founderChatUrl, SITE } from "~/content/links";
import type { PublicBusiness } from "~/domain/people/business-profile";
import {
  COMPANY_NAV,
  primaryNav,
  QUICK_WINS_NAV,
  QUICK_WINS_TITLE,
  type NavLink as NavLinkItem,
} from "~/content/navigation";
import { CartIcon, ChevronIcon, HeartIcon, MenuIcon } from "../ui/icons";
import { Logo } from "./logo";
import { PriceModeToggle } from "./price-mode-toggle";
import { SearchBox } from "./search-box";
import { UserMenu } from "./user-menu";
import { useShopCategories } from "../ui/root-data";
import { useSignIn } from "./sign-in-context";
import { buttonClass } from "../ui/button";
import { DisclosureMenu } from "../ui/disclosure-menu";
import { useLoaded } from "../ui/use-loaded";

/**
 * The drawer's code (and Radix's dialog) is fetched when the menu is first opened (the JavaScript
 * budget in README.md).
 */
const loadDrawer = () => import("./mobile-drawer");

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-1.5 text-sm font-medium hover:text-brand ${isActive ? "text-brand" : "text-ink"}`;

const menuLinkClass = "block rounded-md px-3 py-2 text-sm hover:bg-brand-soft focus-visible:bg-brand-soft";

function MenuLinks({ links, ...list }: { links: NavLinkItem[] } & ComponentProps<"ul">) {
  return (
    <ul {...list}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={menuLinkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Header({
  cartCount,
  user,
  business,
}: {
  cartCount: number;
  user: { name: string; email: string } | null;
  /** Missing only around an error page whose root failed: the call and chat links are left out. */
  business: PublicBusiness | undefined;
}) {
  const signedIn = user !== null;
  const { openSignIn } = useSignIn();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const shopCategories = useShopCategories();
  const MobileDrawer = useLoaded(loadDrawer, drawerOpen)?.default;

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to="/" aria-label={`${SITE.name} home`} className="shrink-0">
          {/* Below 360 px the mark alone, so the row fits a 320 px screen. */}
          <Logo wordmarkClassName="max-[359px]:sr-only" />
        </Link>

        <nav aria-label="Main" className="ml-2 hidden items-center gap-1 md:flex">
          {primaryNav(shopCategories).map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <DisclosureMenu
            buttonClassName="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium hover:text-brand"
            button={(open) => (
              <>
                More <ChevronIcon direction={open ? "up" : "down"} />
              </>
            )}
            panelClassName="absolute left-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
          >
            <MenuLinks links={COMPANY_NAV} />
            <p
              id="more-quick-wins"
              className="mt-1 border-t border-slate-100 px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-muted"
            >
              {QUICK_WINS_TITLE}
            </p>
            <MenuLinks links={QUICK_WINS_NAV} aria-labelledby="more-quick-wins" />
            {business ? (
              <ul className="mt-1 border-t border-slate-100 pt-1">
                <li>
                  <a href={business.bookingUrl} {...EXTERNAL} className={menuLinkClass}>
                    Book a call with a merch expert
                  </a>
                </li>
                <li>
                  <a href={founderChatUrl(business)} {...EXTERNAL} className={menuLinkClass}>
                    Chat with the founders
                  </a>
                </li>
              </ul>
            ) : null}
          </DisclosureMenu>
        </nav>

        <SearchBox className="ml-auto hidden w-full max-w-xs lg:block" />
        {/* Wide screens: beside the search box. Narrower ones: in the row below, always in view. */}
        <PriceModeToggle className="hidden shrink-0 xl:flex" />

        <div className="ml-auto flex items-center gap-1 lg:ml-2">
          {signedIn ? (
            // On phones the account menu and the drawer list Favourites: the row has no room for it
            // beside the menu and the drawer's buttons (the page was 380 px wide at 375).
            <Link
              to="/favorites"
              className="hidden rounded-full p-2 hover:bg-slate-100 sm:block"
              aria-label="Favourites"
            >
              <HeartIcon />
            </Link>
          ) : (
            <button
              type="button"
              className="rounded-full p-2 hover:bg-slate-100"
              aria-label="Favourites (sign in required)"
              onClick={() => openSignIn("Sign in to save and see your favourites.")}
            >
              <HeartIcon />
            </button>
          )}
          <Link
            to="/cart"
            className="relative rounded-full p-2 hover:bg-slate-100"
            aria-label={cartCount > 0 ? `Cart, ${cartCount} item(s)` : "Cart"}
          >
            <CartIcon />
            {cartCount > 0 ? (
              <span
                data-testid="cart-badge"
                className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand px-1 text-center text-xs font-bold leading-5 text-white"
              >
                {cartCount}
              </span>
            ) : null}
          </Link>
          {user ? (
            <UserMenu user={user} />
          ) : (
            <span className="ml-1 hidden sm:block">
              <Link to="/sign-up" className={buttonClass("primary", "whitespace-nowrap")}>
                Sign up
              </Link>
            </span>
          )}
          <button
            type="button"
            className="rounded-md p-2 hover:bg-slate-100 md:hidden"
            aria-label="Open menu"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      <div className="flex items-center gap-3 border-t border-slate-100 px-4 py-2 xl:hidden">
        <SearchBox className="min-w-0 flex-1 lg:hidden" />
        <PriceModeToggle className="ml-auto shrink-0" />
      </div>

      {drawerOpen && MobileDrawer ? (
        <MobileDrawer
          onClose={() => setDrawerOpen(false)}
          onSignIn={() => openSignIn()}
          signedIn={signedIn}
          business={business}
        />
      ) : null}
    </header>
  );
}
