import { listRecentPurchases } from "~/server/recent-purchases.server";

/** GET: real orders paid in the last 14 days, city and product only; [] when there are none. */
export async function loader() {
  const purchases = await listRecentPurchases();
  return Response.json({ purchases }, { headers: { "Cache-Control": "public, max-age=60" } });
}
