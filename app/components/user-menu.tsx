import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Link, useSubmit } from "react-router";
import { ChevronIcon } from "./icons";

const itemClass =
  "flex w-full cursor-pointer items-center rounded-md px-3 py-2 text-left text-sm outline-none data-[highlighted]:bg-brand-soft";

/** The signed-in user's menu: account pages and sign-out, which returns to / (R-HEAD-07). */
export function UserMenu({ user }: { user: { name: string; email: string } }) {
  const submit = useSubmit();
  const initials = user.name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.name}`}
        className="ml-1 inline-flex items-center gap-1 rounded-full border border-slate-200 py-1 pl-1 pr-2 hover:border-brand"
      >
        <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded-full bg-brand text-xs font-bold text-white">
          {initials || "?"}
        </span>
        <ChevronIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          <DropdownMenu.Label className="px-3 py-2 text-xs text-muted">
            Signed in as <span className="font-semibold text-ink">{user.name}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account">Account & security</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/orders">Your orders</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/favorites">Favourites</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/shopping-list">Shopping list</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {/* The menu closes (and unmounts) on select, so the sign-out is submitted from here. */}
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => submit({ scope: "local" }, { method: "post", action: "/sign-out" })}
          >
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
