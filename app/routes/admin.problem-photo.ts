import type { Route } from "./+types/admin.problem-photo";
import { adminNotFound, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { artworkDownloadHeaders } from "~/server/artwork/artwork.server";
import { openProblemPhoto } from "~/server/aftercare/problem-photos.server";
import { STAFF_PROBLEM_LIMITS } from "~/server/aftercare/problem-reports.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";

/**
 * A buyer's photo of a problem report, for staff (decision 043): a download with the artwork
 * downloads' headers (attachment, nosniff, no-store), never shown inline, since nothing has checked
 * it beyond its first bytes (docs/decisions/043-problem-reports.md).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "problem-photo", limit: STAFF_PROBLEM_LIMITS.photo });
  const file = await openProblemPhoto(db, {
    storage: appContextOf(context).storage,
    reportId: params.reportId,
    photoId: params.photoId,
  });
  if (!file) throw adminNotFound();
  return new Response(file.stream, { headers: artworkDownloadHeaders(file) });
}
