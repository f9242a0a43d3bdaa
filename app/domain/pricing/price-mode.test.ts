import { describe, expect, it } from "vitest";
import { orderTotals, SHIPPING_METHOD_IDS, SHIPPING_METHODS } from "./checkout";
import { VAT_RATE_GB } from "./vat";
import { formatHundredthsOfPence } from "../core/money";
import {
  DEFAULT_PRICE_MODE,
  isPriceMode,
  PRICE_MODE_COOKIE,
  PRICE_MODE_LABELS,
  exactInMode,
  formatUnitInMode,
  priceInMode,
  priceModeCookie,
  priceModeFromCookie,
  shownLineTotals,
  shownTotals,
} from "./price-mode";
import { formatUnitPrice, lineTotalPence, parseTiers, priceBreakHint } from "./pricing";
import { CAP_TABLE, SHORTS_TABLE } from "./spec-fixtures";

describe("priceInMode", () => {
  it("leaves an ex-VAT amount as it is", () => {
    expect(priceInMode(550, "ex")).toBe(550);
    expect(priceInMode(0, "ex")).toBe(0);
  });

  it.each([
    [550, 660],
    [388, 466], // 77.6p of VAT rounds up to 78p
    [469, 563], // 93.8p → 94p
    [1, 1], // 0.2p → 0p
    [3, 4], // 0.6p → 1p
    [25, 30], // 5p exactly
    [219450, 263340],
    [0, 0],
  ])("adds UK VAT at 20%%, half-up to the penny: %i → %i", (ex, inc) => {
    expect(priceInMode(ex, "inc")).toBe(inc);
  });

  it("uses the UK rate unless told the order's rate (0% for an export)", () => {
    expect(VAT_RATE_GB).toBe(20);
    expect(priceInMode(550, "inc", 0)).toBe(550);
    expect(priceInMode(550, "inc", VAT_RATE_GB)).toBe(660);
  });

  it("rounds VAT the way the order's totals do", () => {
    for (const pence of [1, 3, 388, 469, 1407, 99_999]) {
      const totals = orderTotals({ lines: [{ unitPence: pence, quantity: 1 }], country: "GB" });
      expect(priceInMode(pence, "inc")).toBe(totals.total);
    }
  });

  it("rounds one figure on its own: a rounded unit times the quantity would miss the line, hence formatUnitInMode", () => {
    expect(priceInMode(469, "inc")).toBe(563);
    expect(priceInMode(lineTotalPence(469, 3), "inc")).toBe(1688);
    expect(priceInMode(388, "inc") * 400).toBe(186400);
    expect(priceInMode(lineTotalPence(388, 400), "inc")).toBe(186240);
  });
});

describe("the price mode cookie", () => {
  it("defaults to ex VAT (a B2B shop)", () => {
    expect(DEFAULT_PRICE_MODE).toBe("ex");
    expect(priceModeFromCookie(null)).toBe("ex");
    expect(priceModeFromCookie(undefined)).toBe("ex");
    expect(priceModeFromCookie("")).toBe("ex");
  });

  it.each([
    ["prices=inc", "inc"],
    ["prices=ex", "ex"],
    ["promo_closed=1; prices=inc", "inc"],
    ["prices=inc;promo_closed=1", "inc"],
    ["  prices=inc  ", "inc"],
    ["prices=INC", "ex"],
    ["prices=incl", "ex"],
    ["prices=", "ex"],
    ["prices", "ex"],
    ["myprices=inc", "ex"],
    ["prices=inc=1", "ex"],
  ])("%j reads as %s", (header, mode) => {
    expect(priceModeFromCookie(header)).toBe(mode);
  });

  it("sets a year-long, site-wide, Lax cookie holding only the mode", () => {
    expect(priceModeCookie("inc", false)).toBe("prices=inc; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(priceModeCookie("ex", true)).toBe("prices=ex; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(priceModeFromCookie(priceModeCookie("inc", true).split(";")[0])).toBe("inc");
    expect(PRICE_MODE_COOKIE).toBe("prices");
  });

  it("knows only the two modes", () => {
    expect(isPriceMode("ex")).toBe(true);
    expect(isPriceMode("inc")).toBe(true);
    for (const value of ["", "EX", "both", null, undefined, 1]) expect(isPriceMode(value)).toBe(false);
  });

  it("labels each mode as the issue writes it", () => {
    expect(PRICE_MODE_LABELS).toEqual({ ex: "ex VAT", inc: "inc VAT" });
  });
});

describe("prices shown inc VAT", () => {
  const inc = (pence: number) => priceInMode(pence, "inc");

  it("shows a card's single price and range with VAT on each end", () => {
    const unit = (pence: number) => formatUnitInMode(pence, "inc");
    expect(formatUnitPrice(5.5, unit)).toBe("£6.60");
    expect(formatUnitPrice([3.88, 5.5], unit)).toBe("£4.656 - £6.60");
    expect(formatUnitPrice([5.5, 3.88], unit)).toBe("£4.656 - £6.60");
    expect(formatUnitPrice([3.88, 5.5])).toBe("£3.88 - £5.50");
  });

  it("gives the price-break saving as the difference of the inc-VAT line totals", () => {
    // 399 caps £2,633.40 inc VAT, 400 caps £1,862.40 inc VAT.
    expect(priceBreakHint(parseTiers(CAP_TABLE), 399, inc)).toEqual({
      quantity: 400,
      addUnits: 1,
      savingPence: 77100,
      message: "Add 1 more and pay £771.00 less",
    });
    expect(priceBreakHint(parseTiers(CAP_TABLE), 399)?.message).toBe("Add 1 more and pay £642.50 less");
  });

  it("offers a price break inc VAT exactly where it offers one ex VAT", () => {
    for (const table of [CAP_TABLE, SHORTS_TABLE]) {
      const tiers = parseTiers(table);
      for (let quantity = 50; quantity < 420; quantity++) {
        expect(priceBreakHint(tiers, quantity, inc) === null).toBe(priceBreakHint(tiers, quantity) === null);
      }
    }
  });
});

describe("unit prices inc VAT, exact (docs/decisions/041-one-answer-per-question.md)", () => {
  it.each([
    [388, "inc", "£4.656"],
    [550, "inc", "£6.60"],
    [469, "inc", "£5.628"],
    [1, "inc", "£0.012"],
    [5, "inc", "£0.06"],
    [0, "inc", "£0.00"],
    [219450, "inc", "£2,633.40"],
    [388, "ex", "£3.88"],
    [469, "ex", "£4.69"],
  ] as const)("%ip shown %s is %s", (pence, mode, text) => {
    expect(formatUnitInMode(pence, mode)).toBe(text);
  });

  it("is exact at any whole-percent rate, and the ex-VAT price at 0%", () => {
    expect(formatUnitInMode(469, "inc", 0)).toBe("£4.69");
    expect(formatUnitInMode(469, "inc", 5)).toBe("£4.9245");
    expect(formatUnitInMode(1, "inc", 17)).toBe("£0.0117");
  });

  it("formats hundredths of a penny with the digits they need and two at least", () => {
    expect(formatHundredthsOfPence(46560)).toBe("£4.656");
    expect(formatHundredthsOfPence(12345)).toBe("£1.2345");
    expect(formatHundredthsOfPence(100)).toBe("£0.01");
    expect(formatHundredthsOfPence(186_240_00)).toBe("£1,862.40");
    expect(() => formatHundredthsOfPence(1.5)).toThrow(RangeError);
  });

  it("makes quantity × the unit shown the line's exact inc-VAT figure, for every tier price and quantity up to 1,000", () => {
    // The shown unit's digits read back as hundredths of a penny; the product is exact in integers.
    const readBack = (text: string) => Math.round(Number(text.replace(/[£,]/g, "")) * 10_000);
    for (const unit of [1, 3, 388, 469, 550, 999, 1234, 2575]) {
      const shownUnit = readBack(formatUnitInMode(unit, "inc"));
      expect(shownUnit).toBe(exactInMode(unit, "inc"));
      for (let quantity = 1; quantity <= 1000; quantity++) {
        const exact = shownUnit * quantity;
        const line = shownLineTotals([lineTotalPence(unit, quantity)], "inc")[0]!;
        // The line shown is that product rounded half-up to the penny, and equal to it when it is whole pence.
        expect(line).toBe(Math.floor((exact + 50) / 100));
        if (exact % 100 === 0) expect(line * 100).toBe(exact);
      }
    }
  });

  it("shows 400 caps inc VAT as 400 × £4.656 = £1,862.40, what the order charges", () => {
    expect(formatUnitInMode(388, "inc")).toBe("£4.656");
    expect(shownLineTotals([lineTotalPence(388, 400)], "inc")).toEqual([186240]);
    expect(orderTotals({ lines: [{ unitPence: 388, quantity: 400 }], country: "GB" }).total).toBe(186240);
  });
});

describe("shownLineTotals", () => {
  it("leaves lines as they are ex VAT", () => {
    expect(shownLineTotals([1407, 66000], "ex")).toEqual([1407, 66000]);
    expect(shownLineTotals([], "inc")).toEqual([]);
  });

  it("adds up inc VAT to the goods' inc-VAT figure where rounding each on its own would not", () => {
    // 1407p → 1688.4p and 1407p → 1688.4p: each alone 1688p, 3376p together, but 2814p inc VAT is 3377p (3376.8p).
    expect(priceInMode(1407, "inc") * 2).toBe(3376);
    expect(shownLineTotals([1407, 1407], "inc")).toEqual([1689, 1688]);
    // The larger remainder takes the penny: 1408p → 1689.6p, 1407p → 1688.4p; 3378p in all.
    expect(shownLineTotals([1407, 1408], "inc")).toEqual([1688, 1690]);
  });

  it("for any lines: the sum is the goods inc VAT, each line the floor or ceiling of its exact figure, whole ones untouched", () => {
    let seed = 41;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (let trial = 0; trial < 3000; trial++) {
      const count = 1 + Math.floor(random() * 6);
      const rate = [20, 0, 5, 17][trial % 4]!;
      const lines = Array.from({ length: count }, () =>
        lineTotalPence(1 + Math.floor(random() * 3000), 1 + Math.floor(random() * 2000)),
      );
      const shown = shownLineTotals(lines, "inc", rate);
      const sum = lines.reduce((a, b) => a + b, 0);
      expect(shown.reduce((a, b) => a + b, 0)).toBe(priceInMode(sum, "inc", rate));
      lines.forEach((line, index) => {
        const exact = exactInMode(line, "inc", rate);
        const figure = shown[index]!;
        expect(figure * 100 <= exact + 99 && figure * 100 >= exact - 99).toBe(true);
        if (exact % 100 === 0) expect(figure * 100).toBe(exact);
      });
    }
  });

  it("gives a single line its own half-up figure, as the product page's calculator shows it", () => {
    for (let pence = 0; pence < 5000; pence++) {
      expect(shownLineTotals([pence], "inc")).toEqual([priceInMode(pence, "inc")]);
    }
  });
});

describe("shownTotals", () => {
  const sumsUp = (shown: ReturnType<typeof shownTotals>) => shown.goods - shown.discount + shown.shipping;

  it("ex VAT is the order's own figures", () => {
    const totals = orderTotals({
      lines: [{ unitPence: 550, quantity: 120 }],
      shippingMethod: "standard",
      country: "GB",
      firstOrderDiscount: true,
    });
    expect(shownTotals(totals, "ex")).toEqual({
      mode: "ex",
      goods: 66000,
      discount: 6600,
      shipping: 1800,
      total: 73440,
      vat: 12240,
      vatRate: 20,
    });
  });

  it("inc VAT: 120 caps with the first-order discount and standard shipping read £792.00 − £79.20 + £21.60 = £734.40", () => {
    const totals = orderTotals({
      lines: [{ unitPence: 550, quantity: 120 }],
      shippingMethod: "standard",
      country: "GB",
      firstOrderDiscount: true,
    });
    expect(shownTotals(totals, "inc")).toEqual({
      mode: "inc",
      goods: 79200,
      discount: 7920,
      shipping: 2160,
      total: 73440,
      vat: 12240,
      vatRate: 20,
    });
  });

  it("adds up to the charge in both modes, for every shipping method, country and discount, and shows shipping at its own price", () => {
    for (const method of [null, ...SHIPPING_METHOD_IDS]) {
      for (const country of ["GB", "US"]) {
        for (const firstOrderDiscount of [false, true]) {
          for (let subtotal = 0; subtotal < 1000; subtotal += 1) {
            const totals = orderTotals({
              lines: [{ unitPence: subtotal, quantity: 1 }],
              shippingMethod: method,
              country,
              firstOrderDiscount,
            });
            for (const mode of ["ex", "inc"] as const) {
              const shown = shownTotals(totals, mode);
              expect(shown.total).toBe(totals.total);
              expect(shown.vat).toBe(totals.vat);
              expect(sumsUp(shown)).toBe(mode === "ex" ? totals.total - totals.vat : totals.total);
              expect(shown.goods).toBe(priceInMode(subtotal, mode, totals.vatRate));
              expect(shown.shipping).toBe(
                priceInMode(method ? SHIPPING_METHODS[method].pence : 0, mode, totals.vatRate),
              );
              expect(shown.discount).toBeGreaterThanOrEqual(0);
            }
          }
        }
      }
    }
  });

  it("the lines shown add up to the goods shown, so lines, totals and charge agree", () => {
    const lines = [
      { unitPence: 469, quantity: 3 },
      { unitPence: 469, quantity: 3 },
      { unitPence: 388, quantity: 401 },
    ];
    const totals = orderTotals({ lines, shippingMethod: "express", country: "GB", firstOrderDiscount: true });
    const shownLines = shownLineTotals(
      lines.map((line) => lineTotalPence(line.unitPence, line.quantity)),
      "inc",
    );
    const shown = shownTotals(totals, "inc");
    expect(shownLines.reduce((a, b) => a + b, 0)).toBe(shown.goods);
    expect(shown.goods - shown.discount + shown.shipping).toBe(totals.total);
  });
});
