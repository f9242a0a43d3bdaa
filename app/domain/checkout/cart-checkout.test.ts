import { describe, expect, it } from "vitest";
import { checkoutCompletedSteps, isLineCustomised, nextLineToCustomise } from "./customisation-gate";
import {
  leadLineIndex,
  checkoutLines,
  logosOnOtherLines,
  lineTitle,
  colourOnAnotherLine,
  otherColours,
  type CheckoutLineState,
} from "./cart-checkout";
import type { DraftStatus } from "./draft";
import { findProductById } from "~/catalogue/catalogue";

/** The spec's products, as a page's loader would hand them in. */
const products = findProductById;
/** A line's customisation judged against its own product. */
const customised = (state: CheckoutLineState) => isLineCustomised(state, products(state.productId));

type Step2 = NonNullable<CheckoutLineState["draft"]>["data"];
const done: Step2 = {
  product_id: "8",
  confirm: { rights_confirmed: true, lead_time_acknowledged: true },
  proof: { preference: "ai_mockup", previous_order_ref: "" },
  artwork: { email_later: false, files: [] },
  branding: { method: "embroidery", placement: "", placement_details: "" },
  customization_selections: [],
  quantity: 100,
  sizes: [],
};
const open: Step2 = { ...done, confirm: { rights_confirmed: true, lead_time_acknowledged: false } };
/** The shorts (15) are sized: their lines carry a split of the 100 unless a test gives its own. */
const SPLIT = [{ size: "M", count: 100 }];

function line(productId: string, status: DraftStatus | null, data: Step2 = done): CheckoutLineState {
  const sized = productId === "15" && data.sizes.length === 0 ? { ...data, sizes: SPLIT } : data;
  return {
    lineId: `line-${productId}`,
    productId,
    colour: "#000000",
    quantity: sized.quantity,
    draft: status ? { id: `draft-${productId}`, status, data: sized } : null,
  };
}

describe("isLineCustomised", () => {
  it("needs a draft with both confirmations", () => {
    expect(customised(line("8", "customisation_draft"))).toBe(true);
    expect(customised(line("8", "customisation_draft", open))).toBe(false);
    expect(customised(line("8", null))).toBe(false);
  });

  it("needs a previous order reference for skip_proof (A-40)", () => {
    const skip: Step2 = { ...done, proof: { preference: "skip_proof", previous_order_ref: "" } };
    expect(customised(line("8", "customisation_draft", skip))).toBe(false);
    const withRef: Step2 = { ...done, proof: { preference: "skip_proof", previous_order_ref: "SW-1001" } };
    expect(customised(line("8", "customisation_draft", withRef))).toBe(true);
  });
});

describe("isLineCustomised for a sized product", () => {
  const shorts = (sizes: Step2["sizes"], quantity = 100): CheckoutLineState => ({
    lineId: "line-15",
    productId: "15",
    colour: "#000000",
    quantity,
    draft: { id: "draft-15", status: "customisation_draft", data: { ...done, quantity, sizes } },
  });
  it("needs the split to add up to the quantity, as payment does", () => {
    expect(customised(shorts(SPLIT))).toBe(true);
    expect(customised(shorts([]))).toBe(false);
    expect(customised(shorts([{ size: "M", count: 90 }]))).toBe(false);
    expect(customised(shorts(SPLIT, 120))).toBe(false);
  });
  it("leads Next to a sized line still to split, and keeps step 2 open for it", () => {
    const lines = [line("8", "customisation_draft"), shorts([{ size: "M", count: 90 }])];
    expect(nextLineToCustomise(lines, "line-8", products)?.productId).toBe("15");
    expect(
      checkoutCompletedSteps(
        lines,
        { status: "details_done", data: { confirm: done.confirm, proof_acknowledged: false } },
        products,
      ).includes(2),
    ).toBe(false);
  });
});

describe("leadLineIndex", () => {
  it("is -1 for an empty cart and the first line of a fresh one", () => {
    expect(leadLineIndex([])).toBe(-1);
    expect(leadLineIndex([line("8", null), line("15", null)])).toBe(0);
    expect(leadLineIndex([line("8", "customisation_draft"), line("15", "customisation_draft")])).toBe(0);
  });

  it("is the draft furthest along, so the details stay with the checkout", () => {
    expect(leadLineIndex([line("8", "customisation_draft"), line("15", "details_done")])).toBe(1);
    expect(leadLineIndex([line("8", "shipping_done"), line("15", "details_done")])).toBe(0);
    expect(leadLineIndex([line("8", "details_done"), line("15", "awaiting_payment")])).toBe(1);
  });

  it("never gives the lead to a line without a draft over one with a draft", () => {
    expect(leadLineIndex([line("8", null), line("15", "customisation_draft")])).toBe(1);
  });

  it("keeps the first line on a tie between a failed and an open payment", () => {
    expect(leadLineIndex([line("8", "payment_failed"), line("15", "awaiting_payment")])).toBe(0);
  });
});

describe("nextLineToCustomise", () => {
  const cart = [line("8", "customisation_draft", open), line("15", null), line("3", "customisation_draft")];

  it("goes to the next line not done, in cart order", () => {
    expect(nextLineToCustomise(cart, "line-8", products)?.productId).toBe("15");
  });

  it("wraps round to an earlier line not done", () => {
    expect(nextLineToCustomise(cart, "line-3", products)?.productId).toBe("8");
    expect(nextLineToCustomise(cart, "line-15", products)?.productId).toBe("8");
  });

  it("is null once every other line is done, so Next goes to Details", () => {
    const ready = [line("8", "customisation_draft"), line("15", "customisation_draft", open)];
    expect(nextLineToCustomise(ready, "line-15", products)).toBeNull();
    expect(nextLineToCustomise([line("8", null)], "line-8", products)).toBeNull();
  });

  it("starts from the first line for a product not in the cart", () => {
    expect(nextLineToCustomise(cart, "line-999", products)?.productId).toBe("8");
  });
});

describe("checkoutLines", () => {
  const cart = [
    { lineId: "a", productId: "8", quantity: 250 },
    { lineId: "b", productId: "15", quantity: 100 },
    { lineId: "c", productId: "8", quantity: 60 },
  ];

  it("prices every cart line, the saved draft's own line at its quantity", () => {
    expect(checkoutLines(cart, { lineId: "c", productId: "8", quantity: 120 })).toEqual([
      { lineId: "a", productId: "8", quantity: 250 },
      { lineId: "b", productId: "15", quantity: 100 },
      { lineId: "c", productId: "8", quantity: 120 },
    ]);
  });

  it("prices a draft no line owns alone, even of a product in the cart (decision 086)", () => {
    const own = { lineId: "gone", productId: "8", quantity: 50 };
    expect(checkoutLines(cart, own)).toEqual([own]);
    const unowned: { lineId: string | null; productId: string; quantity: number } = {
      lineId: null,
      productId: "8",
      quantity: 50,
    };
    expect(checkoutLines<typeof unowned>(cart, unowned)).toEqual([unowned]);
    expect(checkoutLines([], own)).toEqual([own]);
  });
});

describe("lines of one product in several colours (decision 086)", () => {
  const cap = {
    title: "Custom Embroidered Cap",
    colours: [
      { name: "Black", hex: "#000000" },
      { name: "Navy", hex: "#1F2A56" },
    ],
  };
  const black = { lineId: "a", productId: "8", colour: "#000000" };
  const navy = { lineId: "b", productId: "8", colour: "#1f2a56" };
  const shorts = { lineId: "c", productId: "15", colour: "#000000" };

  it("names a line by its colour only beside another line of its product", () => {
    expect(lineTitle(black, [black, shorts], cap)).toBe("Custom Embroidered Cap");
    expect(lineTitle(black, [black, navy, shorts], cap)).toBe("Custom Embroidered Cap (Black)");
    expect(lineTitle(navy, [black, navy], cap)).toBe("Custom Embroidered Cap (Navy)");
    expect(lineTitle({ ...navy, colour: "#123456" }, [black, navy], cap)).toBe("Custom Embroidered Cap (#123456)");
    expect(lineTitle(navy, [black, navy], undefined)).toBe("Product 8 (#1f2a56)");
  });

  it("finds a colour another line of the product already has, whatever its case", () => {
    const cart = [black, navy, shorts];
    expect(colourOnAnotherLine(cart, black, "#1F2A56")).toBe(true);
    expect(colourOnAnotherLine(cart, black, "#000000")).toBe(false);
    expect(colourOnAnotherLine(cart, navy, "#000000")).toBe(true);
    expect(colourOnAnotherLine(cart, { lineId: null, productId: "8" }, "#000000")).toBe(true);
    expect(colourOnAnotherLine(cart, { lineId: "c", productId: "15" }, "#1f2a56")).toBe(false);
    expect(colourOnAnotherLine([], black, "#000000")).toBe(false);
  });

  it("counts the product's other colours beside a line, by line id whether the lines call it lineId or id", () => {
    const lines = [
      { lineId: "a", productId: "8", quantity: 200 },
      { lineId: "b", productId: "8", quantity: 150 },
      { lineId: "c", productId: "15", quantity: 100 },
    ];
    expect(otherColours(lines, { lineId: "a", productId: "8" })).toEqual({ quantity: 150, colours: 2 });
    expect(otherColours(lines, { lineId: "c", productId: "15" })).toEqual({ quantity: 0, colours: 1 });
    const cart = [
      { id: "a", productId: "8", quantity: 200 },
      { id: "b", productId: "8", quantity: 200 },
    ];
    expect(otherColours(cart, { lineId: "b", productId: "8" })).toEqual({ quantity: 200, colours: 2 });
  });

  it("goes to the next line to customise by line, not by product", () => {
    const lines = [
      { ...line("8", "customisation_draft"), lineId: "a" },
      { ...line("8", null), lineId: "b", colour: "#1f2a56" },
    ];
    expect(nextLineToCustomise(lines, "a", products)?.lineId).toBe("b");
    expect(nextLineToCustomise(lines, "b", products)).toBeNull();
  });
});

describe("logosOnOtherLines (decision 044)", () => {
  const file = (id: string, name: string) => ({
    id,
    name,
    size: 2048,
    uploaded_at: "2026-11-20T10:00:00.000Z",
    use_anyway: [],
  });
  const withFiles = (productId: string, files: ReturnType<typeof file>[]): CheckoutLineState =>
    line(productId, "customisation_draft", { ...done, artwork: { email_later: false, files } });

  it("offers the files of the other lines, in cart order, never this line's own", () => {
    const lines = [
      withFiles("8", [file("f1", "logo.png")]),
      withFiles("15", [file("f2", "crest.pdf")]),
      withFiles("16", [file("f3", "mark.svg")]),
    ];
    expect(logosOnOtherLines(lines, "line-15")).toEqual([
      { draftId: "draft-8", productId: "8", fileId: "f1", name: "logo.png", size: 2048 },
      { draftId: "draft-16", productId: "16", fileId: "f3", name: "mark.svg", size: 2048 },
    ]);
  });

  it("offers a name once, from the first line that has it, and nothing from a line without a draft", () => {
    const lines = [
      line("17", null),
      withFiles("8", [file("f1", "logo.png")]),
      withFiles("16", [file("f3", "logo.png"), file("f4", "back.pdf")]),
    ];
    expect(logosOnOtherLines(lines, "line-15").map((logo) => [logo.fileId, logo.name])).toEqual([
      ["f1", "logo.png"],
      ["f4", "back.pdf"],
    ]);
    expect(logosOnOtherLines([withFiles("8", [file("f1", "logo.png")])], "line-8")).toEqual([]);
  });
});
