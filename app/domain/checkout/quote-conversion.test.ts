import { describe, expect, it } from "vitest";
import { FIRST_ORDER_DISCOUNT_CONDITION } from "../pricing/checkout";
import {
  cartFingerprint,
  linesReplacedBy,
  linesToOrder,
  lostDiscountNotice,
  quoteFiguresNote,
  readQuotePicks,
} from "./quote-conversion";
import { specProducts } from "../../../tests/setup/spec-catalogue";

const cap = {
  productId: "8",
  quantity: 399,
  selectedColor: "#1f2a56",
  customizationSelections: ["Front embroidery"],
  handwrittenNote: false,
  notes: "",
  sizes: [],
};
const { productId: _id, quantity: _qty, ...capChoices } = cap;
const quotedCaps = [{ productId: "8", quantity: 399, choices: capChoices }];

describe("what converting a quote replaces in the cart", () => {
  it("replaces nothing in an empty cart or in the cart the quote was made from", () => {
    expect(linesReplacedBy([], quotedCaps, specProducts)).toEqual([]);
    expect(linesReplacedBy([cap], quotedCaps, specProducts)).toEqual([]);
    // The colour's case and the order of customisations are not changes.
    const same = { ...cap, selectedColor: "#1F2A56", customizationSelections: ["Front embroidery"] };
    expect(linesReplacedBy([same], quotedCaps, specProducts)).toEqual([]);
  });

  it("names a line of the same product with another quantity or choice, and what takes its place", () => {
    expect(linesReplacedBy([{ ...cap, quantity: 1500 }], quotedCaps, specProducts)).toEqual([
      {
        productId: "8",
        text: "1,500 × Custom Embroidered Cap, Navy: replaced by the quote's 399 × Custom Embroidered Cap, Navy",
      },
    ]);
    expect(linesReplacedBy([{ ...cap, notes: "Gold thread" }], quotedCaps, specProducts)).toHaveLength(1);
    expect(linesReplacedBy([{ ...cap, handwrittenNote: true }], quotedCaps, specProducts)).toHaveLength(1);
  });

  it("names a line of a product the quote does not have as taken out of the cart", () => {
    const diary = { ...cap, productId: "16", quantity: 120, selectedColor: "" };
    expect(linesReplacedBy([cap, diary], quotedCaps, specProducts)).toEqual([
      { productId: "16", text: "120 × Branded A5 Diary: taken out of your cart" },
    ]);
    // A quote line of something sourced specially puts nothing in the cart, so it keeps nothing.
    expect(linesReplacedBy([cap], [{ productId: "8", quantity: 399, choices: null }], specProducts)).toHaveLength(1);
  });

  it("takes another colour of a quoted product out when the quoted colour has its own line (decision 086)", () => {
    const black = { ...cap, selectedColor: "#111111", quantity: 200 };
    expect(linesReplacedBy([black, cap], quotedCaps, specProducts)).toEqual([
      { productId: "8", text: "200 × Custom Embroidered Cap, Black: taken out of your cart" },
    ]);
    // Without a line in the quoted colour, the other colour is what the quote replaces.
    expect(linesReplacedBy([black], quotedCaps, specProducts)).toEqual([
      {
        productId: "8",
        text: "200 × Custom Embroidered Cap, Black: replaced by the quote's 399 × Custom Embroidered Cap, Navy",
      },
    ]);
  });
});

describe("the cart a confirmation answers", () => {
  it("is the same string for the same cart in any order, and another for any change", () => {
    const diary = { ...cap, productId: "16", quantity: 120 };
    expect(cartFingerprint([cap, diary])).toBe(cartFingerprint([diary, cap]));
    expect(cartFingerprint([cap])).not.toBe(cartFingerprint([{ ...cap, quantity: 400 }]));
    expect(cartFingerprint([cap])).not.toBe(cartFingerprint([cap, diary]));
    expect(cartFingerprint([])).toBe("");
  });
});

describe("what a quote says about its figures", () => {
  const validUntil = "2026-12-26";
  it("says the unit prices are fixed, and the discount depends on the payment", () => {
    expect(quoteFiguresNote({ validUntil, totals: { discount: 0 } }, true)).toBe(
      "The unit prices are fixed until Sat, Dec 26, 2026.",
    );
    expect(quoteFiguresNote({ validUntil, totals: { discount: 33600 } }, true)).toBe(
      "The unit prices are fixed until Sat, Dec 26, 2026. First-order discount (£336.00): applies only if this is still your first order when you pay.",
    );
    expect(FIRST_ORDER_DISCOUNT_CONDITION).toBe("Applies only if this is still your first order when you pay.");
  });

  it("says the discount has gone when it is no longer the buyer's first order, and nothing when there was none", () => {
    expect(quoteFiguresNote({ validUntil, totals: { discount: 33600 } }, false)).toBe(
      "The unit prices are fixed until Sat, Dec 26, 2026. First-order discount (£336.00): applies only if this is still your first order when you pay. It no longer applies, because this is no longer your first order.",
    );
    expect(quoteFiguresNote({ validUntil, totals: { discount: 0 } }, false)).toBe(
      "The unit prices are fixed until Sat, Dec 26, 2026.",
    );
  });

  it("tells the buyer plainly when the discount has gone", () => {
    expect(lostDiscountNotice({ number: "Q-2026-000123", totals: { discount: 33600 } })).toBe(
      "Quote Q-2026-000123 included a first-order discount of £336.00. It no longer applies, because this is no longer your first order: the quoted unit prices still hold, and the totals shown are what you will pay.",
    );
  });
});

describe("picking among a quote's quantities (decision 080)", () => {
  const line = (productId: string | null, quantity: number) => ({
    productId,
    quantity,
    description: productId === "8" ? "Custom Embroidered Cap" : "Branded A5 Diary",
  });
  const lines = [line("8", 100), line("16", 120), line("8", 500)];

  it("reads whole-number picks by product from the form, and nothing else", () => {
    expect(
      readQuotePicks({
        intent: "convert",
        "pick-8": " 500 ",
        "pick-16": "1.5",
        "pick-../x": "5",
        "pick-17": "-3",
        "pick-15": "9".repeat(8),
      }),
    ).toEqual({ "8": 500 });
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`pick-${i}`, "1"]));
    expect(Object.keys(readQuotePicks(many))).toHaveLength(10);
  });

  it("orders one line per product: the pick, else the quote's first", () => {
    expect(linesToOrder(lines, {})).toEqual({ ok: true, lines: [lines[0], lines[1]] });
    expect(linesToOrder(lines, { "8": 500 })).toEqual({ ok: true, lines: [lines[2], lines[1]] });
    expect(linesToOrder(lines, { "8": 100, "99": 5 })).toEqual({ ok: true, lines: [lines[0], lines[1]] });
    // A product whose id names an object's own property is read as a pick only when one was made.
    const odd = [{ productId: "constructor", quantity: 50, description: "Odd" }];
    expect(linesToOrder(odd, readQuotePicks({ "pick-__proto__": "5" }))).toEqual({ ok: true, lines: odd });
  });

  it("refuses a quantity the quote does not offer, naming the ones it does", () => {
    expect(linesToOrder(lines, { "8": 250 })).toEqual({
      ok: false,
      message: "Custom Embroidered Cap is quoted for 100 or 500: choose one of them.",
    });
    expect(linesToOrder(lines, { "16": 100 })).toEqual({
      ok: false,
      message: "Branded A5 Diary is quoted for 120: choose one of them.",
    });
  });
});
