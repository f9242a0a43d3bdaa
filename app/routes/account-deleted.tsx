import { Link } from "react-router";
import type { Route } from "./+types/account-deleted";
import { buttonClass } from "~/components/ui/button";
import { ACCOUNT_DELETED_PAGE_LIMIT, DELETED_CUSTOMER } from "~/domain/orders/data-rights";
import { dbOf } from "~/server/accounts/request-context.server";
import { clientIp, requireAddressBudget } from "~/server/platform/rate-limit.server";

/** Reads nothing: it only counts the render against the client address's budget. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAddressBudget(dbOf(context), {
    bucket: "account-deleted",
    ip: clientIp(request),
    limit: ACCOUNT_DELETED_PAGE_LIMIT,
    message: "Too many requests: wait a minute and try again.",
  });
  return null;
}

/** Where a deleted account lands (docs/decisions/084): what went, and what the law makes the shop keep. */
export default function AccountDeleted() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">Your account has been deleted</h1>
      <p className="mt-4">
        We've erased your account and what you saved with it, and signed you out on every device. Your orders, their
        invoices and credit notes stay for 7 years, as UK tax law requires, under "{DELETED_CUSTOMER}" without your
        name, e-mail address or phone number.
      </p>
      <p className="mt-4">Thank you for ordering with us. You're welcome back whenever you need swag again.</p>
      <Link to="/" className={buttonClass("primary", "mt-8")}>
        Back to the shop
      </Link>
    </section>
  );
}

export function meta() {
  return [{ title: "Account deleted | Swag Studio" }, { name: "robots", content: "noindex" }];
}
