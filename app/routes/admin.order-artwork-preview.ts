import type { Route } from "./+types/admin.order-artwork-preview";
import { adminNotFound, requireStaff } from "~/server/admin-access.server";
import { openOrderArtwork } from "~/server/admin-orders.server";
import { artworkPreviewHeaders } from "~/server/artwork.server";
import { dbOf } from "~/server/request-context.server";

/** The PNG of page one of an artwork file of this order, for staff making the proof (issue 20 item 3). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const file = await openOrderArtwork(dbOf(context), { orderId: params.id, fileId: params.fileId, preview: true });
  if (!file) throw adminNotFound();
  return new Response(file.stream, { headers: artworkPreviewHeaders() });
}
