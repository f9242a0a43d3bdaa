/** The header's account menu for a signed-in user: the account pages and sign-out. */
import { Form, Link } from "react-router";
import { ChevronIcon } from "../ui/icons";
import { DisclosureMenu } from "../ui/disclosure-menu";

const itemClass = "block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-brand-soft focus-visible:bg-brand-soft";

/** The signed-in user's menu: account pages and sign-out, which returns to / (R-HEAD-07). */
export function UserMenu({ user }: { user: { name: string; email: string } }) {
  const initials = user.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <DisclosureMenu
      buttonLabel={`Account menu for ${user.name}`}
      buttonClassName="ml-1 inline-flex items-center gap-1 rounded-full border border-slate-200 py-1 pl-1 pr-2 hover:border-brand"
      button={(open) => (
        <>
          <span
            aria-hidden="true"
            className="flex h-7 w-7 items-center justify-center rounded-full bg-brand text-xs font-bold text-white"
          >
            {initials || "?"}
          </span>
          <ChevronIcon direction={open ? "up" : "down"} />
        </>
      )}
      panelClassName="absolute right-0 top-full z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
    >
      <p className="px-3 py-2 text-xs text-muted">
        Signed in as <span className="font-semibold text-ink">{user.name}</span>
      </p>
      <ul>
        <li>
          <Link to="/account" className={itemClass}>
            Account & security
          </Link>
        </li>
        <li>
          <Link to="/orders" className={itemClass}>
            Your orders
          </Link>
        </li>
        <li>
          <Link to="/quotes" className={itemClass}>
            Your quotes
          </Link>
        </li>
        <li>
          <Link to="/favorites" className={itemClass}>
            Favourites
          </Link>
        </li>
        <li>
          <Link to="/shopping-list" className={itemClass}>
            Shopping list
          </Link>
        </li>
      </ul>
      <Form method="post" action="/sign-out" className="mt-1 border-t border-slate-100 pt-1">
        <input type="hidden" name="scope" value="local" />
        <button type="submit" className={itemClass}>
          Sign out
        </button>
      </Form>
    </DisclosureMenu>
  );
}
