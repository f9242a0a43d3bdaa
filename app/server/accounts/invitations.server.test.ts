import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authInvitation, authUser, outbox } from "#db/schema";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { createOrganisation, inviteMember } from "./account-settings.server";
import { getSessionInfo } from "./session.server";

// The shop's invitation mail cannot be turned on strangers.

const handle = testFileDatabase();

/** A signed-in owner of an organisation called `organisation`; confirmed unless told otherwise. */
async function owner(email: string, organisation = "Acme Events", confirmed = true) {
  const { userId, cookie } = await createSignedInUser(handle, email);
  if (confirmed) await handle.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, userId));
  expect(
    (await createOrganisation(handle, { request: siteRequest("/account", { cookie }), name: organisation })).ok,
  ).toBe(true);
  const invite = async (to: string) => {
    const request = siteRequest("/account", { cookie });
    return inviteMember(handle, {
      request,
      session: (await getSessionInfo(handle, request))!,
      email: to,
      role: "member",
    });
  };
  return { userId, invite };
}

const mailTo = (to: string) => handle.db.select().from(outbox).where(eq(outbox.to, to));

describe("invitations", () => {
  it("come only from a confirmed address", async () => {
    const { invite } = await owner("new@acme.example", "Acme Events", false);
    expect(await invite("stranger@elsewhere.example")).toMatchObject({
      ok: false,
      status: 403,
      message: "Please confirm your e-mail address before inviting anyone.",
    });
    expect(await handle.db.select().from(authInvitation)).toEqual([]);
    expect(await mailTo("stranger@elsewhere.example")).toEqual([]);
  });

  it("keep the organisation's name out of the subject, and escape it in the body", async () => {
    const name = '<a href="https://evil.example">Claim your refund</a>';
    const { invite } = await owner("owner@acme.example", name);
    expect((await invite("colleague@acme.example")).ok).toBe(true);
    const [mail] = await mailTo("colleague@acme.example");
    expect(mail!.subject).toBe("You're invited to an organisation on Swag Studio");
    expect(mail!.text).toContain(
      `owner@acme.example (Test Buyer) invited you to join their organisation on Swag Studio, "${name}"`,
    );
    expect(mail!.html).not.toContain('<a href="https://evil.example">');
    expect(mail!.html).toContain("&lt;a href=&quot;https://evil.example&quot;&gt;Claim your refund&lt;/a&gt;");
  });

  it("reach one address at most three times a day, whoever sends them", async () => {
    const senders = await Promise.all(["a", "b", "c", "d"].map((who) => owner(`${who}@acme.example`, `Team ${who}`)));
    for (const sender of senders.slice(0, 3)) expect((await sender.invite("target@elsewhere.example")).ok).toBe(true);
    const refused = await senders[3]!.invite("Target@Elsewhere.example");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(refused.ok ? "" : refused.message).toMatch(
      /^That address has had several invitations today\. Please try again in 2[34] hours\.$/,
    );
    expect(await mailTo("target@elsewhere.example")).toHaveLength(3);
  });

  it("number at most thirty a day from one sender", async () => {
    const { invite } = await owner("busy@acme.example");
    for (let i = 1; i <= 30; i++)
      expect((await invite(`person${i}@elsewhere.example`)).ok, `invitation ${i}`).toBe(true);
    const refused = await invite("person31@elsewhere.example");
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(refused.ok ? "" : refused.message).toMatch(
      /^You've sent 30 invitations today\. Please try again in 2[34] hours\.$/,
    );
    expect(await mailTo("person31@elsewhere.example")).toEqual([]);
  });
});
