import { describe, expect, it } from "vitest";
import { SHIPPING_METHOD_IDS } from "../pricing/checkout";
import { addDays } from "../core/dates";
import { deliveryWindowFrom, estimateDelivery } from "./delivery";
import { earliestDelivery } from "./earliest-delivery";
import { planNeedBy } from "./need-by";
import { CAP_TIMES, DIARY_TIMES, MAT_TIMES, SHORTS_TIMES } from "../pricing/spec-fixtures";

// Thursday 26 November 2026, midday in London.
const NOW = new Date("2026-11-26T12:00:00Z");
const PRODUCTS = [CAP_TIMES, SHORTS_TIMES, DIARY_TIMES, MAT_TIMES];

describe("earliestDelivery", () => {
  it("counts the window from the day the proof comes, 2 working days after ordering today", () => {
    // Thu 26 Nov → proof by Mon 30 Nov; 2 weeks + 5-7 days is 15 to 17 working days from then.
    expect(earliestDelivery({ products: [MAT_TIMES], method: "express", now: NOW })).toEqual({
      proofBy: "2026-11-30",
      start: "2026-12-21",
      end: "2026-12-23",
    });
  });

  it("is the engine's window from that day, later than the window 'if approved today'", () => {
    for (const method of SHIPPING_METHOD_IDS) {
      const earliest = earliestDelivery({ products: [CAP_TIMES], method, now: NOW });
      const today = estimateDelivery({ products: [CAP_TIMES], method, now: NOW });
      expect(earliest).toMatchObject(deliveryWindowFrom({ products: [CAP_TIMES], method, approvedOn: "2026-11-30" }));
      expect(earliest.end > today.end).toBe(true);
    }
  });

  it("gives the need-by planner its earliest date, for every product, mix, method and day of a year", () => {
    const mixes = [...PRODUCTS.map((p) => [p]), PRODUCTS, [SHORTS_TIMES, MAT_TIMES]];
    for (let day = 0; day < 366; day += 1) {
      const now = new Date(Date.UTC(2026, 10, 26 + day, 12));
      for (const products of mixes) {
        const plan = planNeedBy({ products, needBy: addDays("2026-11-26", day + 400), now });
        for (const method of SHIPPING_METHOD_IDS) {
          const earliest = earliestDelivery({ products, method, now });
          expect(plan.earliestApproval).toBe(earliest.proofBy);
          expect(plan.methods.find((m) => m.method === method)?.earliestDelivery).toBe(earliest.end);
        }
      }
    }
  });

  it("over Christmas: an order on Wed 23 Dec 2026 has its proof by Tue 29 Dec", () => {
    const now = new Date("2026-12-23T12:00:00Z");
    expect(earliestDelivery({ products: [MAT_TIMES], method: "express", now }).proofBy).toBe("2026-12-29");
  });

  it("uses London's date: 23:30 UTC on a summer Friday is already Saturday in London", () => {
    const now = new Date("2026-07-03T23:30:00Z");
    expect(earliestDelivery({ products: [MAT_TIMES], method: "express", now }).proofBy).toBe("2026-07-08");
  });

  it("refuses an estimate without products", () => {
    expect(() => earliestDelivery({ products: [], method: "express", now: NOW })).toThrow(RangeError);
  });
});
