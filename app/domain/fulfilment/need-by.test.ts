import { describe, expect, it } from "vitest";
import { addDays } from "../core/dates";
import { estimateDelivery } from "./delivery";
import {
  approveByDate,
  isAtRisk,
  methodWorkingDays,
  needByForStaff,
  NEED_BY_MAX_DAYS_AHEAD,
  orderNeedBy,
  parseNeedBy,
  planNeedBy,
  readIsoDate,
  tooTightMessage,
  workingDaysUntil,
} from "./need-by";
import { isWorkingDay } from "../core/working-days";

// Thursday 26 November 2026, midday in London.
const NOW = new Date("2026-11-26T12:00:00Z");
// 10 + 7 = 17 working days by express, 22 by standard.
const TWO_WEEKS = { leadTime: "2 weeks", deliveryTime: "5-7 days" };
// 17.5 + 7 → 25 working days by express, 30 by standard.
const CAP = { leadTime: "3.5 weeks", deliveryTime: "5-7 days" };
// 9 + 10 = 19 working days by express.
const SHORTS = { leadTime: "9 days", deliveryTime: "10 days" };

const plan = (needBy: string, products = [TWO_WEEKS], now = NOW) => planNeedBy({ products, needBy, now });
const method = (p: ReturnType<typeof plan>, id: "express" | "standard") => {
  const found = p.methods.find((m) => m.method === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

describe("readIsoDate", () => {
  it.each([
    ["2026-12-24", "2026-12-24"],
    [" 2026-12-24 ", "2026-12-24"],
    ["2026-02-30", null],
    ["2026-13-01", null],
    ["24/12/2026", null],
    ["2026-12-2", null],
    ["2026-12-24T00:00", null],
    ["", null],
    ["x".repeat(10_000).slice(0, 12), null],
  ])("%s reads as %j", (text, expected) => {
    expect(readIsoDate(text)).toBe(expected);
  });
});

describe("parseNeedBy", () => {
  it("accepts tomorrow and a date a year ahead", () => {
    expect(parseNeedBy("2026-11-27", NOW)).toEqual({ ok: true, needBy: "2026-11-27" });
    expect(parseNeedBy(addDays("2026-11-26", NEED_BY_MAX_DAYS_AHEAD), NOW)).toEqual({ ok: true, needBy: "2027-11-27" });
  });

  it("refuses an empty or unreadable date with a reason", () => {
    expect(parseNeedBy("", NOW)).toEqual({ ok: false, message: "Enter the date you need your order by." });
    expect(parseNeedBy(null, NOW)).toEqual({ ok: false, message: "Enter the date you need your order by." });
    expect(parseNeedBy("next friday", NOW)).toEqual({
      ok: false,
      message: "Enter a real date, for example 2026-12-18.",
    });
    expect(parseNeedBy("2026-02-29", NOW)).toEqual({
      ok: false,
      message: "Enter a real date, for example 2026-12-18.",
    });
  });

  it("refuses a date in the past", () => {
    expect(parseNeedBy("2026-11-25", NOW)).toEqual({
      ok: false,
      message: "That date has passed: choose a date after today.",
    });
    expect(parseNeedBy("2020-01-01", NOW).ok).toBe(false);
  });

  it("refuses today", () => {
    expect(parseNeedBy("2026-11-26", NOW)).toEqual({
      ok: false,
      message: "We cannot deliver today: choose a date after today.",
    });
  });

  it("reads today in London, not UTC (23:30 UTC on 30 June is 1 July in London)", () => {
    const lateJune = new Date("2027-06-30T23:30:00Z");
    expect(parseNeedBy("2027-07-01", lateJune).ok).toBe(false);
    expect(parseNeedBy("2027-07-02", lateJune).ok).toBe(true);
  });

  it("refuses a date more than a year ahead", () => {
    expect(parseNeedBy("2027-11-28", NOW)).toEqual({
      ok: false,
      message: "Choose a date within a year, by Sat, Nov 27, 2027 at the latest.",
    });
    expect(parseNeedBy("9999-12-31", NOW).ok).toBe(false);
  });
});

describe("methodWorkingDays", () => {
  it("is the upper-bound offset of the date engine, standard adding its transit days", () => {
    expect(methodWorkingDays([TWO_WEEKS], "express")).toBe(17);
    expect(methodWorkingDays([TWO_WEEKS], "standard")).toBe(22);
    expect(methodWorkingDays([CAP], "express")).toBe(25);
  });

  it("lets the slowest product rule (R-CALC-13)", () => {
    expect(methodWorkingDays([TWO_WEEKS, CAP, SHORTS], "express")).toBe(25);
    expect(methodWorkingDays([SHORTS, TWO_WEEKS], "express")).toBe(19);
  });

  it("needs a product", () => {
    expect(() => methodWorkingDays([], "express")).toThrow(RangeError);
  });
});

describe("approveByDate", () => {
  it("is the inverse of the estimate: approved that day, the latest delivery is on or before the date", () => {
    for (let offset = 1; offset < 200; offset++) {
      const needBy = addDays("2026-11-26", offset);
      for (const products of [[TWO_WEEKS], [CAP, SHORTS]]) {
        for (const m of ["express", "standard"] as const) {
          const approveBy = approveByDate({ products, method: m, needBy });
          expect(isWorkingDay(approveBy)).toBe(true);
          const onTime = estimateDelivery({ products, method: m, now: new Date(`${approveBy}T12:00:00Z`) });
          expect(onTime.end <= needBy).toBe(true);
          const dayLate = estimateDelivery({
            products,
            method: m,
            now: new Date(`${addDays(approveBy, 1)}T12:00:00Z`),
          });
          expect(dayLate.end > needBy).toBe(true);
        }
      }
    }
  });

  it("goes back over Christmas 2026 (25 December and the substitute 28 December)", () => {
    // Tue 29 Dec back 17 working days: 24, 23, 22, 21, 18 … 2 Dec.
    expect(approveByDate({ products: [TWO_WEEKS], method: "express", needBy: "2026-12-29" })).toBe("2026-12-02");
    expect(approveByDate({ products: [TWO_WEEKS], method: "express", needBy: "2026-12-24" })).toBe("2026-12-01");
  });

  it("reads a bank holiday or weekend need-by date as the working day before it", () => {
    for (const holiday of ["2026-12-25", "2026-12-26", "2026-12-27", "2026-12-28"]) {
      expect(approveByDate({ products: [TWO_WEEKS], method: "express", needBy: holiday })).toBe("2026-12-01");
    }
  });

  it("reads a Sunday as the Friday before", () => {
    expect(approveByDate({ products: [TWO_WEEKS], method: "express", needBy: "2027-01-17" })).toBe("2026-12-18");
    expect(approveByDate({ products: [TWO_WEEKS], method: "express", needBy: "2027-01-15" })).toBe("2026-12-18");
  });

  it("goes back over Easter 2027 (Good Friday 26 March, Easter Monday 29 March)", () => {
    expect(approveByDate({ products: [TWO_WEEKS], method: "express", needBy: "2027-03-29" })).toBe("2027-03-02");
    expect(approveByDate({ products: [TWO_WEEKS], method: "express", needBy: "2027-03-26" })).toBe("2027-03-02");
    expect(approveByDate({ products: [TWO_WEEKS], method: "express", needBy: "2027-03-30" })).toBe("2027-03-03");
    // Over New Year and Christmas the other way: 17 working days before Thu 21 Jan 2027.
    expect(approveByDate({ products: [TWO_WEEKS], method: "express", needBy: "2027-01-21" })).toBe("2026-12-24");
  });

  it("with several products, plans for the slowest", () => {
    const both = approveByDate({ products: [TWO_WEEKS, CAP], method: "express", needBy: "2027-01-21" });
    expect(both).toBe(approveByDate({ products: [CAP], method: "express", needBy: "2027-01-21" }));
    expect(both < approveByDate({ products: [TWO_WEEKS], method: "express", needBy: "2027-01-21" })).toBe(true);
  });
});

describe("planNeedBy", () => {
  it("cannot approve before the proof is due, 2 working days after paying today", () => {
    expect(plan("2027-01-21").earliestApproval).toBe("2026-11-30");
  });

  it("for Christmas Eve, express makes it and standard does not", () => {
    const result = plan("2026-12-24");
    expect(method(result, "express")).toEqual({
      method: "express",
      label: "Express Air Freight",
      approveBy: "2026-12-01",
      earliestDelivery: "2026-12-23",
      feasible: true,
    });
    expect(method(result, "standard")).toMatchObject({ approveBy: "2026-11-24", feasible: false });
    expect(result.tooTight).toBeNull();
  });

  it("express just makes 23 December and just misses 22 December", () => {
    expect(method(plan("2026-12-23"), "express")).toMatchObject({ approveBy: "2026-11-30", feasible: true });
    const missed = plan("2026-12-22");
    expect(method(missed, "express")).toMatchObject({ approveBy: "2026-11-27", feasible: false });
    expect(missed.tooTight).toEqual({
      method: "express",
      label: "Express Air Freight",
      earliestDelivery: "2026-12-23",
      message: "Too tight: the earliest we can deliver is Wed, Dec 23, 2026",
    });
  });

  it("standard just makes Mon 4 January 2027 (over Christmas and New Year) and just misses 31 December", () => {
    expect(method(plan("2027-01-04"), "standard")).toMatchObject({
      approveBy: "2026-11-30",
      earliestDelivery: "2027-01-04",
      feasible: true,
    });
    expect(method(plan("2026-12-31"), "standard")).toMatchObject({ approveBy: "2026-11-27", feasible: false });
    expect(method(plan("2026-12-31"), "express").feasible).toBe(true);
  });

  it("a need-by date on Christmas Day, Boxing Day or its substitute plans as Christmas Eve", () => {
    for (const day of ["2026-12-25", "2026-12-26", "2026-12-28"]) {
      expect(plan(day).methods).toEqual(plan("2026-12-24").methods);
    }
  });

  it("a date a few days away is too tight for every method", () => {
    const result = plan("2026-11-27");
    expect(result.methods.every((m) => !m.feasible)).toBe(true);
    expect(result.tooTight?.message).toBe("Too tight: the earliest we can deliver is Wed, Dec 23, 2026");
  });

  it("with several products the slowest decides what is too tight", () => {
    const result = plan("2026-12-23", [TWO_WEEKS, CAP]);
    expect(result.tooTight).toMatchObject({ method: "express", earliestDelivery: "2027-01-07" });
    expect(result.tooTight?.message).toBe("Too tight: the earliest we can deliver is Thu, Jan 7, 2027");
    expect(method(plan("2027-01-07", [SHORTS, CAP]), "express").feasible).toBe(true);
    expect(method(plan("2027-01-06", [SHORTS, CAP]), "express").feasible).toBe(false);
    expect(method(plan("2027-01-06", [SHORTS]), "express").feasible).toBe(true);
  });

  it("plans over Easter 2027", () => {
    const result = plan("2027-03-29");
    expect(method(result, "express")).toMatchObject({ approveBy: "2027-03-02", feasible: true });
    expect(method(result, "standard")).toMatchObject({ approveBy: "2027-02-23", feasible: true });
  });

  it("ordered on a Saturday, the proof's two working days start on Monday: due Wednesday", () => {
    expect(plan("2027-01-21", [TWO_WEEKS], new Date("2026-11-28T10:00:00Z")).earliestApproval).toBe("2026-12-02");
  });
});

describe("tooTightMessage", () => {
  it("prints the date in the one format", () => {
    expect(tooTightMessage("2026-12-22")).toBe("Too tight: the earliest we can deliver is Tue, Dec 22, 2026");
  });
});

describe("workingDaysUntil", () => {
  it("counts the working days after `from` up to and including `to`", () => {
    expect(workingDaysUntil("2026-11-26", "2026-12-01")).toBe(3);
    expect(workingDaysUntil("2026-11-26", "2026-11-26")).toBe(0);
    expect(workingDaysUntil("2026-11-26", "2026-11-20")).toBe(0);
    expect(workingDaysUntil("2026-12-24", "2026-12-29")).toBe(1);
  });
});

describe("orderNeedBy", () => {
  const order = (status: string, now: Date) =>
    orderNeedBy({ needBy: "2026-12-24", status, method: "express", products: [TWO_WEEKS], now });

  it("counts down while the proof waits and the date can be met", () => {
    expect(order("proof_sent", NOW)).toEqual({
      kind: "countdown",
      needBy: "2026-12-24",
      approveBy: "2026-12-01",
      workingDaysLeft: 3,
      message: "Approve by Tue, Dec 1, 2026 to keep your date",
    });
    expect(order("paid", NOW).kind).toBe("countdown");
    expect(order("changes_requested", NOW).kind).toBe("countdown");
    expect(order("awaiting_transfer", NOW).kind).toBe("countdown");
  });

  it("still counts down on the approve-by day itself", () => {
    expect(order("proof_sent", new Date("2026-12-01T22:30:00Z"))).toMatchObject({
      kind: "countdown",
      workingDaysLeft: 0,
    });
  });

  it("says plainly once the approve-by date has passed, with the date approval today gives", () => {
    expect(order("proof_sent", new Date("2026-12-02T09:00:00Z"))).toEqual({
      kind: "missed",
      needBy: "2026-12-24",
      approveBy: "2026-12-01",
      deliveryIfApprovedToday: "2026-12-29",
      message:
        "The approve-by date, Tue, Dec 1, 2026, has passed: we can no longer promise delivery by Thu, Dec 24, 2026. Approved today, it arrives by Tue, Dec 29, 2026.",
    });
  });

  it("has nothing to count once the proof is approved or the order is over", () => {
    for (const status of ["proof_approved", "in_production", "shipped", "delivered", "cancelled", "expired"]) {
      expect(order(status, NOW)).toEqual({ kind: "settled", needBy: "2026-12-24", approveBy: "2026-12-01" });
    }
  });

  it("plans an order without a method as standard", () => {
    const result = orderNeedBy({ needBy: "2027-01-04", status: "paid", method: null, products: [TWO_WEEKS], now: NOW });
    expect(result.approveBy).toBe("2026-11-30");
  });
});

describe("isAtRisk", () => {
  const risk = (
    approveBy: string | null,
    status = "proof_sent",
    today = "2026-11-26",
    needBy: string | null = "2026-12-24",
  ) => isAtRisk({ needBy, approveBy, status, today });

  it("is at risk when the approve-by date is passed, today, or within 2 working days", () => {
    expect(risk("2026-11-20")).toBe(true);
    expect(risk("2026-11-26")).toBe(true);
    expect(risk("2026-11-27")).toBe(true);
    expect(risk("2026-11-30")).toBe(true); // Friday, then Monday: 2 working days
    expect(risk("2026-12-01")).toBe(false);
  });

  it("counts working days over a holiday", () => {
    expect(risk("2026-12-29", "paid", "2026-12-23")).toBe(true); // 24, 29
    expect(risk("2026-12-30", "paid", "2026-12-23")).toBe(false);
  });

  it("is never at risk without a need-by date or once the proof is approved", () => {
    expect(risk("2026-11-26", "proof_sent", "2026-11-26", null)).toBe(false);
    expect(risk(null)).toBe(false);
    expect(risk("2026-11-20", "proof_approved")).toBe(false);
    expect(risk("2026-11-20", "shipped")).toBe(false);
  });
});

describe("needByForStaff", () => {
  const staff = (needBy: string | null, status: string, today: string) =>
    needByForStaff({ needBy, status, method: "express", products: [TWO_WEEKS], today });

  it("gives the approve-by date and whether the order is at risk", () => {
    expect(staff("2026-12-24", "proof_sent", "2026-11-26")).toEqual({
      needBy: "2026-12-24",
      approveBy: "2026-12-01",
      atRisk: false,
    });
    expect(staff("2026-12-24", "proof_sent", "2026-11-27")).toEqual({
      needBy: "2026-12-24",
      approveBy: "2026-12-01",
      atRisk: true,
    });
    expect(staff("2026-12-24", "in_production", "2026-12-10")?.atRisk).toBe(false);
  });

  it("is null without a need-by date or products", () => {
    expect(staff(null, "paid", "2026-11-26")).toBeNull();
    expect(
      needByForStaff({ needBy: "2026-12-24", status: "paid", method: null, products: [], today: "2026-11-26" }),
    ).toBeNull();
  });
});
