import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { cartItems, shoppingListItems } from "#db/schema";
import { action as listAction, loader as listLoader } from "~/routes/shopping-list";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";

const handle = testFileDatabase();
let alice: { userId: string; cookie: string };
let bob: { userId: string; cookie: string };

beforeEach(async () => {
  alice = await createSignedInUser(handle, "alice@acme.co");
  bob = await createSignedInUser(handle, "bob@acme.co");
});

const send = (cookie: string, form: Record<string, string>) =>
  answerOf(listAction, { request: siteRequest("/shopping-list", { cookie, form }), ctx: testContext(handle) });

type Row = {
  id: string;
  productId: string;
  quantity: number;
  notes: string;
  selectedColor: string;
  customizationSelections: string[];
  handwrittenNote: boolean;
};
async function listOf(cookie: string): Promise<Row[]> {
  const answer = await answerOf(listLoader, {
    request: siteRequest("/shopping-list", { cookie }),
    ctx: testContext(handle),
  });
  return (answer.body as { items: Row[] }).items;
}
const cartOf = (userId: string) => handle.db.select().from(cartItems).where(eq(cartItems.userId, userId));

/** The diary as chosen on its product page: Navy, two customisations, a handwritten note. */
const diary = {
  intent: "add",
  productId: "16",
  quantity: "120",
  notes: "January onboarding packs",
  selectedColor: "#1F2A56",
  customizationSelections: JSON.stringify(["Debossed cover logo", "Ribbon colour"]),
  handwrittenNote: "true",
};
/** The cap with only a quantity: colour and customisation still to choose. */
const cap = { intent: "add", productId: "8", quantity: "400", notes: "" };

describe("the shopping list keeps choices and adds to the cart", () => {
  it("keeps the colour, customisations and handwritten note chosen on the product page", async () => {
    expect((await send(alice.cookie, diary)).status).toBe(200);
    expect(await listOf(alice.cookie)).toEqual([
      expect.objectContaining({
        productId: "16",
        quantity: 120,
        selectedColor: "#1f2a56",
        customizationSelections: ["Debossed cover logo", "Ribbon colour"],
        handwrittenNote: true,
      }),
    ]);
  });

  it("adds one row to the cart with its quantity, colour, customisations, note and notes, keeping the list", async () => {
    await send(alice.cookie, diary);
    const [row] = await listOf(alice.cookie);
    const answer = await send(alice.cookie, { intent: "to-cart", id: row!.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, intent: "to-cart", added: ["Branded A5 Diary"], refused: [] });
    expect(await cartOf(alice.userId)).toEqual([
      expect.objectContaining({
        productId: "16",
        quantity: 120,
        selectedColor: "#1f2a56",
        customizationSelections: ["Debossed cover logo", "Ribbon colour"],
        handwrittenNote: true,
        notes: "January onboarding packs",
      }),
    ]);
    expect(await listOf(alice.cookie)).toHaveLength(1);
  });

  it("refuses a row with no colour or customisation yet, saying how to fix it, and adds it once chosen", async () => {
    await send(alice.cookie, cap);
    const [row] = await listOf(alice.cookie);
    const refused = await send(alice.cookie, { intent: "to-cart", id: row!.id });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: { message: string } }).error.message).toBe(
      "Custom Embroidered Cap: Choose one of this product's colours. Use Edit to choose.",
    );
    expect(await cartOf(alice.userId)).toEqual([]);

    const edited = await send(alice.cookie, {
      intent: "update",
      id: row!.id,
      productId: "8",
      quantity: "400",
      notes: "",
      selectedColor: "#111111",
      customizationSelections: JSON.stringify(["Front embroidery"]),
      handwrittenNote: "false",
    });
    expect(edited.status).toBe(200);
    expect((await send(alice.cookie, { intent: "to-cart", id: row!.id })).status).toBe(200);
    expect(await cartOf(alice.userId)).toEqual([
      expect.objectContaining({ productId: "8", quantity: 400, customizationSelections: ["Front embroidery"] }),
    ]);
  });

  it("Add all to cart adds every ready row and names each one it could not add", async () => {
    await send(alice.cookie, diary);
    await send(alice.cookie, cap);
    const [, capRow] = await listOf(alice.cookie);
    const answer = await send(alice.cookie, { intent: "all-to-cart" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ok: true,
      intent: "all-to-cart",
      added: ["Branded A5 Diary"],
      refused: [
        {
          id: capRow!.id,
          title: "Custom Embroidered Cap",
          message: "Custom Embroidered Cap: Choose one of this product's colours. Use Edit to choose.",
        },
      ],
    });
    expect((await cartOf(alice.userId)).map((line) => line.productId)).toEqual(["16"]);
  });

  it("Add all to cart that adds nothing is a 400 with each row's reason", async () => {
    await send(alice.cookie, cap);
    const [capRow] = await listOf(alice.cookie);
    const answer = await send(alice.cookie, { intent: "all-to-cart" });
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors).toEqual({
      [capRow!.id]: "Custom Embroidered Cap: Choose one of this product's colours. Use Edit to choose.",
    });
    expect((await send(bob.cookie, { intent: "all-to-cart" })).status).toBe(400);
  });

  it("uses the cart's rules: a row below the product's MOQ in the database is refused", async () => {
    await send(alice.cookie, diary);
    await handle.db.update(shoppingListItems).set({ quantity: 10 });
    const [row] = await listOf(alice.cookie);
    const answer = await send(alice.cookie, { intent: "to-cart", id: row!.id });
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { message: string } }).error.message).toBe(
      "Branded A5 Diary: Order between 50 and 25,000 of Branded A5 Diary.",
    );
  });

  it("never adds another buyer's row", async () => {
    await send(alice.cookie, diary);
    const [row] = await listOf(alice.cookie);
    expect((await send(bob.cookie, { intent: "to-cart", id: row!.id })).status).toBe(404);
    expect(await cartOf(bob.userId)).toEqual([]);
    expect(await cartOf(alice.userId)).toEqual([]);
  });
});
