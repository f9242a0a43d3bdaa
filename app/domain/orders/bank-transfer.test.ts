import { describe, expect, it } from "vitest";
import { splitDraftData } from "./order-snapshot";
import { draftDataSchema } from "../checkout/draft-schemas";
import {
  BANK_TRANSFER_DUE_DAYS,
  BANK_TRANSFER_MESSAGES,
  REMINDER_DAYS_BEFORE,
  expiresOn,
  latestDueWithTask,
  proformaDocument,
  recordTransfer,
  reminderOn,
  transferDueOn,
  transferInstructions,
  transferLeftPence,
  transferTask,
} from "./bank-transfer";

describe("the due date, the reminder and expiry", () => {
  it("is due 14 calendar days after the order is placed, by its London date", () => {
    expect(BANK_TRANSFER_DUE_DAYS).toBe(14);
    expect(transferDueOn(new Date("2026-11-26T10:00:00Z"))).toBe("2026-12-10");
    // 23:30 UTC on 30 June 2027 is already 1 July in London (BST).
    expect(transferDueOn(new Date("2027-06-30T23:30:00Z"))).toBe("2027-07-15");
    // Over a year end.
    expect(transferDueOn(new Date("2026-12-25T12:00:00Z"))).toBe("2027-01-08");
  });

  it("falls on a working day: a weekend or a bank holiday moves it to the next one", () => {
    // Placed Saturday 28 November 2026: 14 days on is Saturday 12 December, so Monday 14 December.
    expect(transferDueOn(new Date("2026-11-28T10:00:00Z"))).toBe("2026-12-14");
    // Placed Friday 11 December 2026: 14 days on is Christmas Day, a Friday; Monday 28 December is
    // Boxing Day's substitute, so Tuesday 29 December.
    expect(transferDueOn(new Date("2026-12-11T10:00:00Z"))).toBe("2026-12-29");
    // Placed Monday 22 March 2027: 14 days on is Monday 5 April, a working day (Easter 2027 is 28 March).
    expect(transferDueOn(new Date("2027-03-22T10:00:00Z"))).toBe("2027-04-05");
    // Placed Monday 15 March 2027: 14 days on is Easter Monday, 29 March: Tuesday 30 March.
    expect(transferDueOn(new Date("2027-03-15T10:00:00Z"))).toBe("2027-03-30");
  });

  it("reminds 3 days before the due date and expires the day after it", () => {
    expect(REMINDER_DAYS_BEFORE).toBe(3);
    expect(reminderOn("2026-12-10")).toBe("2026-12-07");
    expect(expiresOn("2026-12-10")).toBe("2026-12-11");
  });

  const awaited = { dueOn: "2026-12-10", remindedAt: null, receivedAt: null, expiredAt: null, partPaidPence: 0 };
  const at = (iso: string) => new Date(iso);

  it("needs nothing before the reminder day, a reminder from it, once, and expiry after the due date", () => {
    expect(transferTask(awaited, at("2026-11-26T10:00:00Z"))).toBeNull();
    expect(transferTask(awaited, at("2026-12-06T23:59:00Z"))).toBeNull();
    // 00:30 on 7 December in London.
    expect(transferTask(awaited, at("2026-12-07T00:30:00Z"))).toBe("remind");
    expect(transferTask(awaited, at("2026-12-10T23:59:00Z"))).toBe("remind");
    const reminded = { ...awaited, remindedAt: at("2026-12-07T06:00:00Z") };
    expect(transferTask(reminded, at("2026-12-08T10:00:00Z"))).toBeNull();
    expect(transferTask(reminded, at("2026-12-10T23:59:59Z"))).toBeNull();
    expect(transferTask(reminded, at("2026-12-11T00:00:00Z"))).toBe("expire");
    // Never reminded (the server was down): it still expires, without a late reminder.
    expect(transferTask(awaited, at("2026-12-20T10:00:00Z"))).toBe("expire");
  });

  it("needs nothing once the money is in or the order has expired", () => {
    expect(transferTask({ ...awaited, receivedAt: at("2026-12-01T10:00:00Z") }, at("2026-12-20T10:00:00Z"))).toBeNull();
    expect(transferTask({ ...awaited, expiredAt: at("2026-12-11T10:00:00Z") }, at("2026-12-20T10:00:00Z"))).toBeNull();
  });

  it("reminds a transfer part paid of the rest, and leaves it to staff past its due date instead of expiring it", () => {
    const partPaid = { ...awaited, partPaidPence: 100_000 };
    expect(transferTask(partPaid, at("2026-12-07T10:00:00Z"))).toBe("remind");
    expect(transferTask(partPaid, at("2026-12-11T00:00:00Z"))).toBeNull();
    expect(transferTask(partPaid, at("2027-01-20T10:00:00Z"))).toBeNull();
  });

  it("looks at transfers due up to 3 days ahead", () => {
    expect(latestDueWithTask(at("2026-12-07T10:00:00Z"))).toBe("2026-12-10");
  });
});

const data = draftDataSchema.parse({
  product_id: "8",
  quantity: 50,
  variant: { color_hex: "#1f2a56" },
  customization_selections: ["Front embroidery"],
  details: {
    contact_name: "Ada Lovelace",
    email: "ada@analytical.example",
    company: "Analytical Ltd",
    phone: "+44 20 7946 0958",
    vat_number: "GB123456782",
    po_ref: "PO-7781",
    billing: { name: "Ada Lovelace", line1: "1 Engine Street", city: "London", postcode: "N1 9GU", country: "GB" },
    tos_accepted: true,
  },
  shipping: {
    address: {
      firstName: "Charles",
      lastName: "Babbage",
      line1: "2 Mill Lane",
      city: "Leeds",
      postcode: "LS1 4AP",
      country: "GB",
    },
    method: "standard",
  },
});
const cap = {
  id: "8",
  title: "Custom Embroidered Cap",
  leadTime: "3.5 weeks",
  deliveryTime: "5-7 days",
  colours: [{ name: "Navy", hex: "#1f2a56" }],
};
const { order: snapshot, line } = splitDraftData(data, cap);

describe("recording what arrived (part payments)", () => {
  // The order: 250 caps and 100 shorts with the first-order discount, £2,629.80 due.
  const due = 262_980;

  it("keeps a payment short of what is due as a part payment, with what is still due", () => {
    // £1,000.00 of £2,629.80: £1,629.80 still due.
    expect(recordTransfer({ duePence: due, partPaidPence: 0, receivedPence: 100_000, acceptShortfall: false })).toEqual(
      {
        kind: "part",
        sumPence: 100_000,
        leftPence: 162_980,
      },
    );
    // Then £1,000.00 more: £2,000.00 in all, £629.80 still due.
    expect(
      recordTransfer({ duePence: due, partPaidPence: 100_000, receivedPence: 100_000, acceptShortfall: false }),
    ).toEqual({ kind: "part", sumPence: 200_000, leftPence: 62_980 });
  });

  it("pays the order when the payments reach what is due, exactly or over", () => {
    // £2,000.00 then £629.80: exactly £2,629.80.
    expect(
      recordTransfer({ duePence: due, partPaidPence: 200_000, receivedPence: 62_980, acceptShortfall: false }),
    ).toEqual({ kind: "paid", sumPence: due, difference: { kind: "exact" } });
    // £2,000.00 then £630.00: over by 20p.
    expect(
      recordTransfer({ duePence: due, partPaidPence: 200_000, receivedPence: 63_000, acceptShortfall: false }),
    ).toEqual({ kind: "paid", sumPence: 263_000, difference: { kind: "over", pence: 20 } });
  });

  it("pays the order short when staff accept the shortfall, with both figures", () => {
    // £2,000.00 then £600.00 accepted: £2,600.00, short by £29.80.
    expect(
      recordTransfer({ duePence: due, partPaidPence: 200_000, receivedPence: 60_000, acceptShortfall: true }),
    ).toEqual({ kind: "paid", sumPence: 260_000, difference: { kind: "short", pence: 2_980 } });
  });

  it("leaves to pay the amount due less the part payments, never below nothing", () => {
    expect(transferLeftPence({ duePence: due, partPaidPence: 0 })).toBe(due);
    expect(transferLeftPence({ duePence: due, partPaidPence: 100_000 })).toBe(162_980);
    expect(transferLeftPence({ duePence: due, partPaidPence: 300_000 })).toBe(0);
  });

  it("says what a part payment leaves, in the history and to staff", () => {
    expect(BANK_TRANSFER_MESSAGES.partReceivedNote(100_000, { sumPence: 200_000, leftPence: 62_980 })).toBe(
      "Part payment received: £1,000.00; £2,000.00 received in all, £629.80 still due",
    );
  });
});

describe("the pro-forma invoice", () => {
  // 50 caps at £5.50 = £275.00, 10% off (£27.50), standard shipping £18.00, VAT 20% = £53.10.
  const proforma = proformaDocument({
    number: "PF-2026-000007",
    issuedAt: new Date("2026-11-26T10:00:00Z"),
    orderNumber: "SS-000042",
    snapshot,
    lines: [{ ...line, quantity: 50, unitPence: 550, subtotalPence: 27500 }],
    amounts: {
      subtotalPence: 27500,
      discountPence: 2750,
      shippingPence: 1800,
      vatPence: 5310,
      vatRate: 20,
      totalPence: 31860,
    },
    dueOn: "2026-12-10",
  });

  it("is a pro-forma with the order number as its payment reference, the PO reference from Details and the due date", () => {
    expect(proforma.kind).toBe("proforma");
    expect(proforma.number).toBe("PF-2026-000007");
    expect(proforma.bankTransferReference).toBe("SS-000042");
    expect(proforma.facts).toEqual([
      { label: "Order", value: "SS-000042" },
      { label: "PO reference", value: "PO-7781" },
      { label: "Payment reference", value: "SS-000042" },
      { label: "Due by", value: "Thu, Dec 10, 2026" },
    ]);
  });

  it("is for the buyer who ordered, delivered where they asked", () => {
    expect(proforma.buyer).toEqual({
      lines: ["Analytical Ltd", "Ada Lovelace", "1 Engine Street", "London", "N1 9GU", "United Kingdom"],
      vatNumber: "GB123456782",
    });
    expect(proforma.deliverTo).toEqual(["Charles Babbage", "2 Mill Lane", "Leeds", "LS1 4AP", "United Kingdom"]);
  });

  it("charges what the order charged, VAT apportioned over its lines", () => {
    expect(
      proforma.lines.map(({ description, details, netPence, vatPence }) => [description, details, netPence, vatPence]),
    ).toEqual([
      ["Custom Embroidered Cap", ["Navy", "Front embroidery"], 27500, 5500],
      ["First order discount (10%)", [], -2750, -550],
      ["Standard Shipping", [], 1800, 360],
    ]);
    expect(proforma.totals).toEqual({ netPence: 26550, vatPence: 5310, grossPence: 31860 });
  });

  it("says how to pay and that it is not a VAT invoice", () => {
    expect(proforma.notes[0]).toBe(
      "Please pay £318.60 by bank transfer by Thu, Dec 10, 2026, quoting SS-000042 as the payment reference.",
    );
    expect(proforma.notes[1]).toContain("not a VAT invoice");
  });

  it("says how to pay in the e-mails' words too", () => {
    expect(transferInstructions({ totalPence: 35160, reference: "SS-000042", dueOn: "2026-12-10" })).toBe(
      "Please pay £351.60 by bank transfer by Thu, Dec 10, 2026, quoting SS-000042 as the payment reference.",
    );
  });
});
