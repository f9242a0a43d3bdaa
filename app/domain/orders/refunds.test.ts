import { describe, expect, it } from "vitest";
import { creditLeft, invoicedAmounts, type PastCredit, planRefund, REFUND_MESSAGES, refundReason } from "./refunds";

/**
 * The worked order: 250 caps at £5.50 (£1,375.00) and 100 shorts at £10.40 (£1,040.00),
 * subtotal £2,415.00, the first-order discount of 10 % (£241.50), standard shipping £18.00: net
 * £2,191.50, VAT at 20 % £438.30, invoice £2,629.80.
 */
const AMOUNTS = { subtotalPence: 241_500, discountPence: 24_150, shippingPence: 1_800, vatPence: 43_830, vatRate: 20 };
const LINES = [
  { quantity: 250, unitPence: 550 },
  { quantity: 100, unitPence: 1_040 },
];

/** A credit as the server keeps it, from a plan. */
const past = (credit: PastCredit): PastCredit => credit;
const plan = (request: Parameters<typeof planRefund>[0]["request"], credits: PastCredit[] = []) =>
  planRefund({ amounts: AMOUNTS, lines: LINES, credits, request });
const planned = (request: Parameters<typeof planRefund>[0]["request"], credits: PastCredit[] = []) => {
  const result = plan(request, credits);
  if (!result.ok) throw new Error(result.message);
  return result.credit;
};

describe("what an invoice charged and what is left of it", () => {
  it("is the order's net after the discount plus shipping, its VAT and their total", () => {
    // 241,500 − 24,150 + 1,800 = 219,150 net; + 43,830 VAT = 262,980.
    expect(invoicedAmounts(AMOUNTS)).toEqual({ netPence: 219_150, vatPence: 43_830, grossPence: 262_980 });
  });

  it("takes every credit off, net, VAT and total apart", () => {
    const left = creditLeft(invoicedAmounts(AMOUNTS), [
      { netPence: 24_750, vatPence: 4_950, grossPence: 29_700 },
      { netPence: 10_000, vatPence: 2_000, grossPence: 12_000 },
    ]);
    // 219,150 − 24,750 − 10,000 = 184,400; 43,830 − 4,950 − 2,000 = 36,880; 262,980 − 29,700 − 12,000 = 221,280.
    expect(left).toEqual({ netPence: 184_400, vatPence: 36_880, grossPence: 221_280 });
  });
});

describe("a refund by lines", () => {
  it("gives back the goods at the price charged with their share of the discount, and VAT on the rest", () => {
    // 50 caps × £5.50 = £275.00; their share of the discount 27,500 × 24,150 / 241,500 = £27.50;
    // net £247.50, VAT 20 % £49.50, refund £297.00.
    expect(planned({ kind: "lines", lines: [{ index: 0, quantity: 50 }], shipping: false })).toEqual({
      goods: [{ index: 0, quantity: 50, unitPence: 550, netPence: 27_500 }],
      discountPence: 2_750,
      shippingPence: 0,
      netPence: 24_750,
      vatPence: 4_950,
      grossPence: 29_700,
    });
  });

  it("adds shipping when ticked, once", () => {
    // 10 shorts × £10.40 = £104.00, discount share 10,400 × 0.1 = £10.40, shipping £18.00:
    // net 10,400 − 1,040 + 1,800 = £111.60, VAT £22.32, refund £133.92.
    const first = planned({ kind: "lines", lines: [{ index: 1, quantity: 10 }], shipping: true });
    expect(first).toMatchObject({ shippingPence: 1_800, netPence: 11_160, vatPence: 2_232, grossPence: 13_392 });
    expect(plan({ kind: "lines", lines: [], shipping: true }, [past(first)])).toEqual({
      ok: false,
      field: "lines",
      message: REFUND_MESSAGES.shippingDone,
    });
  });

  it("never gives back more of a line than the order had, counting earlier refunds", () => {
    expect(plan({ kind: "lines", lines: [{ index: 0, quantity: 251 }], shipping: false })).toMatchObject({
      ok: false,
      message: "Line 1: at most 250 can be refunded.",
    });
    const first = planned({ kind: "lines", lines: [{ index: 0, quantity: 200 }], shipping: false });
    expect(plan({ kind: "lines", lines: [{ index: 0, quantity: 51 }], shipping: false }, [past(first)])).toMatchObject({
      ok: false,
      message: "Line 1: at most 50 can be refunded.",
    });
    const second = planned({ kind: "lines", lines: [{ index: 0, quantity: 50 }], shipping: false }, [past(first)]);
    expect(plan({ kind: "lines", lines: [{ index: 0, quantity: 1 }], shipping: false }, [first, second])).toMatchObject(
      {
        ok: false,
        message: "Line 1 is already refunded in full.",
      },
    );
    expect(plan({ kind: "lines", lines: [{ index: 5, quantity: 1 }], shipping: false })).toMatchObject({
      ok: false,
      field: "lines",
    });
    expect(plan({ kind: "lines", lines: [{ index: 0, quantity: -1 }], shipping: false })).toMatchObject({ ok: false });
    expect(plan({ kind: "lines", lines: [{ index: 0, quantity: 1.5 }], shipping: false })).toMatchObject({ ok: false });
  });

  it("asks for something to refund", () => {
    expect(plan({ kind: "lines", lines: [{ index: 0, quantity: 0 }], shipping: false })).toEqual({
      ok: false,
      field: "lines",
      message: REFUND_MESSAGES.noLines,
    });
  });

  it("refunding every line and shipping in pieces sums to the invoice exactly, the last piece taking what is left", () => {
    // 1 cap: £5.50, discount share round(55) = 55p, net £4.95, VAT round(99) = 99p, £5.94.
    const one = planned({ kind: "lines", lines: [{ index: 0, quantity: 1 }], shipping: false });
    expect(one).toMatchObject({ discountPence: 55, netPence: 495, vatPence: 99, grossPence: 594 });
    // 3 shorts: £31.20, share £3.12, net £28.08, VAT 561.6 → £5.62, £33.70.
    const three = planned({ kind: "lines", lines: [{ index: 1, quantity: 3 }], shipping: false }, [one]);
    expect(three).toMatchObject({ discountPence: 312, netPence: 2_808, vatPence: 562, grossPence: 3_370 });
    // The rest: 249 caps and 97 shorts, £1,369.50 + £1,008.80 = £2,378.30, and shipping; the
    // discount left is 24,150 − 55 − 312 = £237.83; net 237,830 − 23,783 + 1,800 = £2,158.47,
    // which is all the net left (219,150 − 495 − 2,808); so all the VAT left: 43,830 − 99 − 562 = £431.69.
    const rest = planned(
      {
        kind: "lines",
        lines: [
          { index: 0, quantity: 249 },
          { index: 1, quantity: 97 },
        ],
        shipping: true,
      },
      [one, three],
    );
    expect(rest).toMatchObject({ discountPence: 23_783, netPence: 215_847, vatPence: 43_169, grossPence: 259_016 });
    expect(one.grossPence + three.grossPence + rest.grossPence).toBe(262_980);
    expect(one.vatPence + three.vatPence + rest.vatPence).toBe(43_830);
    expect(plan({ kind: "amount", grossPence: 1 }, [one, three, rest])).toMatchObject({
      ok: false,
      message: REFUND_MESSAGES.nothingLeft,
    });
  });

  it("refuses lines that come to more than an earlier amount refund left, and says to refund an amount", () => {
    const amount = planned({ kind: "amount", grossPence: 250_000 });
    // Left: 262,980 − 250,000 = £129.80. 50 caps come to £297.00 (above).
    expect(plan({ kind: "lines", lines: [{ index: 0, quantity: 50 }], shipping: false }, [amount])).toEqual({
      ok: false,
      field: "lines",
      message: REFUND_MESSAGES.linesOverLeft(29_700, 12_980),
    });
  });
});

describe("a refund of an amount", () => {
  it("splits the amount into net and VAT at the order's rate", () => {
    // £120.00 including 20 % VAT: VAT 12,000 × 20 / 120 = £20.00, net £100.00.
    expect(planned({ kind: "amount", grossPence: 12_000 })).toEqual({
      goods: [],
      discountPence: 0,
      shippingPence: 0,
      netPence: 10_000,
      vatPence: 2_000,
      grossPence: 12_000,
    });
    // £0.01: VAT round(0.1667) = 0, net 1p.
    expect(planned({ kind: "amount", grossPence: 1 })).toMatchObject({ netPence: 1, vatPence: 0 });
  });

  it("a partial refund then the rest gives two credits that sum to the invoice and no more", () => {
    // £297.00 first: VAT 29,700 / 6 = £49.50, net £247.50.
    const first = planned({ kind: "amount", grossPence: 29_700 });
    expect(first).toMatchObject({ netPence: 24_750, vatPence: 4_950 });
    // The rest: 262,980 − 29,700 = £2,332.80, net 219,150 − 24,750 = £1,944.00, VAT 43,830 − 4,950 = £388.80.
    const rest = planned({ kind: "amount", grossPence: 233_280 }, [first]);
    expect(rest).toMatchObject({ netPence: 194_400, vatPence: 38_880, grossPence: 233_280 });
    expect(plan({ kind: "amount", grossPence: 233_281 }, [first])).toEqual({
      ok: false,
      field: "amount",
      message: "At most £2,332.80 can be refunded: that is what is left of the invoice.",
    });
  });

  it("counts an On-time Guarantee credit against the invoice", () => {
    // A guarantee credit of 10 % of the goods net: £217.35 + £43.47 VAT = £260.82.
    const guarantee: PastCredit = {
      netPence: 21_735,
      vatPence: 4_347,
      grossPence: 26_082,
      goods: [],
      discountPence: 0,
      shippingPence: 0,
    };
    // Left: 262,980 − 26,082 = £2,368.98; a refund of the whole invoice is refused.
    expect(plan({ kind: "amount", grossPence: 262_980 }, [guarantee])).toMatchObject({
      ok: false,
      message: "At most £2,368.98 can be refunded: that is what is left of the invoice.",
    });
    // The rest: net 219,150 − 21,735 = £1,974.15, VAT 43,830 − 4,347 = £394.83.
    expect(planned({ kind: "amount", grossPence: 236_898 }, [guarantee])).toMatchObject({
      netPence: 197_415,
      vatPence: 39_483,
    });
  });

  it("refuses nothing, less than a penny and fractions", () => {
    for (const grossPence of [0, -100, 0.5, Number.NaN])
      expect(plan({ kind: "amount", grossPence })).toMatchObject({
        ok: false,
        field: "amount",
        message: REFUND_MESSAGES.amountTooSmall,
      });
  });

  it("on a zero-rated export credits no VAT", () => {
    // France by express: £2,173.50 + £35.00 = £2,208.50, no VAT.
    const exported = { subtotalPence: 241_500, discountPence: 24_150, shippingPence: 3_500, vatPence: 0, vatRate: 0 };
    const result = planRefund({
      amounts: exported,
      lines: LINES,
      credits: [],
      request: { kind: "amount", grossPence: 10_000 },
    });
    expect(result).toMatchObject({ ok: true, credit: { netPence: 10_000, vatPence: 0, grossPence: 10_000 } });
  });

  it("never lets rounded VAT run past the invoice's over many small refunds", () => {
    const credits: PastCredit[] = [];
    // 1,000 refunds of 3p each at 20 %: each rounds its VAT (3 / 6 = 0.5 → 1p), while only what is left may be taken.
    for (let i = 0; i < 1_000; i += 1) credits.push(planned({ kind: "amount", grossPence: 3 }, credits));
    const rest = planned({ kind: "amount", grossPence: 262_980 - 3_000 }, credits);
    const all = [...credits, rest];
    expect(all.reduce((sum, c) => sum + c.vatPence, 0)).toBe(43_830);
    expect(all.reduce((sum, c) => sum + c.netPence, 0)).toBe(219_150);
    expect(all.every((c) => c.vatPence >= 0 && c.netPence >= 0)).toBe(true);
  });
});

describe("the reason", () => {
  it("is required, trimmed and at most 500 characters", () => {
    expect(refundReason("  Ten caps arrived damaged ")).toEqual({ ok: true, reason: "Ten caps arrived damaged" });
    expect(refundReason("   ")).toMatchObject({ ok: false, field: "reason", message: REFUND_MESSAGES.reasonMissing });
    expect(refundReason("x".repeat(501))).toMatchObject({ ok: false, message: REFUND_MESSAGES.reasonTooLong });
  });
});
