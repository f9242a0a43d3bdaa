import type { Route } from "./+types/admin.order-artwork";
import { adminNotFound, requireStaff } from "~/server/accounts/admin-access.server";
import { openOrderArtwork } from "~/server/admin/admin-orders.server";
import { artworkDownloadHeaders } from "~/server/artwork/artwork.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";

/** An artwork file the buyer uploaded for this order, for staff (B-7). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  await requireStaff({ request, context });
  const file = await openOrderArtwork(db, {
    storage: appContextOf(context).storage,
    orderId: params.id,
    fileId: params.fileId,
  });
  if (!file) throw adminNotFound();
  return new Response(file.stream, { headers: artworkDownloadHeaders(file) });
}
