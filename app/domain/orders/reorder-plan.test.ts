import { describe, expect, it } from "vitest";
import { findProductById } from "~/catalogue/catalogue";
import { isOfferedColour } from "~/catalogue/colours";
import type { Product } from "~/catalogue/types";
import { draftDataSchema } from "../checkout/draft-schemas";
import { orderLineSnapshotSchema } from "./order-snapshot";
import { canReorder, planReorder, priceChangeText, type PreviousLine } from "./reorder-plan";

const CAP = findProductById("8") as Product;
const SHORTS = findProductById("15") as Product;
const ORDER = { number: "SS-000042" };
const FILE = {
  id: "0b6f0b8e-4c1e-4c57-9a58-0d1c2e3f4a5b",
  name: "logo.pdf",
  size: 1234,
  uploaded_at: "2026-11-01T10:00:00.000Z",
};

function previous(
  productId: string,
  quantity: number,
  unitPence: number,
  data: Record<string, unknown> = {},
): PreviousLine {
  const customization = orderLineSnapshotSchema.shape.customization.parse(
    draftDataSchema.parse({
      product_id: productId,
      quantity,
      branding: { method: productId === "15" ? "dtf" : "embroidery", placement: "front", placement_details: "Centred" },
      proof: { preference: "ai_mockup" },
      artwork: { email_later: false, files: [FILE] },
      variant: { color_hex: "#111111" },
      ...data,
    }),
  );
  return {
    draftId: `draft-${productId}-${customization.variant.color_hex}-${quantity}`,
    productId,
    title: findProductById(productId)?.title ?? "Old product",
    quantity,
    unitPence,
    customization,
  };
}

const plan = (lines: PreviousLine[], find = findProductById) => planReorder(ORDER, lines, find, isOfferedColour);

describe("canReorder", () => {
  it("is only for a delivered order", () => {
    expect(canReorder("delivered")).toBe(true);
    for (const status of [
      "paid",
      "proof_sent",
      "proof_approved",
      "in_production",
      "shipped",
      "cancelled",
      "refunded",
    ]) {
      expect(canReorder(status)).toBe(false);
    }
  });
});

describe("priceChangeText", () => {
  it("says the new and the old unit price", () => {
    expect(priceChangeText(420, 450)).toBe("Price now £4.20 each, was £4.50");
    expect(priceChangeText(550, 388)).toBe("Price now £5.50 each, was £3.88");
  });
  it("says nothing when the price is the same", () => {
    expect(priceChangeText(550, 550)).toBeNull();
  });
});

describe("planReorder", () => {
  it("repeats a line as it was: quantity, colour, branding, artwork, skip_proof with the order's number", () => {
    const result = plan([previous("8", 100, 550, { customization_selections: ["Side logo"], notes: "Navy thread" })]);
    expect(result.notes).toEqual([]);
    expect(result.lines).toHaveLength(1);
    const [line] = result.lines;
    expect(line).toMatchObject({ productId: "8", quantity: 100, unitPence: 550, previousUnitPence: 550 });
    expect(line?.cart).toEqual({
      quantity: 100,
      selectedColor: "#111111",
      customizationSelections: ["Side logo"],
      handwrittenNote: false,
      notes: "Navy thread",
      sizes: [],
    });
    expect(line?.patch).toMatchObject({
      quantity: 100,
      variant: { color_hex: "#111111" },
      branding: { method: "embroidery", placement: "front", placement_details: "Centred" },
      proof: { preference: "skip_proof", previous_order_ref: "SS-000042" },
      artwork: { email_later: false },
    });
    expect(line?.artwork).toEqual([{ ...FILE, use_anyway: [] }]);
  });

  it("prices at today's tier and says what changed", () => {
    const result = plan([previous("8", 100, 450)]);
    expect(result.lines[0]?.unitPence).toBe(550);
    expect(result.notes).toEqual([{ productId: "8", title: CAP.title, text: "Price now £5.50 each, was £4.50" }]);
  });

  it("leaves out a product no longer sold and keeps the rest", () => {
    const result = plan([
      { ...previous("8", 100, 550), productId: "99", title: "Retired mug" },
      previous("8", 60, 550),
    ]);
    expect(result.lines.map((line) => line.productId)).toEqual(["8"]);
    expect(result.notes).toEqual([
      { productId: "99", title: "Retired mug", text: "No longer sold, so it was left out." },
    ]);
  });

  it("leaves out everything when nothing is sold any more", () => {
    expect(plan([previous("8", 100, 550)], () => undefined).lines).toEqual([]);
  });

  it("clamps a quantity below today's MOQ", () => {
    const raised = { ...CAP, moq: 150 };
    const result = plan([previous("8", 100, 550)], (id) => (id === "8" ? raised : undefined));
    expect(result.lines[0]?.quantity).toBe(150);
    expect(result.lines[0]?.patch.quantity).toBe(150);
    expect(result.notes[0]?.text).toBe("100 is below today's minimum order of 150, so the quantity is now 150.");
  });

  it("clamps a quantity above today's maximum", () => {
    const result = plan([previous("8", 20000, 388)]);
    expect(result.lines[0]?.quantity).toBe(10000);
    expect(result.notes.map((note) => note.text)).toEqual([
      "20,000 is above today's maximum of 10,000, so the quantity is now 10,000.",
    ]);
  });

  it("keeps sizes that still add up, and asks to split again when they no longer do", () => {
    const sizes = [
      { size: "M", count: 30 },
      { size: "S", count: 20 },
    ];
    const kept = plan([previous("15", 50, 899, { sizes })]);
    expect(kept.lines[0]?.cart.sizes).toEqual([
      { size: "S", count: 20 },
      { size: "M", count: 30 },
    ]);
    const raised = { ...SHORTS, moq: 60 };
    const moved = plan([previous("15", 50, 899, { sizes })], (id) => (id === "15" ? raised : undefined));
    expect(moved.notes.map((note) => note.text)).toContain(
      "Sizes add up to 50; the quantity is 60: split them again in step 2.",
    );
  });

  it("drops a size the product is no longer made in", () => {
    const result = plan([
      previous("15", 50, 899, {
        sizes: [
          { size: "M", count: 50 },
          { size: "XXXL", count: 0 },
        ],
      }),
    ]);
    expect(result.lines[0]?.cart.sizes).toEqual([{ size: "M", count: 50 }]);
  });

  it("clears a colour no longer offered", () => {
    const result = plan([previous("15", 50, 899, { variant: { color_hex: "#2c6bdb" } })]);
    expect(result.lines[0]?.cart.selectedColor).toBe("");
    expect(result.notes.map((note) => note.text)).toContain("That colour is no longer offered: choose one in step 2.");
  });

  it("leaves out customisations and a handwritten note no longer offered", () => {
    const noNote = { ...CAP, allowHandwrittenNote: false };
    const result = plan(
      [previous("8", 100, 550, { customization_selections: ["Side logo", "Gold leaf"], handwritten_note: true })],
      (id) => (id === "8" ? noNote : undefined),
    );
    expect(result.lines[0]?.cart.customizationSelections).toEqual(["Side logo"]);
    expect(result.lines[0]?.cart.handwrittenNote).toBe(false);
    expect(result.notes.map((note) => note.text)).toEqual([
      "No longer offered, so left out: Gold leaf.",
      "A handwritten note is no longer offered with this product.",
    ]);
  });

  it("asks for a new proof when the branding method is no longer offered", () => {
    const result = plan([previous("8", 100, 550, { branding: { method: "screen_print" } })]);
    expect(result.lines[0]?.patch.branding?.method).toBe("embroidery");
    expect(result.lines[0]?.patch.proof).toEqual({ preference: "ai_mockup", previous_order_ref: "" });
    expect(result.notes.map((note) => note.text)).toContain(
      "The branding method is no longer offered for this product, so a new proof will be sent.",
    );
  });

  it("keeps artwork sent by e-mail as it was", () => {
    const result = plan([previous("8", 100, 550, { artwork: { email_later: true, files: [] } })]);
    expect(result.lines[0]?.patch.artwork).toEqual({ email_later: true });
    expect(result.lines[0]?.artwork).toEqual([]);
    expect(result.lines[0]?.patch.proof?.preference).toBe("skip_proof");
  });

  it("keeps one line per product and colour, in the order's order", () => {
    const result = plan([previous("15", 50, 899), previous("8", 100, 550), previous("15", 70, 899)]);
    expect(result.lines.map((line) => [line.productId, line.quantity])).toEqual([
      ["15", 50],
      ["8", 100],
    ]);
  });

  it("repeats a product's colours as lines of their own, priced at the tier of their sum (decision 086)", () => {
    const navy = { variant: { color_hex: "#1f2a56" } };
    const result = plan([previous("8", 200, 388), previous("8", 200, 388, navy)]);
    // 200 + 200 caps are the 400+ band, £3.88 each, as they were bought: no price note.
    expect(result.lines.map((line) => [line.cart.selectedColor, line.quantity, line.unitPence])).toEqual([
      ["#111111", 200, 388],
      ["#1f2a56", 200, 388],
    ]);
    expect(result.lines.map((line) => line.fromDraftId)).toEqual(["draft-8-#111111-200", "draft-8-#1f2a56-200"]);
    expect(result.notes).toEqual([]);
  });

  it("names a product no longer sold once, however many colours it had", () => {
    const navy = { variant: { color_hex: "#1f2a56" } };
    const result = plan([previous("8", 200, 388), previous("8", 200, 388, navy)], () => undefined);
    expect(result.notes).toEqual([{ productId: "8", title: CAP.title, text: "No longer sold, so it was left out." }]);
  });

  it("gives a patch that step 2's schema accepts", async () => {
    const { customisationPatchSchema } = await import("../checkout/draft-schemas");
    const result = plan([previous("15", 50, 899, { sizes: [{ size: "M", count: 50 }] }), previous("8", 100, 550)]);
    for (const line of result.lines) expect(customisationPatchSchema.safeParse(line.patch).success).toBe(true);
  });
});
