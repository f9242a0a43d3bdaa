import { describe, expect, it } from "vitest";
import { orderTotals, VAT_RATE_GB } from "./checkout";
import {
  DEFAULT_PRICE_MODE,
  isPriceMode,
  PRICE_MODE_COOKIE,
  PRICE_MODE_LABELS,
  priceInMode,
  priceModeCookie,
  priceModeFromCookie,
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

  it("converts each figure on its own, so an inc-VAT unit price times the quantity can miss the line by pennies", () => {
    const unit = priceInMode(469, "inc");
    const line = priceInMode(lineTotalPence(469, 3), "inc");
    expect(unit).toBe(563);
    expect(line).toBe(1688);
    expect(unit * 3).toBe(1689);
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
    expect(formatUnitPrice(5.5, inc)).toBe("£6.60");
    expect(formatUnitPrice([3.88, 5.5], inc)).toBe("£4.66 - £6.60");
    expect(formatUnitPrice([5.5, 3.88], inc)).toBe("£4.66 - £6.60");
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
