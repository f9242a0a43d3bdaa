/** The navigation drawer of small screens, opened by the header's menu button. */
import * as RadixDialog from "@radix-ui/react-dialog";
import { Link } from "react-router";
import { EXTERNAL, founderChatUrl } from "~/content/links";
import type { PublicBusiness } from "~/domain/people/business-profile";
import { COMPANY_NAV, drawerNav, QUICK_WINS_NAV, QUICK_WINS_TITLE, type NavLink } from "~/content/navigation";
import { ChevronIcon } from "../ui/icons";
import { buttonClass } from "../ui/button";
import { useReturnFocusOnClose } from "../ui/dialog";
import { useShopCategories } from "../ui/root-data";

const FAVOURITES = { to: "/favorites", label: "Favourites" };

/** The small screens' navigation drawer, loaded when the menu button is first pressed. */
export default function MobileDrawer(props: {
  onClose: () => void;
  onSignIn: () => void;
  signedIn: boolean;
  business: PublicBusiness | undefined;
}) {
  const business = props.business;
  const close = props.onClose;
  const shopCategories = useShopCategories();
  const returnFocus = useReturnFocusOnClose();
  const linkClass = "block rounded-md px-3 py-2 text-base hover:bg-brand-soft";
  return (
    <RadixDialog.Root open onOpenChange={(open) => open || close()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 right-0 z-50 w-[min(88vw,22rem)] overflow-y-auto bg-white p-5 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-bold">Menu</RadixDialog.Title>
            <RadixDialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close menu">
              <ChevronIcon direction="right" className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">Site navigation</RadixDialog.Description>
          <nav aria-label="Mobile" className="mt-4 space-y-6">
            <LinkList
              links={[...drawerNav(shopCategories), ...(props.signedIn ? [FAVOURITES] : [])]}
              linkClassName={linkClass}
              onFollow={close}
            />
            <div>
              <p id="drawer-company" className="px-3 text-xs font-semibold uppercase tracking-wide text-muted">
                Company
              </p>
              <LinkList links={COMPANY_NAV} linkClassName={linkClass} labelledBy="drawer-company" onFollow={close} />
            </div>
            <div>
              <p id="drawer-quick-wins" className="px-3 text-xs font-semibold uppercase tracking-wide text-muted">
                {QUICK_WINS_TITLE}
              </p>
              <LinkList
                links={QUICK_WINS_NAV}
                linkClassName={linkClass}
                labelledBy="drawer-quick-wins"
                onFollow={close}
              />
            </div>
            <div className="space-y-2 border-t border-slate-100 pt-4">
              {business ? (
                <>
                  <a href={business.bookingUrl} {...EXTERNAL} className={buttonClass("primary", "w-full")}>
                    Book a call with a merch expert
                  </a>
                  <a href={founderChatUrl(business)} {...EXTERNAL} className={buttonClass("secondary", "w-full")}>
                    Chat with the founders
                  </a>
                </>
              ) : null}
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

/** One of the drawer's lists of links. */
function LinkList(props: { links: NavLink[]; linkClassName: string; labelledBy?: string; onFollow?: () => void }) {
  return (
    <ul aria-labelledby={props.labelledBy}>
      {props.links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} onClick={props.onFollow} className={props.linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
