/**
 * Granting the staff role (decision 010). `user.role` takes no input at sign-up or profile update
 * (auth.server.ts), and better-auth's admin API is not loaded, so these functions, run by
 * `npm run staff:add` and the STAFF_EMAILS bootstrap, are the only ways in. They take the
 * database as an argument so the command-line script can open its own.
 */
import { and, eq, sql } from "drizzle-orm";
import { authAccount, authUser } from "#db/schema";
import type { Database } from "../platform/db.server";
import { recordAudit } from "../platform/audit-log.server";

export const STAFF_ROLE = "staff";

/** better-auth keeps several roles comma-separated ("user,staff"). */
export function hasStaffRole(role: string | null | undefined): boolean {
  return (role ?? "")
    .split(",")
    .map((part) => part.trim())
    .includes(STAFF_ROLE);
}

export type GrantResult =
  | { ok: true; userId: string; email: string; alreadyStaff: boolean }
  | { ok: false; reason: "no-account" | "unverified"; message: string };

/**
 * Makes the account with this e-mail staff. Only a confirmed address qualifies: anyone can sign
 * up with ops@ourcompany before the real person does, and must not inherit the back office.
 */
export async function grantStaffRole(db: Database, email: string): Promise<GrantResult> {
  const wanted = email.trim().toLowerCase();
  const [user] = await db
    .select({ id: authUser.id, email: authUser.email, role: authUser.role, emailVerified: authUser.emailVerified })
    .from(authUser)
    .where(eq(sql`lower(${authUser.email})`, wanted))
    .limit(1);
  if (!user) {
    return {
      ok: false,
      reason: "no-account",
      message: `No account uses ${wanted}. Sign up with that address first, then run this again.`,
    };
  }
  if (!user.emailVerified) {
    return {
      ok: false,
      reason: "unverified",
      message: `${user.email} has not confirmed its e-mail address. Sign in as that account, confirm the address with the code we send, then run this again.`,
    };
  }
  if (hasStaffRole(user.role)) return { ok: true, userId: user.id, email: user.email, alreadyStaff: true };
  await db.transaction(async (tx) => {
    await tx.update(authUser).set({ role: STAFF_ROLE, updatedAt: new Date() }).where(eq(authUser.id, user.id));
    // Granted by the command line or by STAFF_EMAILS at sign-in, never by another member of staff.
    await recordAudit(
      tx,
      { id: null },
      {
        action: "staff.grant",
        subject: { kind: "staff", id: user.id },
        summary: `${user.email} made staff`,
        before: { role: user.role },
        after: { role: STAFF_ROLE },
      },
    );
  });
  return { ok: true, userId: user.id, email: user.email, alreadyStaff: false };
}

/**
 * True when the account's address was proven (by a code or link: auth.server.ts stamps
 * emailVerifiedAt) no earlier than its password was last set. A password set afterwards was set
 * by whoever held a session or a phone code, not shown to belong to the mailbox's owner, so the
 * address alone no longer vouches for the account (decision 010).
 */
export async function emailProvenSincePasswordSet(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ provenAt: authUser.emailVerifiedAt, passwordSetAt: authAccount.updatedAt })
    .from(authUser)
    .leftJoin(authAccount, and(eq(authAccount.userId, authUser.id), eq(authAccount.providerId, "credential")))
    .where(eq(authUser.id, userId));
  if (!row?.provenAt) return false;
  return !row.passwordSetAt || row.provenAt.getTime() >= row.passwordSetAt.getTime();
}
