import { describe, expect, it } from "vitest";
import {
  parseQuarter,
  quarterDays,
  quarterKey,
  quarterLabel,
  quarterOf,
  recentQuarters,
  type VatDocument,
  vatReturnCsv,
  vatSummary,
} from "./vat-return";

const NOW = new Date("2026-11-30T12:00:00Z");

describe("quarters", () => {
  it("are calendar quarters of London days", () => {
    expect(quarterOf("2026-01-01")).toEqual({ year: 2026, q: 1 });
    expect(quarterOf("2026-03-31")).toEqual({ year: 2026, q: 1 });
    expect(quarterOf("2026-04-01")).toEqual({ year: 2026, q: 2 });
    expect(quarterOf("2026-12-31")).toEqual({ year: 2026, q: 4 });
    expect(quarterDays({ year: 2026, q: 4 })).toEqual({ from: "2026-10-01", until: "2027-01-01" });
    expect(quarterDays({ year: 2026, q: 1 })).toEqual({ from: "2026-01-01", until: "2026-04-01" });
    expect(quarterLabel({ year: 2026, q: 4 })).toBe("Oct–Dec 2026");
    expect(quarterKey({ year: 2026, q: 2 })).toBe("2026-Q2");
    // Just after midnight in London on 1 April is still 31 March in UTC: London's day decides.
    expect(parseQuarter(null, new Date("2026-03-31T23:30:00Z"))).toEqual({ year: 2026, q: 2 });
  });

  it("read from the address, or the current one when it names none the shop can have", () => {
    expect(parseQuarter("2026-Q3", NOW)).toEqual({ year: 2026, q: 3 });
    expect(parseQuarter("2025-Q1", NOW)).toEqual({ year: 2025, q: 1 });
    for (const odd of [null, "", "2026-Q5", "2026Q3", "2027-Q1", "1999-Q4", "2026-Q4; drop", "x".repeat(100)])
      expect(parseQuarter(odd, NOW)).toEqual({ year: 2026, q: 4 });
  });

  it("offers the current quarter and the seven before it", () => {
    expect(recentQuarters(NOW).map(quarterKey)).toEqual([
      "2026-Q4",
      "2026-Q3",
      "2026-Q2",
      "2026-Q1",
      "2025-Q4",
      "2025-Q3",
      "2025-Q2",
      "2025-Q1",
    ]);
  });
});

const doc = (overrides: Partial<VatDocument>): VatDocument => ({
  kind: "invoice",
  number: "INV-2026-000001",
  issuedOn: "2026-11-20",
  orderNumber: "SS-000001",
  customer: "Analytical Ltd",
  country: "GB",
  vatRate: 20,
  netPence: 51_300,
  vatPence: 10_260,
  ...overrides,
});

describe("the summary", () => {
  it("sums sales by rate, exports apart, takes credit notes off, and gives boxes 1 and 6", () => {
    const documents = [
      // 100 caps to Leeds: £513.00 + £102.60.
      doc({}),
      // 250 caps and 100 shorts with the discount: £2,191.50 + £438.30.
      doc({ number: "INV-2026-000002", orderNumber: "SS-000002", netPence: 219_150, vatPence: 43_830 }),
      // The same to France by express, zero-rated: £2,208.50.
      doc({
        number: "INV-2026-000003",
        orderNumber: "SS-000003",
        country: "FR",
        vatRate: 0,
        netPence: 220_850,
        vatPence: 0,
      }),
      // Ten caps refunded on the first: £49.50 + £9.90.
      doc({ kind: "credit_note", number: "CN-2026-000001", netPence: 4_950, vatPence: 990 }),
    ];
    const summary = vatSummary(documents);
    expect(summary.lines).toEqual([
      {
        vatRate: 20,
        label: "Standard rate (20 %)",
        // 51,300 + 219,150 = 270,450 net; 10,260 + 43,830 = 54,090 VAT.
        sales: { netPence: 270_450, vatPence: 54_090, count: 2 },
        credits: { netPence: 4_950, vatPence: 990, count: 1 },
        // 270,450 − 4,950 = 265,500; 54,090 − 990 = 53,100.
        netPence: 265_500,
        vatPence: 53_100,
      },
      {
        vatRate: 0,
        label: "Zero-rated exports (0 %)",
        sales: { netPence: 220_850, vatPence: 0, count: 1 },
        credits: { netPence: 0, vatPence: 0, count: 0 },
        netPence: 220_850,
        vatPence: 0,
      },
    ]);
    // Box 1: £531.00 of VAT. Box 6: 265,500 + 220,850 = £4,863.50.
    expect(summary.box1Pence).toBe(53_100);
    expect(summary.box6Pence).toBe(486_350);
  });

  it("is empty for a quarter with no documents", () => {
    expect(vatSummary([])).toEqual({ lines: [], box1Pence: 0, box6Pence: 0 });
  });
});

describe("the accountant's CSV", () => {
  it("lists each document oldest first, credit notes negative, amounts as numbers, names guarded", () => {
    const csv = vatReturnCsv([
      doc({ kind: "credit_note", number: "CN-2026-000001", issuedOn: "2026-11-21", netPence: 4_950, vatPence: 990 }),
      doc({ customer: '=HYPERLINK("x")' }),
    ]);
    expect(csv.split("\r\n")).toEqual([
      "Type,Number,Date,Order,Customer,Country,VAT rate %,Net £,VAT £,Total £",
      `VAT invoice,INV-2026-000001,2026-11-20,SS-000001,"'=HYPERLINK(""x"")",GB,20,513,102.6,615.6`,
      "Credit note,CN-2026-000001,2026-11-21,SS-000001,Analytical Ltd,GB,20,-49.5,-9.9,-59.4",
      "",
    ]);
  });
});
