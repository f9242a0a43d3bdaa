import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { INBOX_KINDS, INBOX_LABELS } from "~/domain/orders/admin-orders";
import { ADMIN_NO_STORE, requireStaff } from "~/server/accounts/admin-access.server";

/**
 * The operator back office's frame (B-7). Its check is repeated by every child loader and
 * action (app/server/accounts/admin-access.server.ts says why); anyone but staff sees the site's 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  return { staff: { name: staff.name, email: staff.email } };
}

export function headers() {
  return ADMIN_NO_STORE;
}

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand text-white" : "text-ink hover:bg-brand-soft"}`;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div data-print-hide className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand">Back office</p>
        <p className="text-sm text-muted">
          Signed in as staff: <span className="font-medium text-ink">{loaderData.staff.email}</span>
        </p>
      </div>
      <nav aria-label="Back office" className="mt-4 flex flex-wrap gap-2">
        <NavLink to="/admin" end className={tab}>
          Waiting
        </NavLink>
        <NavLink to="/admin/orders" className={tab}>
          Orders
        </NavLink>
        <NavLink to="/admin/board" className={tab}>
          Board
        </NavLink>
        <NavLink to="/admin/customers" className={tab}>
          Customers
        </NavLink>
        <NavLink to="/admin/products" className={tab}>
          Products
        </NavLink>
        <NavLink to="/admin/quotes" className={tab}>
          Quotes
        </NavLink>
        <NavLink to="/admin/reviews" className={tab}>
          Reviews
        </NavLink>
        <NavLink to="/admin/problem-reports" className={tab}>
          Problem reports
        </NavLink>
        <NavLink to="/admin/attention" className={tab}>
          Needs attention
        </NavLink>
        <NavLink to="/admin/vat" className={tab}>
          VAT
        </NavLink>
        <NavLink to="/admin/credit-accounts" className={tab}>
          Credit accounts
        </NavLink>
        <NavLink to="/admin/closures" className={tab}>
          Closures
        </NavLink>
        <NavLink to="/admin/audit" className={tab}>
          Audit log
        </NavLink>
        <NavLink to="/admin/data-requests" className={tab}>
          People's data
        </NavLink>
        {/* Quote requests live under Quotes: one place, one name. */}
        {INBOX_KINDS.filter((kind) => kind !== "quotes").map((kind) => (
          <NavLink key={kind} to={`/admin/inbox/${kind}`} className={tab}>
            {INBOX_LABELS[kind]}
          </NavLink>
        ))}
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: "Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
