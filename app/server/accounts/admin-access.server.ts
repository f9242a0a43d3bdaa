/**
 * Who may use the back office (decision 010; REQUIREMENTS B-7). Every /admin loader and action
 * calls requireStaff itself: React Router runs a layout's loader beside its children's, not
 * before them, so a check in the layout alone would not stop a child from answering.
 *
 * Everyone else gets the site's ordinary 404, exactly as for a path that does not exist, so the
 * back office does not announce itself to buyers or scanners. Staff themselves also need
 * two-step sign-in and a sign-in from the last STAFF_SIGN_IN_HOURS (decision 010), and are
 * told so: a stolen password or an old session on a shared machine is not enough.
 */
import { data, redirect } from "react-router";
import type { Auth } from "./auth.server";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { type RequestArgs, sessionOf, appContextOf } from "./request-context.server";
import type { SessionInfo } from "./session.server";
import { emailProvenSincePasswordSet, grantStaffRole, hasStaffRole } from "./admin-staff.server";
import { hitRateLimit } from "../platform/rate-limit.server";

export const STAFF_SIGN_IN_HOURS = 12;

/** Pages one staff member may open a minute, per page kind (customers, an account, a job sheet). */
export const STAFF_PAGE_LIMIT = { hits: 120, windowSeconds: 60 } as const;

/** A member of staff as an action knows them; `address` is the client address of their request (the audit log's). */
export type StaffMember = { id: string; name: string; email: string; address?: string };

export function adminNotFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
}

/** What the root error boundary shows a staff member who is refused for a reason they can fix. */
export type StaffNotice = { notice: { title: string; message: string; link: { href: string; label: string } } };

function twoStepRequired() {
  return data<StaffNotice>(
    {
      notice: {
        title: "Turn on two-step sign-in",
        message:
          "The back office needs two-step sign-in. Turn it on in your account with an authenticator app, then come back.",
        link: { href: "/account#twofa-heading", label: "Go to your account" },
      },
    },
    { status: 403, headers: ADMIN_NO_STORE },
  );
}

/**
 * Ends a staff session that is too old and sends its owner to sign in again, back to where they
 * were going (the sign-in page turns signed-in visitors away, so the session has to end first).
 */
async function signInAgain(auth: Auth, request: Request) {
  const url = new URL(request.url);
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  headers.set("Cache-Control", ADMIN_NO_STORE["Cache-Control"]);
  return redirect(`/sign-in?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, { headers });
}

/**
 * The STAFF_EMAILS bootstrap: a signed-in account whose listed address was proven after its
 * password was last set becomes staff on its first visit here. It exists because
 * `npm run staff:add` cannot open the embedded database while the server holds it (PGlite is
 * single-process).
 */
async function grantFromBootstrap(
  { db, staffEmails: listed, log }: Pick<AppContext, "db" | "staffEmails" | "log">,
  session: SessionInfo,
): Promise<boolean> {
  if (!session.user.emailVerified || !listed.includes(session.user.email.toLowerCase())) return false;
  if (!(await emailProvenSincePasswordSet(db, session.user.id))) return false;
  const result = await grantStaffRole(db, session.user.email);
  if (result.ok && !result.alreadyStaff) log.info(`[staff] ${result.email} became staff (STAFF_EMAILS)`);
  return result.ok;
}

/**
 * The signed-in staff member; a thrown 404 for anyone else (signed out included); for staff
 * without two-step sign-in a 403 page that says so, and with a sign-in older than
 * STAFF_SIGN_IN_HOURS a redirect to sign in again.
 */
export async function requireStaff({ request, context }: RequestArgs): Promise<StaffMember> {
  const ctx = appContextOf(context);
  const session = await sessionOf(context);
  if (!session) throw adminNotFound();
  if (!hasStaffRole(session.user.role) && !(await grantFromBootstrap(ctx, session))) throw adminNotFound();
  if (!session.user.twoFactorEnabled) throw twoStepRequired();
  if (Date.now() - session.session.createdAt.getTime() >= STAFF_SIGN_IN_HOURS * 3_600_000)
    throw await signInAgain(ctx.auth, request);
  return {
    id: session.user.id,
    name: session.user.name,
    email: session.user.email,
    // Set by the HTTP edge from the socket and the trusted proxies only (client-address.server.ts).
    address: request.headers.get("x-real-ip") ?? undefined,
  };
}

/**
 * Whether the request is a member of staff's as the back office admits them (staff, two-step
 * sign-in on, a recent sign-in), asked without changing anything: no bootstrap grant, no sign-out.
 * For a buyer's page that shows staff a little more (a draft product's preview).
 */
export async function isStaffSession(context: RequestArgs["context"]): Promise<boolean> {
  const session = await sessionOf(context);
  return (
    session !== null &&
    hasStaffRole(session.user.role) &&
    session.user.twoFactorEnabled === true &&
    Date.now() - session.session.createdAt.getTime() < STAFF_SIGN_IN_HOURS * 3_600_000
  );
}

/** Staff pages and files are never cached: not by the server's page cache, not by a browser or proxy. */
export const ADMIN_NO_STORE = { "Cache-Control": "private, no-store" } as const;

/**
 * A staff page or export that costs the server a query over every row, or a write: each staff
 * member has their own budget per bucket, and past it the answer is a 429 that says when to retry
 * (a stolen staff session cannot hammer the database).
 */
export async function requireStaffBudget(
  db: Database,
  { staffId, bucket, limit }: { staffId: string; bucket: string; limit: { hits: number; windowSeconds: number } },
): Promise<void> {
  const hit = await hitRateLimit(db, {
    key: `staff-${bucket}:${staffId}`,
    limit: limit.hits,
    windowSeconds: limit.windowSeconds,
  });
  if (hit.allowed) return;
  throw data(
    { error: { code: "RATE_LIMITED", message: "Too many requests: wait a minute and try again." } },
    {
      status: 429,
      headers: { "Cache-Control": "no-store", "Retry-After": String(hit.retryAfterSeconds) },
    },
  );
}
