import { describe, expect, it } from "vitest";
import {
  describeRole,
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
  mayApproveWithRole,
  mayChangeRole,
  mayManageMembers,
} from "./organisation-roles";

describe("mayApproveWithRole", () => {
  it("lets the owner, admins and approvers answer, never a plain member or no one", () => {
    for (const role of ["owner", "admin", "approver", "member,approver", " admin , member"]) {
      expect(mayApproveWithRole(role), role).toBe(true);
    }
    for (const role of ["member", "", null, undefined, "approvers", "Admin", "member,guest"]) {
      expect(mayApproveWithRole(role), String(role)).toBe(false);
    }
  });
});

describe("mayManageMembers", () => {
  it("is the owner and admins only: an approver approves but manages no one", () => {
    for (const role of ["owner", "admin", "approver,admin"]) expect(mayManageMembers(role), role).toBe(true);
    for (const role of ["approver", "member", "member,approver", "", null, undefined, "owners"]) {
      expect(mayManageMembers(role), String(role)).toBe(false);
    }
  });
});

describe("mayChangeRole", () => {
  const other = (role: string) => ({ role, isSelf: false });
  it("lets owners and admins change another member's, approver's or admin's role", () => {
    for (const viewer of ["owner", "admin"]) {
      for (const role of ["member", "approver", "admin", "admin,approver"]) {
        expect(mayChangeRole(viewer, other(role)), `${viewer} → ${role}`).toBe(true);
      }
    }
  });
  it("never lets anyone change the owner's role or their own", () => {
    for (const viewer of ["owner", "admin"]) {
      expect(mayChangeRole(viewer, other("owner"))).toBe(false);
      expect(mayChangeRole(viewer, other("owner,approver"))).toBe(false);
      expect(mayChangeRole(viewer, { role: viewer, isSelf: true })).toBe(false);
    }
  });
  it("never lets an approver or a member change anyone's", () => {
    for (const viewer of ["approver", "member", "", null]) {
      expect(mayChangeRole(viewer, other("member")), String(viewer)).toBe(false);
    }
  });
});

describe("describeRole and the labels", () => {
  it("reads each of several roles with a capital", () => {
    expect(describeRole("approver")).toBe("Approver");
    expect(describeRole("admin,approver")).toBe("Admin, Approver");
    expect(describeRole(" member , ")).toBe("Member");
  });
  it("labels every role a form offers", () => {
    expect(MEMBER_ROLES.map((role) => MEMBER_ROLE_LABELS[role])).toEqual([
      "Member",
      "Approver (also approves proofs)",
      "Admin",
    ]);
  });
});
