import type { Route } from "./+types/admin.order-artwork-preview";
import { adminNotFound, requireStaff } from "~/server/accounts/admin-access.server";
import { openOrderArtwork } from "~/server/admin/admin-orders.server";
import { artworkPreviewHeaders, preflightLimited } from "~/server/artwork/artwork.server";
import { toResponse } from "~/server/platform/http.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";

/** The PNG of page one of an artwork file of this order, for staff making the proof (decision 027). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const limited = await preflightLimited(dbOf(context), { limit: "previews", who: staff.id });
  if (limited) return toResponse(limited);
  const file = await openOrderArtwork(dbOf(context), {
    storage: appContextOf(context).storage,
    orderId: params.id,
    fileId: params.fileId,
    preview: true,
  });
  if (!file) throw adminNotFound();
  return new Response(file.stream, { headers: artworkPreviewHeaders() });
}
