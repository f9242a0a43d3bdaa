import { dbOf } from "~/server/request-context.server";
import { recentPurchasesFeed } from "~/server/recent-purchases.server";
import type { Route } from "./+types/api.recent-purchases";

/** GET: real orders paid in the last 14 days, region and product only; [] when there are none. */
export async function loader({ context }: Route.LoaderArgs) {
  const purchases = await recentPurchasesFeed(dbOf(context));
  return Response.json({ purchases }, { headers: { "Cache-Control": "public, max-age=60" } });
}
