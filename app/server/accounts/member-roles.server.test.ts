import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authMember, authOrganization, authSession } from "#db/schema";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { changeMemberRole } from "./account-settings.server";

// Decision 025: an existing member is made an approver (or any role) without a new invitation.
// better-auth decides who may; these tests hold the shop to what the account page promises.

const handle = testFileDatabase();

/** An organisation with a member of each role, each signed in and working in it. */
async function team(name: string) {
  const organizationId = `org-${name}`;
  await handle.db
    .insert(authOrganization)
    .values({ id: organizationId, name, slug: organizationId, createdAt: new Date() });
  const people: Record<string, { memberId: string; cookie: string }> = {};
  for (const role of ["owner", "admin", "approver", "member"]) {
    const { userId, cookie } = await createSignedInUser(handle, `${role}@${name}.example`);
    const memberId = `${organizationId}-${role}`;
    await handle.db.insert(authMember).values({ id: memberId, organizationId, userId, role, createdAt: new Date() });
    await handle.db
      .update(authSession)
      .set({ activeOrganizationId: organizationId })
      .where(eq(authSession.userId, userId));
    people[role] = { memberId, cookie };
  }
  const as = (role: string, memberId: string, to: "member" | "approver" | "admin") =>
    changeMemberRole(handle, {
      request: siteRequest("/account/organisation", { cookie: people[role]!.cookie }),
      memberId,
      role: to,
    });
  const roleOf = async (role: string) =>
    (await handle.db.select().from(authMember).where(eq(authMember.id, people[role]!.memberId)))[0]?.role;
  return { people, as, roleOf };
}

describe("changeMemberRole", () => {
  it("lets the owner and admins make a member an approver, and back", async () => {
    const acme = await team("acme");
    expect(await acme.as("owner", acme.people.member!.memberId, "approver")).toMatchObject({ ok: true });
    expect(await acme.roleOf("member")).toBe("approver");
    expect(await acme.as("admin", acme.people.member!.memberId, "member")).toMatchObject({ ok: true });
    expect(await acme.roleOf("member")).toBe("member");
    expect(await acme.as("owner", acme.people.approver!.memberId, "admin")).toMatchObject({ ok: true });
    expect(await acme.roleOf("approver")).toBe("admin");
  });

  it("refuses approvers and members, and an admin changing the owner, saying why", async () => {
    const acme = await team("acme");
    const refused = {
      ok: false,
      status: 403,
      message: "Only the organisation's owner or an admin can change a role, and the owner's role stays as it is.",
    };
    expect(await acme.as("approver", acme.people.member!.memberId, "admin")).toMatchObject(refused);
    expect(await acme.as("member", acme.people.member!.memberId, "approver")).toMatchObject(refused);
    expect(await acme.as("member", acme.people.owner!.memberId, "member")).toMatchObject(refused);
    expect(await acme.as("admin", acme.people.owner!.memberId, "member")).toMatchObject(refused);
    expect([await acme.roleOf("owner"), await acme.roleOf("approver"), await acme.roleOf("member")]).toEqual([
      "owner",
      "approver",
      "member",
    ]);
  });

  it("never reaches into another organisation, nor a member who is not there", async () => {
    const acme = await team("acme");
    const globex = await team("globex");
    expect(await acme.as("owner", globex.people.member!.memberId, "admin")).toMatchObject({ ok: false, status: 403 });
    expect(await globex.roleOf("member")).toBe("member");
    expect(await acme.as("owner", "no-such-member", "admin")).toMatchObject({
      ok: false,
      status: 400,
      message: "That person is no longer a member of this organisation.",
    });
  });
});
