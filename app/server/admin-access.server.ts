/**
 * Who may use the back office (issue 9 item 1; REQUIREMENTS B-7). Every /admin loader and action
 * calls requireStaff itself: React Router runs a layout's loader beside its children's, not
 * before them, so a check in the layout alone would not stop a child from answering.
 *
 * Everyone else gets the site's ordinary 404, exactly as for a path that does not exist, so the
 * back office does not announce itself to buyers or scanners.
 */
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { getSessionInfo, type SessionInfo } from "./session.server";
import { grantStaffRole, hasStaffRole } from "./admin-staff.server";

export type StaffMember = { id: string; name: string; email: string };

export function adminNotFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
}

/**
 * The STAFF_EMAILS bootstrap: a signed-in account whose confirmed address is listed becomes staff
 * on its first visit here. It exists because `npm run staff:add` cannot open the embedded
 * database while the server holds it (PGlite is single-process).
 */
async function grantFromBootstrap(session: SessionInfo): Promise<boolean> {
  const listed = getEnv().STAFF_EMAILS;
  if (!session.user.emailVerified || !listed.includes(session.user.email.toLowerCase())) return false;
  const result = await grantStaffRole(await getDb(), session.user.email);
  if (result.ok && !result.alreadyStaff) console.log(`[staff] ${result.email} became staff (STAFF_EMAILS)`);
  return result.ok;
}

/** The signed-in staff member, or a thrown 404 for anyone else (signed out included). */
export async function requireStaff(request: Request): Promise<StaffMember> {
  const session = await getSessionInfo(request);
  if (!session) throw adminNotFound();
  if (!hasStaffRole(session.user.role) && !(await grantFromBootstrap(session))) throw adminNotFound();
  return { id: session.user.id, name: session.user.name, email: session.user.email };
}

/** Staff pages and files are never cached: not by the server's page cache, not by a browser or proxy. */
export const ADMIN_NO_STORE = { "Cache-Control": "private, no-store" } as const;
