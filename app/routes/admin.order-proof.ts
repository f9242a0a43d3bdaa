import type { Route } from "./+types/admin.order-proof";
import { adminNotFound, requireStaff } from "~/server/admin-access.server";
import { openOrderProof } from "~/server/admin-orders.server";
import { artworkDownloadHeaders } from "~/server/artwork.server";
import { dbOf } from "~/server/request-context.server";

/** One proof version of an order, for staff (issue 9 item 3); always a download, never shown inline. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  await requireStaff({ request, context });
  const file = await openOrderProof(db, { orderId: params.id, version: Number(params.version) });
  if (!file) throw adminNotFound();
  return new Response(file.stream, { headers: artworkDownloadHeaders(file) });
}
