import { specProducts } from "../../../tests/setup/spec-catalogue";
import { describe, expect, it } from "vitest";
import { orderTotals } from "../pricing/checkout";
import { checkoutTotals, pricedLine } from "./draft-totals";
import {
  catalogueQuoteLines,
  choiceDetails,
  isQuoteValid,
  type Quote,
  quoteDeliveryNote,
  quoteDocument,
  quotedQuantities,
  quoteOptions,
  quotePricing,
  quoteValidityText,
  quoteValidUntil,
  QUOTE_VALID_DAYS,
} from "./quotes";
import { chargedAtQuote, quotedUnitPence, withQuotedPrices } from "./quoted-prices";

// Decision 021: a quote holds for the policy's 30 days, prices the lines it quoted while it
// holds, and says which lines are priced from the catalogue again and why.

const navyCap = {
  productId: "8",
  quantity: 399,
  selectedColor: "#1f2a56",
  customizationSelections: ["Front embroidery"],
  handwrittenNote: false,
  notes: "",
  sizes: [],
};
const diary = {
  productId: "16",
  quantity: 120,
  selectedColor: "",
  customizationSelections: [],
  handwrittenNote: true,
  notes: "Onboarding",
  sizes: [],
};

function quote(overrides: Partial<Quote> = {}): Quote {
  const lines = catalogueQuoteLines([navyCap, diary], specProducts);
  const totals = orderTotals({ lines, shippingMethod: "standard", country: "GB", firstOrderDiscount: false });
  return {
    number: "Q-2026-000123",
    issuedAt: new Date("2026-11-26T10:00:00Z"),
    validUntil: "2026-12-26",
    lines,
    shippingMethod: "standard",
    totals,
    deliveryNote: "Estimated delivery: soon.",
    buyer: { lines: ["Acme Ltd", "Ada Lovelace"], vatNumber: "GB123456782" },
    orderedAt: null,
    ...overrides,
  };
}

describe("validity (R-POL-01: 30 days)", () => {
  it("is the policy's 30 days", () => {
    expect(QUOTE_VALID_DAYS).toBe(30);
  });
  it("runs 30 days from the London date of issue", () => {
    expect(quoteValidUntil(new Date("2026-11-26T10:00:00Z"))).toBe("2026-12-26");
    // 23:30 UTC on 31 March is already 1 April in London (BST).
    expect(quoteValidUntil(new Date("2026-03-31T23:30:00Z"))).toBe("2026-05-01");
    // Across a year end.
    expect(quoteValidUntil(new Date("2026-12-15T12:00:00Z"))).toBe("2027-01-14");
  });
  it("holds through the whole of its last London day, and not a minute after", () => {
    const q = { validUntil: "2026-12-26" };
    expect(isQuoteValid(q, new Date("2026-11-26T10:00:00Z"))).toBe(true);
    expect(isQuoteValid(q, new Date("2026-12-26T23:59:59Z"))).toBe(true);
    expect(isQuoteValid(q, new Date("2026-12-27T00:00:00Z"))).toBe(false);
    expect(quoteValidityText(q, new Date("2026-12-01T09:00:00Z"))).toBe("Valid until Sat, Dec 26, 2026");
    expect(quoteValidityText(q, new Date("2027-01-02T09:00:00Z"))).toBe("Expired on Sat, Dec 26, 2026");
  });
});

describe("quoted lines from a cart or list", () => {
  it("prices each line at its tier, with its choices in words", () => {
    const [cap, book] = catalogueQuoteLines([navyCap, diary], specProducts);
    expect(cap).toEqual({
      productId: "8",
      description: "Custom Embroidered Cap",
      details: ["Colour: Navy", "Customisation: Front embroidery"],
      quantity: 399,
      unitPence: 550,
      choices: { ...navyCap, productId: undefined, quantity: undefined },
    });
    expect(book?.details).toEqual(["Colour: to be chosen", "Customisation: to be chosen", "Handwritten note"]);
    expect(book?.unitPence).toBe(224);
  });
  it("clamps a quantity to what the product sells and leaves out a product not sold", () => {
    const lines = catalogueQuoteLines(
      [
        { ...navyCap, quantity: 10 },
        { ...diary, productId: "999" },
      ],
      specProducts,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(50);
  });
  it("names sizes when a split is given", () => {
    expect(
      choiceDetails(specProducts("15")!, { ...diary, sizes: [{ size: "M", count: 60 }], handwrittenNote: false }),
    ).toContain("Sizes: M 60");
  });
});

describe("converting: which cart lines the quote prices", () => {
  const now = new Date("2026-12-01T09:00:00Z");
  it("prices the quoted quantity of each quoted product at the quoted price", () => {
    const q = quote({ lines: quote().lines.map((line) => ({ ...line, unitPence: line.unitPence - 100 })) });
    const pricing = quotePricing(
      q,
      [
        { productId: "8", quantity: 399 },
        { productId: "16", quantity: 120 },
      ],
      now,
    );
    expect(pricing.quoted).toEqual([
      { productId: "8", quantity: 399, unitPence: 450 },
      { productId: "16", quantity: 120, unitPence: 124 },
    ]);
    expect(pricing.notices).toEqual(["Priced at quote Q-2026-000123, valid until Sat, Dec 26, 2026."]);
  });
  it("re-prices a line whose quantity changed from the catalogue, and says so", () => {
    const pricing = quotePricing(
      quote(),
      [
        { productId: "8", quantity: 400 },
        { productId: "16", quantity: 120 },
      ],
      now,
    );
    expect(pricing.quoted).toEqual([{ productId: "16", quantity: 120, unitPence: 224 }]);
    expect(pricing.notices).toEqual([
      "Priced at quote Q-2026-000123, valid until Sat, Dec 26, 2026.",
      "Custom Embroidered Cap: quote Q-2026-000123 is for 399, so 400 is priced from the catalogue.",
    ]);
  });
  it("re-prices everything after expiry, with a clear message", () => {
    const pricing = quotePricing(quote(), [{ productId: "8", quantity: 399 }], new Date("2026-12-27T09:00:00Z"));
    expect(pricing).toEqual({
      quoted: [],
      notices: [
        "Quote Q-2026-000123 expired on Sat, Dec 26, 2026, so your cart is priced at today's catalogue prices.",
      ],
    });
  });
  it("prices one order: once ordered, its products are priced from the catalogue again, and the cart says why", () => {
    const ordered = quote({ orderedAt: new Date("2026-11-30T16:00:00Z") });
    expect(quotePricing(ordered, [{ productId: "8", quantity: 399 }], now)).toEqual({
      quoted: [],
      notices: [
        "Quote Q-2026-000123 was ordered on Mon, Nov 30, 2026, so your cart is priced at today's catalogue prices.",
      ],
    });
    expect(quotePricing(ordered, [{ productId: "17", quantity: 50 }], now)).toEqual({ quoted: [], notices: [] });
  });
  it("says nothing when there is no quote or none of its products is in the cart", () => {
    expect(quotePricing(null, [{ productId: "8", quantity: 399 }], now)).toEqual({ quoted: [], notices: [] });
    expect(quotePricing(quote(), [{ productId: "17", quantity: 50 }], now)).toEqual({ quoted: [], notices: [] });
  });
  it("never prices a sourced line (no product) into the cart", () => {
    const sourced = quote({ lines: [{ ...quote().lines[0]!, productId: null, choices: null }] });
    expect(quotePricing(sourced, [{ productId: "8", quantity: 399 }], now).quoted).toEqual([]);
  });
});

describe("the quoted price wins in every total, for that product and quantity only", () => {
  const quoted = [{ productId: "8", quantity: 399, unitPence: 450 }];
  it("finds the quoted unit price by product and exact quantity", () => {
    expect(quotedUnitPence(quoted, "8", 399)).toBe(450);
    expect(quotedUnitPence(quoted, "8", 400)).toBeUndefined();
    expect(quotedUnitPence(quoted, "16", 399)).toBeUndefined();
    expect(quotedUnitPence(undefined, "8", 399)).toBeUndefined();
  });
  it("prices a checkout line and the order's totals at the quote", () => {
    const lines = withQuotedPrices(
      [
        { productId: "8", quantity: 399 },
        { productId: "16", quantity: 120 },
      ],
      quoted,
    );
    expect(lines[0]).toEqual({ productId: "8", quantity: 399, quotedUnitPence: 450, quotedCharges: [] });
    expect(lines[1]).toEqual({ productId: "16", quantity: 120 });
    expect(pricedLine(lines[0]!, specProducts("8"))).toMatchObject({ unitPence: 450, quantity: 399 });
    const totals = checkoutTotals({ products: specProducts, lines, country: "GB", method: "standard" });
    // 399 × £4.50 + 120 × £2.24 = £1,795.50 + £268.80; shipping £18; VAT 20%.
    expect(totals?.subtotal).toBe(179550 + 26880);
    expect(totals?.total).toBe(Math.round((179550 + 26880 + 1800) * 1.2));
  });
  it("ignores a quoted price when the quantity had to be clamped to the most sold", () => {
    // 20,000 caps are past the 10,000 the cap sells: 10,000 at the 400+ band's £3.88.
    expect(pricedLine({ productId: "8", quantity: 20_000, quotedUnitPence: 1 }, specProducts("8"))).toMatchObject({
      unitPence: 388,
      quantity: 10_000,
    });
  });

  it("keeps a quoted quantity below the MOQ at its price: staff agreed it (decision 087)", () => {
    expect(pricedLine({ productId: "8", quantity: 10, quotedUnitPence: 1 }, specProducts("8"))).toMatchObject({
      unitPence: 1,
      quantity: 10,
    });
  });
});

describe("the quote as a document", () => {
  it("prints its lines at the quoted prices, shipping, VAT and totals that match the domain's", () => {
    const q = quote();
    const doc = quoteDocument(q);
    expect(doc.kind).toBe("quote");
    expect(doc.number).toBe("Q-2026-000123");
    expect(doc.lines.map((line) => [line.description, line.quantity, line.unitPence, line.netPence])).toEqual([
      ["Custom Embroidered Cap", 399, 550, 219450],
      ["Branded A5 Diary", 120, 224, 26880],
      ["Standard Shipping", 1, 1800, 1800],
    ]);
    expect(doc.totals).toEqual({
      netPence: q.totals.total - q.totals.vat,
      vatPence: q.totals.vat,
      grossPence: q.totals.total,
    });
    expect(doc.facts).toEqual([
      { label: "Valid until", value: "Sat, Dec 26, 2026" },
      { label: "Shipping", value: "Standard Shipping" },
    ]);
    expect(doc.buyer).toEqual(q.buyer);
    expect(doc.notes[0]).toBe("Estimated delivery: soon.");
    expect(doc.notes.join(" ")).not.toContain("First-order discount");
  });
  it("says its first-order discount applies only if the order it becomes is still the first (decision 040)", () => {
    const q = quote();
    const discounted = { ...q, totals: { ...q.totals, discount: 24633 } };
    expect(quoteDocument(discounted).notes).toContain(
      "First-order discount: applies only if this is still your first order when you pay. Without it, the goods are charged at the unit prices above.",
    );
    expect(quoteDocument(discounted).notes).toContain(
      "Unit prices are fixed until Sat, Dec 26, 2026: order from this quote in your account, under Quotes, to pay them.",
    );
  });
  it("prints the PO reference the buyer gave on Details first, when there is one", () => {
    const q = quote();
    expect(quoteDocument({ ...q, buyer: { ...q.buyer, poRef: "PO-4471" } }).facts[0]).toEqual({
      label: "PO reference",
      value: "PO-4471",
    });
    expect(quoteDocument(q).facts.map((fact) => fact.label)).not.toContain("PO reference");
  });
  it("says when shipping is not included", () => {
    expect(quoteDocument(quote({ shippingMethod: null })).facts[1]).toEqual({
      label: "Shipping",
      value: "Not included",
    });
  });
  it("estimates delivery from the day of the quote by the quoted method", () => {
    const note = quoteDeliveryNote({
      products: [specProducts("8")!],
      shippingMethod: "express",
      now: new Date("2026-11-26T10:00:00Z"),
    });
    expect(note).toMatch(
      /^Estimated delivery: \w{3}, \w{3} \d+, 2026 – \w{3}, \w{3} \d+, 20\d\d by Express Air Freight/,
    );
    expect(note).toContain("if you order and approve your proof on Thu, Nov 26, 2026");
    // The cap's production time as its page gives it, not the policy's general range.
    expect(note).toMatch(/ Production takes 3\.5 weeks from proof approval and payment\.$/);
    expect(note).not.toContain("business days");
    expect(quoteDeliveryNote({ products: [], shippingMethod: "standard", now: new Date() })).toBe(
      "Delivery dates are confirmed when you order.",
    );
  });
});

describe("quantities to choose from (decision 080)", () => {
  const now = new Date("2026-12-01T09:00:00Z");
  // Staff quote the cap at 100 for £5.20 and at 500 for £3.50, and 120 diaries at £2.24.
  const cap = (quantity: number, unitPence: number) => ({
    productId: "8",
    description: "Custom Embroidered Cap",
    details: [],
    quantity,
    unitPence,
    choices: { selectedColor: "", customizationSelections: [], handwrittenNote: false, notes: "", sizes: [] },
  });
  const diaries = { ...cap(120, 224), productId: "16", description: "Branded A5 Diary" };
  const sourced = { ...cap(30, 900), productId: null, description: "Engraved pens", choices: null };
  const lines = [cap(100, 520), diaries, cap(500, 350), sourced];
  // The totals count the first quantity only: 100 × £5.20 = £520.00 and 120 × £2.24 = £268.80 and
  // 30 × £9.00 = £270.00; £1,058.80 ex VAT, no shipping, 20 % VAT £211.76, £1,270.56 in all.
  const totals = orderTotals({
    lines: quoteOptions(lines).main,
    shippingMethod: null,
    country: "GB",
    firstOrderDiscount: false,
  });
  const q = quote({ lines, totals, shippingMethod: null });

  it("splits a quote into its own lines, the first of each product, and the options after them", () => {
    expect(quoteOptions(lines)).toEqual({ main: [lines[0], diaries, sourced], options: [lines[2]] });
    expect(quotedQuantities(lines, "8")).toBe("100 or 500");
    expect(quotedQuantities(lines, "16")).toBe("120");
    expect(totals.total).toBe(127056);
  });

  it("prints the first quantity as a line and the others as options under the figures", () => {
    const doc = quoteDocument(q);
    expect(doc.lines.map((line) => [line.description, line.quantity, line.netPence])).toEqual([
      ["Custom Embroidered Cap", 100, 52000],
      ["Branded A5 Diary", 120, 26880],
      ["Engraved pens", 30, 27000],
    ]);
    expect(doc.totals).toEqual({ netPence: 105880, vatPence: 21176, grossPence: 127056 });
    // 500 × £3.50 = £1,750.00 ex VAT.
    expect(doc.notes).toContain(
      "Also quoted, to choose when you order: Custom Embroidered Cap, 500 at £3.50 each (£1,750.00 ex VAT) instead of 100. The totals above are for the first quantity.",
    );
  });

  it("prices the cart at whichever quoted quantity it holds, and names both when it holds another", () => {
    expect(quotePricing(q, [{ productId: "8", quantity: 500 }], now).quoted).toEqual([
      { productId: "8", quantity: 500, unitPence: 350 },
    ]);
    expect(quotePricing(q, [{ productId: "8", quantity: 100 }], now).quoted).toEqual([
      { productId: "8", quantity: 100, unitPence: 520 },
    ]);
    expect(quotePricing(q, [{ productId: "8", quantity: 250 }], now)).toEqual({
      quoted: [],
      notices: ["Custom Embroidered Cap: quote Q-2026-000123 is for 100 or 500, so 250 is priced from the catalogue."],
    });
  });
});

describe("chargedAtQuote (a quote prices one order)", () => {
  const quoted = [
    { productId: "8", quantity: 50, unitPence: 400 },
    { productId: null, quantity: 20, unitPence: 300 },
  ];
  it("is true only when an order line has the quoted product, quantity and unit price", () => {
    expect(chargedAtQuote(quoted, [{ productId: "8", quantity: 50, unitPence: 400 }])).toBe(true);
    expect(chargedAtQuote(quoted, [{ productId: "8", quantity: 60, unitPence: 400 }])).toBe(false);
    expect(chargedAtQuote(quoted, [{ productId: "8", quantity: 50, unitPence: 550 }])).toBe(false);
    expect(chargedAtQuote(quoted, [{ productId: "16", quantity: 50, unitPence: 400 }])).toBe(false);
    expect(chargedAtQuote(quoted, [])).toBe(false);
  });
});
