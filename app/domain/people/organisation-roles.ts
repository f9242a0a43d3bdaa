/**
 * An organisation member's roles (R-AUTH-05, decision 025), as better-auth keeps them: one
 * member may hold several, stored as "admin,approver". The owner created the organisation and
 * keeps that role; admins manage members; approvers also answer proofs; members order.
 */

/** The roles someone may be invited with, or given later, with the words the forms use. */
export const MEMBER_ROLES = ["member", "approver", "admin"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  member: "Member",
  approver: "Approver (also approves proofs)",
  admin: "Admin",
};

/** The organisation roles that may answer a proof from their own account. */
export const APPROVING_ROLES = ["owner", "admin", "approver"] as const;
/** The roles that manage members: invite them and change their roles. */
export const MANAGING_ROLES = ["owner", "admin"] as const;

function holds(role: string | null | undefined, wanted: readonly string[]): boolean {
  return (role ?? "")
    .split(",")
    .map((each) => each.trim())
    .some((each) => wanted.includes(each));
}

export function mayApproveWithRole(role: string | null | undefined): boolean {
  return holds(role, APPROVING_ROLES);
}

export function mayManageMembers(role: string | null | undefined): boolean {
  return holds(role, MANAGING_ROLES);
}

/**
 * Whether someone whose role is `viewerRole` may change a member's role (better-auth enforces
 * the same on the server): owners and admins may, never their own role, and never the owner's.
 */
export function mayChangeRole(
  viewerRole: string | null | undefined,
  member: { role: string; isSelf: boolean },
): boolean {
  return mayManageMembers(viewerRole) && !member.isSelf && !holds(member.role, ["owner"]);
}

/** A role as the members table shows it: "admin,approver" reads "Admin, Approver". */
export function describeRole(role: string): string {
  return role
    .split(",")
    .map((each) => each.trim())
    .filter(Boolean)
    .map((each) => each.charAt(0).toUpperCase() + each.slice(1))
    .join(", ");
}
