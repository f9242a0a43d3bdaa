import { PRIVATE_CACHE_CONTROL } from "~/server/platform/private-responses.server";
import { ownBuyers } from "~/server/accounts/recent-buyers.server";
import { recentPurchasesFeed } from "~/server/shop/recent-purchases.server";
import { dbOf } from "~/server/accounts/request-context.server";
import type { Route } from "./+types/api.recent-purchases";

/**
 * GET: real orders paid in the last 14 days, region and product only; [] when there are none.
 * Never the asker's own orders, so an answer for a known buyer is theirs alone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const exclude = await ownBuyers({ request, context });
  const purchases = await recentPurchasesFeed(dbOf(context), { exclude });
  const cacheControl = exclude.length > 0 ? PRIVATE_CACHE_CONTROL : "public, max-age=60";
  return Response.json({ purchases }, { headers: { "Cache-Control": cacheControl } });
}
