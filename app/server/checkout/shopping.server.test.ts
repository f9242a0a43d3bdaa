import { eq } from "drizzle-orm";
import { answerOf, type RouteAnswer } from "../../../tests/setup/route-answer";
import { beforeEach, describe, expect, it } from "vitest";
import { cartItems, feedback, orderDrafts } from "#db/schema";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { action as favouritesAction } from "~/routes/favorites";
import { action as listAction, loader as listLoader } from "~/routes/shopping-list";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { listFavouriteIds } from "./shopping.server";

const handle = testFileDatabase();
let alice: { userId: string; cookie: string };
let bob: { userId: string; cookie: string };

beforeEach(async () => {
  alice = await createSignedInUser(handle, "alice@acme.co");
  bob = await createSignedInUser(handle, "bob@acme.co");
});

// Route modules are called as plain functions, with the context React Router gives them.
const call = (fn: (args: never) => unknown, request: Request) => answerOf(fn, { request, ctx: testContext(handle) });
function body(answer: RouteAnswer): { status: number; json: unknown } {
  return { status: answer.status, json: answer.body };
}
const post = (path: string, cookie: string | undefined, form: Record<string, string>) =>
  siteRequest(path, { cookie, form });
const addCap = (cookie: string, quantity = "50") =>
  post("/cart", cookie, {
    intent: "add",
    productId: "8",
    quantity,
    selectedColor: "#111111",
    customizationSelections: JSON.stringify(["Front embroidery"]),
  });

describe("cart", () => {
  it("adds, replaces the same product's line, re-prices on update and clears", async () => {
    expect((await body(await call(cartAction, addCap(alice.cookie)))).status).toBe(200);
    expect((await body(await call(cartAction, addCap(alice.cookie, "120")))).status).toBe(200);
    const rows = await handle.db.select().from(cartItems).where(eq(cartItems.userId, alice.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.quantity).toBe(120);

    const update = await call(
      cartAction,
      post("/cart", alice.cookie, { intent: "update", id: rows[0]!.id, productId: "8", quantity: "400" }),
    );
    expect((await body(update)).status).toBe(200);
    const loaded = (
      await answerOf(cartLoader, {
        request: siteRequest("/cart", { cookie: alice.cookie }),
        ctx: testContext(handle),
      })
    ).body as {
      lines: { quantity: number }[];
    };
    expect(loaded.lines[0]?.quantity).toBe(400);
  });

  it("refuses quantities outside [MOQ, max], unknown products and long notes with a 400 and a reason", async () => {
    for (const [form, message] of [
      [{ quantity: "49" }, "Order between 50 and 10,000 of Custom Embroidered Cap."],
      [{ productId: "999" }, "We don't sell that product."],
      [{ notes: "x".repeat(501) }, "Notes can be at most 500 characters."],
    ] as const) {
      const request = post("/cart", alice.cookie, {
        intent: "add",
        productId: "8",
        quantity: "50",
        selectedColor: "#111111",
        customizationSelections: '["Front embroidery"]',
        ...form,
      });
      const result = await body(await call(cartAction, request));
      expect(result.status).toBe(400);
      expect(result.json).toMatchObject({ error: { code: "VALIDATION_FAILED", message } });
    }
    expect(await handle.db.select().from(cartItems)).toHaveLength(0);
  });

  it("never lets one user change or remove another's line", async () => {
    await call(cartAction, addCap(alice.cookie));
    const [line] = await handle.db.select().from(cartItems);
    const update = await body(
      await call(
        cartAction,
        post("/cart", bob.cookie, { intent: "update", id: line!.id, productId: "8", quantity: "300" }),
      ),
    );
    const remove = await body(await call(cartAction, post("/cart", bob.cookie, { intent: "remove", id: line!.id })));
    expect(update.status).toBe(404);
    expect(remove.status).toBe(404);
    const [after] = await handle.db.select().from(cartItems);
    expect(after?.quantity).toBe(50);
  });

  it("needs a signed-in user to change the cart", async () => {
    const result = await body(await call(cartAction, addCap("")));
    expect(result.status).toBe(401);
  });

  it("Clear Cart deletes only this user's unpaid drafts for the cart's products", async () => {
    await call(cartAction, addCap(alice.cookie));
    await handle.db.insert(orderDrafts).values([
      { accountId: alice.userId, userId: alice.userId, productId: "8", status: "shipping_done" },
      { accountId: alice.userId, userId: alice.userId, productId: "8", status: "paid" },
      { accountId: alice.userId, userId: alice.userId, productId: "16", status: "customisation_draft" },
      { accountId: bob.userId, userId: bob.userId, productId: "8", status: "customisation_draft" },
    ]);
    await call(cartAction, post("/cart", alice.cookie, { intent: "clear" }));
    const left = await handle.db
      .select({ userId: orderDrafts.userId, productId: orderDrafts.productId, status: orderDrafts.status })
      .from(orderDrafts);
    expect(left).toHaveLength(3);
    expect(left).not.toContainEqual({ userId: alice.userId, productId: "8", status: "shipping_done" });
    expect(await handle.db.select().from(cartItems)).toHaveLength(0);
  });

  it("stores non-blank feedback, signed in or not", async () => {
    const blank = await body(await call(cartAction, post("/cart", undefined, { intent: "feedback", text: "   " })));
    expect(blank.status).toBe(400);
    const ok = await body(
      await call(
        cartAction,
        post("/cart", alice.cookie, { intent: "feedback", text: "Love the tier table", page: "/cart" }),
      ),
    );
    expect(ok.status).toBe(200);
    const rows = await handle.db.select().from(feedback);
    expect(rows).toEqual([expect.objectContaining({ text: "Love the tier table", userId: alice.userId })]);
  });
});

describe("favourites", () => {
  it("toggles per user", async () => {
    await call(favouritesAction, post("/favorites", alice.cookie, { intent: "toggle", productId: "15" }));
    expect(await listFavouriteIds(handle.db, { userId: alice.userId })).toEqual(["15"]);
    expect(await listFavouriteIds(handle.db, { userId: bob.userId })).toEqual([]);
    await call(favouritesAction, post("/favorites", alice.cookie, { intent: "toggle", productId: "15" }));
    expect(await listFavouriteIds(handle.db, { userId: alice.userId })).toEqual([]);
    const visitor = await body(
      await call(favouritesAction, post("/favorites", undefined, { intent: "toggle", productId: "15" })),
    );
    expect(visitor).toMatchObject({
      status: 401,
      json: { error: { message: "Sign in required: Please sign in to manage favourites." } },
    });
  });
});

describe("shopping list", () => {
  it("updates an existing product instead of adding it twice, and keeps users apart", async () => {
    await call(
      listAction,
      post("/shopping-list", alice.cookie, { intent: "add", productId: "16", quantity: "60", notes: "Q1 kit" }),
    );
    await call(
      listAction,
      post("/shopping-list", alice.cookie, {
        intent: "add",
        productId: "16",
        quantity: "1000",
        notes: "whole company",
      }),
    );
    const aliceList = (
      await answerOf(listLoader, {
        request: siteRequest("/shopping-list", { cookie: alice.cookie }),
        ctx: testContext(handle),
      })
    ).body as {
      items: { id: string; quantity: number; notes: string }[];
    };
    expect(aliceList.items).toEqual([expect.objectContaining({ quantity: 1000, notes: "whole company" })]);
    const stolen = await body(
      await call(listAction, post("/shopping-list", bob.cookie, { intent: "remove", id: aliceList.items[0]!.id })),
    );
    expect(stolen.status).toBe(404);
  });
});

describe("lines of products the catalogue does not hold (R-LS-07)", () => {
  it("drop out of the cart and the favourites", async () => {
    expect((await call(cartAction, addCap(alice.cookie))).status).toBe(200);
    await handle.db.insert(cartItems).values({
      userId: alice.userId,
      productId: "999",
      quantity: 50,
      selectedColor: "#111111",
      customizationSelections: [],
    });
    const cart = (await call(cartLoader, siteRequest("/cart", { cookie: alice.cookie }))).body as {
      lines: { productId: string }[];
    };
    expect(cart.lines.map((line) => line.productId)).toEqual(["8"]);
  });
});
