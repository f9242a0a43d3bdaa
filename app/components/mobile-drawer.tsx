import * as RadixDialog from "@radix-ui/react-dialog";
import { Link } from "react-router";
import { EXTERNAL, SITE } from "~/content/links";
import { COMPANY_NAV, PRIMARY_NAV, QUICK_WINS_NAV, QUICK_WINS_TITLE } from "~/content/navigation";
import { ChevronIcon } from "./icons";
import { buttonClass } from "./ui/button";
import { useReturnFocusOnClose } from "./ui/dialog";

/** The small screens' navigation drawer, loaded when the menu button is first pressed. */
export default function MobileDrawer(props: { onClose: () => void; onSignIn: () => void; signedIn: boolean }) {
  const close = props.onClose;
  const returnFocus = useReturnFocusOnClose();
  const linkClass = "block rounded-md px-3 py-2 text-base hover:bg-brand-soft";
  return (
    <RadixDialog.Root open onOpenChange={(open) => open || close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 right-0 z-50 w-[min(88vw,22rem)] overflow-y-auto bg-white p-5 shadow-xl">
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
