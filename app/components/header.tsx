import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import * as RadixDialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { EXTERNAL, SITE } from "~/content/links";
import {
  COMPANY_NAV,
  PRIMARY_NAV,
  QUICK_WINS_NAV,
  QUICK_WINS_TITLE,
} from "~/content/navigation";
import { CartIcon, ChevronIcon, HeartIcon, MenuIcon } from "./icons";
import { Logo } from "./logo";
import { SearchBox } from "./search-box";
import { UserMenu } from "./user-menu";
import { useSignIn } from "./sign-in-context";
import { buttonClass } from "./ui/button";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-1.5 text-sm font-medium hover:text-brand ${isActive ? "text-brand" : "text-ink"}`;

const menuItemClass =
  "flex cursor-pointer items-center justify-between rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-soft";

export function Header({
  cartCount,
  user,
}: {
  cartCount: number;
  user: { name: string; email: string } | null;
}) {
  const signedIn = user !== null;
  const { openSignIn } = useSignIn();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link to="/" aria-label={`${SITE.name} home`} className="shrink-0">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-2 hidden items-center gap-1 md:flex">
          {PRIMARY_NAV.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium hover:text-brand">
              More <ChevronIcon />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="start"
                sideOffset={8}
                className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
              >
                {COMPANY_NAV.map((link) => (
                  <DropdownMenu.Item key={link.to} asChild className={menuItemClass}>
                    <Link to={link.to}>{link.label}</Link>
                  </DropdownMenu.Item>
                ))}
                <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
                <DropdownMenu.Sub>
                  <DropdownMenu.SubTrigger className={menuItemClass}>
                    {QUICK_WINS_TITLE} <ChevronIcon direction="right" />
                  </DropdownMenu.SubTrigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.SubContent
                      sideOffset={6}
                      className="z-50 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
                    >
                      {QUICK_WINS_NAV.map((link) => (
                        <DropdownMenu.Item key={link.to} asChild className={menuItemClass}>
                          <Link to={link.to}>{link.label}</Link>
                        </DropdownMenu.Item>
                      ))}
                    </DropdownMenu.SubContent>
                  </DropdownMenu.Portal>
                </DropdownMenu.Sub>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <a href={SITE.bookingUrl} {...EXTERNAL}>
                    Book a call with a merch expert
                  </a>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className={menuItemClass}>
                  <a href={SITE.founderChatUrl} {...EXTERNAL}>
                    Chat with the founders
                  </a>
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </nav>

        <SearchBox className="ml-auto hidden w-full max-w-xs lg:block" />

        <div className="ml-auto flex items-center gap-1 lg:ml-2">
          {signedIn ? (
            <Link to="/favorites" className="rounded-full p-2 hover:bg-slate-100" aria-label="Favourites">
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
      <div className="border-t border-slate-100 px-4 py-2 lg:hidden">
        <SearchBox />
      </div>

      <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} onSignIn={() => openSignIn()} signedIn={signedIn} />
    </header>
  );
}

function MobileDrawer(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignIn: () => void;
  signedIn: boolean;
}) {
  const close = () => props.onOpenChange(false);
  const linkClass = "block rounded-md px-3 py-2 text-base hover:bg-brand-soft";
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <RadixDialog.Content className="fixed inset-y-0 right-0 z-50 w-[min(88vw,22rem)] overflow-y-auto bg-white p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-bold">Menu</RadixDialog.Title>
            <RadixDialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close menu">
              <ChevronIcon direction="right" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">Site navigation</RadixDialog.Description>
          <nav aria-label="Mobile" className="mt-4 space-y-6">
            <ul>
              {[...PRIMARY_NAV, { to: "/products/drinkware", label: "Drinkware" }].map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={close} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {props.signedIn ? (
                <li>
                  <Link to="/favorites" onClick={close} className={linkClass}>
                    Favourites
                  </Link>
                </li>
              ) : null}
            </ul>
            <div>
              <p className="px-3 text-xs font-semibold uppercase tracking-wide text-muted">Company</p>
              <ul>
                {COMPANY_NAV.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} onClick={close} className={linkClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <p className="px-3 text-xs font-semibold uppercase tracking-wide text-muted">{QUICK_WINS_TITLE}</p>
              <ul>
                {QUICK_WINS_NAV.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} onClick={close} className={linkClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
            <div className="space-y-2 border-t border-slate-100 pt-4">
              <a href={SITE.bookingUrl} {...EXTERNAL} className={buttonClass("primary", "w-full")}>
                Book a call with a merch expert
              </a>
              <a href={SITE.founderChatUrl} {...EXTERNAL} className={buttonClass("secondary", "w-full")}>
                Chat with the founders
              </a>
              {props.signedIn ? null : (
                <button
                  type="button"
                  className={buttonClass("ghost", "w-full")}
                  onClick={() => {
                    close();
                    props.onSignIn();
                  }}
                >
                  Sign up or sign in
                </button>
              )}
            </div>
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
