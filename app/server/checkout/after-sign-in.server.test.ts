import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartItems } from "#db/schema";
import { action as signInAction, loader as signInLoader } from "~/routes/sign-in";
import { action as signUpAction } from "~/routes/sign-up";
import { action as verifyAction } from "~/routes/verify";
import { productPathWithChoices } from "~/domain/pricing/product-choices";
import { answerOf } from "../../../tests/setup/route-answer";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { runDueJobs } from "../edge/job-worker.server";
import type { AccountsContext } from "../accounts/auth.server";

const handle = testFileDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The test shop, with a mail server on loopback. */
let ctx: AccountsContext;

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  await smtp.clear();
});

const PASSWORD = "marmalade skyline 42";
const split = [
  { size: "M", count: 40 },
  { size: "L", count: 20 },
];
/** What the product page's "Sign in to add to cart" carries: orange shorts, 60, a size split. */
const pendingAdd = productPathWithChoices(
  "15",
  { quantity: 60, colour: "#f26b12", selections: ["Leg logo print"], handwrittenNote: false, sizes: split },
  { add: true },
);
const landing = pendingAdd.replace("&add=1", "&added=1");

const call = (fn: (args: never) => unknown, request: Request) => answerOf(fn, { request, ctx });
const cartOf = (userId: string) => handle.db.select().from(cartItems).where(eq(cartItems.userId, userId));
const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** A confirmed buyer, signed out: a session exists only in the cookie we throw away. */
async function existingBuyer(email: string) {
  const { userId } = await createSignedInUser(handle, email, PASSWORD);
  return userId;
}

describe("Add to Cart pressed before signing in (docs/decisions/037)", () => {
  it("signing in puts the line in the cart once and lands on the product with the choices", async () => {
    const userId = await existingBuyer("ann@acme.co");
    const signIn = await call(
      signInAction,
      siteRequest("/sign-in", {
        form: { intent: "password", identifier: "ann@acme.co", password: PASSWORD, redirectTo: pendingAdd },
      }),
    );
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(landing);
    const [line, ...more] = await cartOf(userId);
    expect(more).toHaveLength(0);
    expect(line).toMatchObject({
      productId: "15",
      quantity: 60,
      selectedColor: "#f26b12",
      customizationSelections: ["Leg logo print"],
      sizes: split,
    });

    // The buyer changes the line, then goes Back to the sign-in page: it sends them on, adding nothing.
    await handle.db.update(cartItems).set({ quantity: 100 }).where(eq(cartItems.userId, userId));
    const cookie = cookieFrom(signIn.headers);
    const back = await call(
      signInLoader,
      siteRequest(`/sign-in?redirectTo=${encodeURIComponent(pendingAdd)}`, { cookie }),
    );
    expect(back.status).toBe(302);
    expect((await cartOf(userId)).map((l) => l.quantity)).toEqual([100]);
  });

  it("signing up, confirmed by the e-mailed code, puts the line in the cart", async () => {
    const signUp = await call(
      signUpAction,
      siteRequest("/sign-up", {
        form: {
          firstName: "Bea",
          lastName: "Jones",
          identifier: "bea@acme.co",
          password: PASSWORD,
          redirectTo: pendingAdd,
        },
      }),
    );
    expect(signUp.status).toBe(302);
    const verifyPath = signUp.headers.get("location") ?? "";
    expect(new URL(verifyPath, "http://x").searchParams.get("redirectTo")).toBe(pendingAdd);
    const code = /Your code: (\d{6})/.exec((await smtp.waitFor("bea@acme.co")).text)?.[1] ?? "";
    const verify = await call(
      verifyAction,
      siteRequest(verifyPath, {
        cookie: cookieFrom(signUp.headers),
        form: { intent: "verify", identifier: "bea@acme.co", code },
      }),
    );
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe(landing);
    const session = cookieFrom(verify.headers);
    expect(session).toContain("session_token");
    const rows = await handle.db.select().from(cartItems);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ productId: "15", quantity: 60, selectedColor: "#f26b12", sizes: split });
  });

  it("a line the cart's rules refuse is not added, and the page is told so", async () => {
    const userId = await existingBuyer("cal@acme.co");
    // Below the MOQ, in a colour the shorts aren't made in, with sizes that don't add up.
    const refused = "/product/15?quantity=10&colour=2c6bdb&option=Leg+logo+print&sizes=M%3A40&add=1";
    const signIn = await call(
      signInAction,
      siteRequest("/sign-in", {
        form: { intent: "password", identifier: "cal@acme.co", password: PASSWORD, redirectTo: refused },
      }),
    );
    expect(signIn.headers.get("location")).toBe(refused.replace("&add=1", "&added=0"));
    expect(await cartOf(userId)).toHaveLength(0);
  });

  it("only a same-site path is followed, and a wrong password adds nothing", async () => {
    const userId = await existingBuyer("dee@acme.co");
    const wrong = await call(
      signInAction,
      siteRequest("/sign-in", {
        form: { intent: "password", identifier: "dee@acme.co", password: "not the password", redirectTo: pendingAdd },
      }),
    );
    expect(wrong.status).toBe(401);
    expect(await cartOf(userId)).toHaveLength(0);

    const elsewhere = await call(
      signInAction,
      siteRequest("/sign-in", {
        form: {
          intent: "password",
          identifier: "dee@acme.co",
          password: PASSWORD,
          redirectTo: `//evil.example${pendingAdd}`,
        },
      }),
    );
    expect(elsewhere.headers.get("location")).toBe("/");
    expect(await cartOf(userId)).toHaveLength(0);
  });
});
