import { describe, expect, it, vi } from "vitest";
import { answerOf, routeContext } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { action as signOut } from "~/routes/sign-out";
import { ownBuyers, REMEMBERED_BUYERS, rememberBuyer, rememberedBuyers } from "./recent-buyers.server";

// The buyer's own orders are never announced to them, signed in or signed out.

vi.setConfig({ testTimeout: 20_000 });

const handle = testFileDatabase();

/** The cookie a browser sends back after `setCookie`. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

describe("the buyers a browser remembers", () => {
  it("are none without the cookie", async () => {
    expect(await rememberedBuyers(testContext(handle), siteRequest("/"))).toEqual([]);
  });

  it("are kept newest first, once each, the last five at most, for the browser session only", async () => {
    let cookie = "";
    for (const id of ["a", "b", "a", "c", "d", "e", "f"]) {
      const setCookie = await rememberBuyer(testContext(handle), {
        request: siteRequest("/sign-out", { cookie }),
        userId: id,
      });
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      expect(setCookie).not.toMatch(/Max-Age|Expires/);
      cookie = sentBack(setCookie);
    }
    const remembered = await rememberedBuyers(testContext(handle), siteRequest("/", { cookie }));
    expect(remembered).toEqual(["f", "e", "d", "c", "a"]);
    expect(remembered).toHaveLength(REMEMBERED_BUYERS);
  });

  it("include whoever signs out here, and the signed-in buyer first", async () => {
    const jane = await createSignedInUser(handle, "jane@acme-events.co.uk");
    const answer = await answerOf(signOut, {
      request: siteRequest("/sign-out", { cookie: jane.cookie, form: { scope: "local" } }),
      ctx: testContext(handle),
    });
    expect(answer.status).toBe(302);
    const setCookie = answer.headers.getSetCookie().find((c) => c.startsWith("swag.recent_buyers="));
    expect(setCookie).toBeDefined();
    const remembered = sentBack(setCookie!);

    const asked = async (cookie: string) => {
      const request = siteRequest("/api/recent-purchases", { cookie });
      return ownBuyers({ request, context: await routeContext(request, testContext(handle)) });
    };
    expect(await asked(remembered)).toEqual([jane.userId]);
    const sam = await createSignedInUser(handle, "sam@acme-events.co.uk");
    expect(await asked(`${sam.cookie}; ${remembered}`)).toEqual([sam.userId, jane.userId]);
    expect(await asked("")).toEqual([]);
  });

  it("are left alone when signing out the other devices only", async () => {
    const jane = await createSignedInUser(handle, "jane.others@acme-events.co.uk");
    const answer = await answerOf(signOut, {
      request: siteRequest("/sign-out", { cookie: jane.cookie, form: { scope: "others" } }),
      ctx: testContext(handle),
    });
    expect(answer.headers.getSetCookie().some((c) => c.startsWith("swag.recent_buyers="))).toBe(false);
  });
});
