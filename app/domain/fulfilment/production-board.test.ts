import { describe, expect, it } from "vitest";
import {
  type BoardOrder,
  boardFlag,
  boardProducts,
  productionBoard,
  readBoardFilter,
  shipByDate,
  transitWorkingDays,
} from "./production-board";

const CAP = { leadTime: "3.5 weeks", deliveryTime: "5-7 days" };
const SHORTS = { leadTime: "9 days", deliveryTime: "10 days" };
const TODAY = "2026-11-30"; // a Monday

describe("the ship-by day", () => {
  it("is the promised date less the courier's working days for the method, the slowest product ruling", () => {
    // The cap's courier takes 7 days at most; standard shipping adds 5.
    expect(transitWorkingDays([CAP], "express")).toBe(7);
    expect(transitWorkingDays([CAP], "standard")).toBe(12);
    expect(transitWorkingDays([CAP, SHORTS], "express")).toBe(10);
    // Promised Mon 14 Dec 2026: 7 working days back is Thu 3 Dec; 12 is Thu 26 Nov.
    expect(shipByDate({ promised: "2026-12-14", products: [CAP], method: "express" })).toBe("2026-12-03");
    expect(shipByDate({ promised: "2026-12-14", products: [CAP], method: "standard" })).toBe("2026-11-26");
    expect(shipByDate({ promised: null, products: [CAP], method: "standard" })).toBeNull();
  });

  it("skips weekends and bank holidays", () => {
    // Promised Tue 29 Dec 2026: Mon 28 Dec is Boxing Day's substitute and Fri 25 Christmas, so
    // 7 working days back: Thu 24, Wed 23, Tue 22, Mon 21, Fri 18, Thu 17, Wed 16 Dec.
    expect(shipByDate({ promised: "2026-12-29", products: [CAP], method: "express" })).toBe("2026-12-16");
  });

  it("is late once passed, at risk within two working days, else fine", () => {
    expect(boardFlag("2026-11-27", TODAY)).toBe("late");
    expect(boardFlag("2026-11-30", TODAY)).toBe("at_risk");
    // Two working days after Mon 30 Nov is Wed 2 Dec.
    expect(boardFlag("2026-12-02", TODAY)).toBe("at_risk");
    expect(boardFlag("2026-12-03", TODAY)).toBeNull();
    expect(boardFlag(null, TODAY)).toBeNull();
  });
});

const order = (overrides: Partial<BoardOrder>): BoardOrder => ({
  id: overrides.number ?? "x",
  number: "SS-000001",
  status: "in_production",
  company: "Acme",
  lines: [{ productId: "8", title: "Custom Embroidered Cap", quantity: 100, method: "embroidery" }],
  promised: null,
  shipBy: null,
  needBy: null,
  ...overrides,
});

describe("the board", () => {
  const orders = [
    order({ number: "SS-000003", shipBy: "2026-12-09" }),
    order({ number: "SS-000001", shipBy: "2026-11-27" }),
    order({ number: "SS-000002" }),
    order({
      number: "SS-000004",
      status: "paid",
      lines: [{ productId: "15", title: "Custom Running Shorts", quantity: 50, method: "screen_print" }],
    }),
  ];

  it("has a column per stage before dispatch, each by ship-by day, unapproved orders last", () => {
    const board = productionBoard(orders, { productId: null, method: null }, TODAY);
    expect(board.map((column) => column.label)).toEqual([
      "Awaiting transfer",
      "Ordered on account",
      "Paid",
      "Proof ready for you",
      "Changes requested",
      "Proof approved",
      "In production",
      "Quality check",
    ]);
    const production = board.find((column) => column.stage === "in_production")!;
    expect(production.orders.map((each) => [each.number, each.flag])).toEqual([
      ["SS-000001", "late"],
      ["SS-000003", null],
      ["SS-000002", null],
    ]);
    expect(board.find((column) => column.stage === "paid")!.orders.map((each) => each.number)).toEqual(["SS-000004"]);
  });

  it("filters by product and by branding method", () => {
    const count = (filter: Parameters<typeof productionBoard>[1]) =>
      productionBoard(orders, filter, TODAY).reduce((sum, column) => sum + column.orders.length, 0);
    expect(count({ productId: "15", method: null })).toBe(1);
    expect(count({ productId: null, method: "embroidery" })).toBe(3);
    expect(count({ productId: "15", method: "embroidery" })).toBe(0);
  });
});

describe("the board's filters", () => {
  const orders = [
    order({ number: "SS-000001" }),
    order({
      number: "SS-000002",
      lines: [{ productId: "16", title: "Branded A5 Diary", quantity: 120, method: "deboss" }],
    }),
  ];

  it("offers the products on the board's orders, once each, by title", () => {
    expect(boardProducts([...orders, order({ number: "SS-000003" })])).toEqual([
      { id: "16", title: "Branded A5 Diary" },
      { id: "8", title: "Custom Embroidered Cap" },
    ]);
  });

  it("reads a product on the board and a branding method, and ignores anything else", () => {
    const products = boardProducts(orders);
    expect(readBoardFilter(new URLSearchParams("product=8&method=embroidery"), products)).toEqual({
      productId: "8",
      method: "embroidery",
    });
    expect(readBoardFilter(new URLSearchParams("product=15&method=__proto__"), products)).toEqual({
      productId: null,
      method: null,
    });
  });
});
