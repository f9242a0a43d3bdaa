import { redirect } from "react-router";
import type { Route } from "./+types/admin._index";
import { requireStaff } from "~/server/admin-access.server";

// A page route, not a resource route, so a refused visitor gets the site's 404 page as HTML.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  throw redirect("/admin/orders");
}

/** Never shown: the loader always redirects staff and refuses everyone else. */
export default function AdminIndex() {
  return null;
}
