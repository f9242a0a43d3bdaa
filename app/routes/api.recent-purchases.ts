import { recentPurchasesFeed } from "~/server/recent-purchases.server";

/** GET: real orders paid in the last 14 days, region and product only; [] when there are none. */
export async function loader() {
  const purchases = await recentPurchasesFeed();
  return Response.json({ purchases }, { headers: { "Cache-Control": "public, max-age=60" } });
}
