import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "../core/field-errors";
import {
  allowedMoves,
  canTransition,
  formatOrderNumber,
  lineProofState,
  lineTitle,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderPayment,
  promisesDelivery,
  proofClockStart,
  statusAfterTransferReceived,
  paidOnText,
  paymentStatusText,
  proofLineParam,
  proofName,
  statusFromLineProofs,
  shippingDetailsProblem,
  staffStatusChoices,
} from "./orders";
import { proofAnswerSchema } from "../orders/order-forms";

describe("order transitions", () => {
  it("lets staff move production forward one step at a time", () => {
    expect(canTransition("proof_approved", "in_production", "staff", "paid")).toBe(true);
    expect(canTransition("in_production", "quality_check", "staff", "paid")).toBe(true);
    expect(canTransition("quality_check", "shipped", "staff", "paid")).toBe(true);
    expect(canTransition("shipped", "delivered", "staff", "paid")).toBe(true);
    expect(canTransition("proof_approved", "shipped", "staff", "paid")).toBe(false);
    expect(canTransition("delivered", "in_production", "staff", "paid")).toBe(false);
  });
  it("lets staff cancel at every stage before dispatch, never after (docs/decisions/073)", () => {
    for (const from of [
      "paid",
      "proof_sent",
      "changes_requested",
      "proof_approved",
      "in_production",
      "quality_check",
    ] as const)
      expect(canTransition(from, "cancelled", "staff", "paid")).toBe(true);
    for (const from of ["shipped", "delivered", "cancelled", "refunded"] as const)
      expect(canTransition(from, "cancelled", "staff", "paid")).toBe(false);
  });
  it("lets the buyer only answer a proof, paid or not", () => {
    for (const payment of ["paid", "unpaid"] as const) {
      expect(canTransition("proof_sent", "proof_approved", "buyer", payment)).toBe(true);
      expect(canTransition("proof_sent", "changes_requested", "buyer", payment)).toBe(true);
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          if (from !== "proof_sent") expect(canTransition(from, to, "buyer", payment)).toBe(false);
        }
      }
    }
  });
  it("lets the system approve a repeat order on payment and nothing else", () => {
    expect(allowedMoves("paid", "system", "paid")).toEqual(["proof_approved"]);
    expect(allowedMoves("proof_sent", "system", "paid")).toEqual([]);
  });
  it("keeps proof uploads, cancelling and refunds out of the status menu: each has its own form", () => {
    expect(staffStatusChoices("paid", "paid")).toEqual([]);
    expect(staffStatusChoices("delivered", "paid")).toEqual([]);
    expect(staffStatusChoices("proof_approved", "paid")).toEqual(["in_production"]);
    expect(staffStatusChoices("quality_check", "paid")).toEqual(["shipped"]);
    expect(staffStatusChoices("awaiting_transfer", "unpaid")).toEqual([]);
  });
});

describe("orders paid by bank transfer", () => {
  /** Every move of the state machine, as "actor payment: from→to", so the whole table is checked. */
  const every = () => {
    const moves: string[] = [];
    for (const payment of ["paid", "unpaid", "on_account"] as const)
      for (const actor of ["staff", "buyer", "system"] as const)
        for (const from of ORDER_STATUSES)
          for (const to of ORDER_STATUSES)
            if (canTransition(from, to, actor, payment)) moves.push(`${actor} ${payment}: ${from}→${to}`);
    return moves;
  };

  it("runs proofing while the transfer is awaited, never production or a refund, and expires it unpaid", () => {
    expect(every().filter((move) => move.includes("unpaid"))).toEqual([
      "staff unpaid: awaiting_transfer→proof_sent",
      "staff unpaid: awaiting_transfer→cancelled",
      "staff unpaid: proof_sent→proof_sent",
      "staff unpaid: proof_sent→cancelled",
      "staff unpaid: changes_requested→proof_sent",
      "staff unpaid: changes_requested→cancelled",
      "staff unpaid: proof_approved→cancelled",
      "buyer unpaid: proof_sent→changes_requested",
      "buyer unpaid: proof_sent→proof_approved",
      "system unpaid: awaiting_transfer→proof_approved",
      "system unpaid: awaiting_transfer→expired",
      "system unpaid: proof_sent→expired",
      "system unpaid: changes_requested→expired",
      "system unpaid: proof_approved→expired",
    ]);
  });

  it("never leaves awaiting transfer or reaches expired once paid", () => {
    const paid = every().filter((move) => move.includes(" paid:"));
    expect(paid.filter((move) => move.includes("awaiting_transfer") || move.includes("expired"))).toEqual([]);
    expect(paid).toHaveLength(26);
  });

  it("is, once paid, exactly the table of docs/decisions/073-orders-that-stop.md", () => {
    expect(every().filter((move) => move.includes(" paid:"))).toEqual([
      "staff paid: on_account→proof_sent",
      "staff paid: on_account→cancelled",
      "staff paid: on_account→refunded",
      "staff paid: paid→proof_sent",
      "staff paid: paid→cancelled",
      "staff paid: paid→refunded",
      "staff paid: proof_sent→proof_sent",
      "staff paid: proof_sent→cancelled",
      "staff paid: proof_sent→refunded",
      "staff paid: changes_requested→proof_sent",
      "staff paid: changes_requested→cancelled",
      "staff paid: changes_requested→refunded",
      "staff paid: proof_approved→in_production",
      "staff paid: proof_approved→cancelled",
      "staff paid: proof_approved→refunded",
      "staff paid: in_production→quality_check",
      "staff paid: in_production→cancelled",
      "staff paid: quality_check→shipped",
      "staff paid: quality_check→cancelled",
      "staff paid: shipped→delivered",
      "staff paid: delivered→refunded",
      "staff paid: cancelled→refunded",
      "buyer paid: proof_sent→changes_requested",
      "buyer paid: proof_sent→proof_approved",
      "system paid: on_account→proof_approved",
      "system paid: paid→proof_approved",
    ]);
  });

  it("starts production only once the transfer is received", () => {
    expect(canTransition("proof_approved", "in_production", "staff", "unpaid")).toBe(false);
    expect(canTransition("proof_approved", "in_production", "staff", "paid")).toBe(true);
  });

  it("says what marking the transfer received does to each status", () => {
    const after = Object.fromEntries(ORDER_STATUSES.map((status) => [status, statusAfterTransferReceived(status)]));
    expect(after).toEqual({
      awaiting_transfer: "paid",
      on_account: null,
      paid: null,
      proof_sent: "proof_sent",
      changes_requested: "changes_requested",
      proof_approved: "proof_approved",
      in_production: null,
      quality_check: null,
      shipped: null,
      delivered: null,
      cancelled: null,
      refunded: null,
      expired: "paid",
    });
  });

  it("leaves an order on account where it is when its invoice is paid, unless it has ended", () => {
    const after = Object.fromEntries(
      ORDER_STATUSES.map((status) => [status, statusAfterTransferReceived(status, true)]),
    );
    expect(after).toEqual({
      awaiting_transfer: "awaiting_transfer",
      on_account: "on_account",
      paid: "paid",
      proof_sent: "proof_sent",
      changes_requested: "changes_requested",
      proof_approved: "proof_approved",
      in_production: "in_production",
      quality_check: "quality_check",
      shipped: "shipped",
      delivered: "delivered",
      cancelled: null,
      refunded: null,
      expired: null,
    });
  });

  it("promises a delivery date only once the proof is approved and the money is in", () => {
    expect(promisesDelivery("proof_approved", "paid")).toBe(true);
    expect(promisesDelivery("proof_approved", "unpaid")).toBe(false);
    expect(promisesDelivery("paid", "paid")).toBe(false);
    expect(orderPayment(null)).toBe("unpaid");
    expect(orderPayment(new Date())).toBe("paid");
    // On account (decision 085), the credit stands in for the money until the invoice is paid.
    expect(orderPayment(null, true)).toBe("on_account");
    expect(orderPayment(new Date(), true)).toBe("paid");
    expect(promisesDelivery("proof_approved", "on_account")).toBe(true);
  });

  it("counts the proof's working days from when the order was placed or paid, whichever came first", () => {
    const placed = new Date("2026-11-20T10:00:00Z");
    const paid = new Date("2026-11-27T10:00:00Z");
    expect(proofClockStart({ createdAt: placed, paidAt: null })).toEqual(placed);
    expect(proofClockStart({ createdAt: placed, paidAt: paid })).toEqual(placed);
    expect(proofClockStart({ createdAt: paid, paidAt: placed.toISOString() })).toEqual(placed);
  });

  it("moves an order on account as a paid one, production included", () => {
    const as = (payment: "paid" | "on_account") =>
      every()
        .filter((move) => move.includes(` ${payment}:`))
        .map((move) => move.replace(` ${payment}:`, ""));
    expect(as("on_account")).toEqual(as("paid"));
    expect(canTransition("proof_approved", "in_production", "staff", "on_account")).toBe(true);
  });

  it("says how an order on account is paid", () => {
    expect(paymentStatusText("in_production", { method: "on_account", paidOn: null, dueOn: "31 Dec 2026" })).toBe(
      "On account: invoice due by 31 Dec 2026",
    );
    expect(paymentStatusText("cancelled", { method: "on_account", paidOn: null, dueOn: "31 Dec 2026" })).toBe(
      "Not paid: cancelled and credited",
    );
    expect(paymentStatusText("delivered", { method: "on_account", paidOn: "5 Jan 2027" })).toBe(
      "Paid by bank transfer on account on 5 Jan 2027",
    );
  });

  it("labels the new statuses", () => {
    expect(ORDER_STATUS_LABELS.on_account).toBe("Ordered on account");
    expect(ORDER_STATUS_LABELS.awaiting_transfer).toBe("Awaiting transfer");
    expect(ORDER_STATUS_LABELS.expired).toBe("Expired");
  });
});

describe("shipping details and numbers", () => {
  it("needs both the carrier and the tracking number", () => {
    expect(shippingDetailsProblem({ carrier: "DHL", trackingNumber: " " })).toBe(
      "Enter the carrier and the tracking number.",
    );
    expect(shippingDetailsProblem({ carrier: "DHL", trackingNumber: "JD0123" })).toBeNull();
  });
  it("formats order numbers", () => {
    expect(formatOrderNumber(42)).toBe("SS-000042");
  });
});

describe("the buyer's proof answer", () => {
  const problems = (input: unknown) => {
    const parsed = proofAnswerSchema.safeParse(input);
    return parsed.success ? null : fieldErrorsFrom(parsed.error);
  };

  it("takes an approval, or changes with a comment, as the order page posts them", () => {
    expect(proofAnswerSchema.parse({ decision: "approve", comment: "", proofVersion: "2", line: "2" })).toEqual({
      decision: "approve",
      comment: "",
      proofVersion: 2,
      line: 2,
    });
    expect(proofAnswerSchema.parse({ decision: "changes", comment: "  Logo bigger  " })).toEqual({
      decision: "changes",
      comment: "Logo bigger",
      line: 1,
    });
  });

  it("refuses anything else with the message the buyer sees", () => {
    expect(problems({ decision: "maybe" })).toEqual({ decision: "Choose approve or request changes." });
    expect(problems({})).toEqual({ decision: "Choose approve or request changes." });
    expect(problems({ decision: "changes", comment: "   " })).toEqual({ comment: "Tell us what to change." });
    expect(problems({ decision: "changes" })).toEqual({ comment: "Tell us what to change." });
    expect(problems({ decision: "changes", comment: "x".repeat(2001) })).toEqual({
      comment: "Keep your comment under 2000 characters.",
    });
    expect(problems({ decision: "approve", proofVersion: "0" })).toEqual({
      proofVersion: "Choose approve or request changes.",
    });
    expect(problems({ decision: "approve", line: "0" })).toEqual({ line: "Choose approve or request changes." });
    expect(problems({ decision: "approve", line: "101" })).not.toBeNull();
    expect(problems({ decision: "approve", line: "1.5" })).not.toBeNull();
  });
});

describe("proofs per line", () => {
  it("reads a line's state from its latest version", () => {
    expect(lineProofState(undefined)).toBe("waiting_for_proof");
    expect(lineProofState({ decision: null })).toBe("awaiting_answer");
    expect(lineProofState({ decision: "approved" })).toBe("approved");
    expect(lineProofState({ decision: "changes_requested" })).toBe("changes_requested");
  });

  it("approves the order only when every line is approved; changes on any line win", () => {
    expect(statusFromLineProofs(["approved"])).toBe("proof_approved");
    expect(statusFromLineProofs(["approved", "approved", "approved"])).toBe("proof_approved");
    expect(statusFromLineProofs(["approved", "awaiting_answer"])).toBe("proof_sent");
    expect(statusFromLineProofs(["approved", "waiting_for_proof"])).toBe("proof_sent");
    expect(statusFromLineProofs(["awaiting_answer"])).toBe("proof_sent");
    expect(statusFromLineProofs(["approved", "changes_requested"])).toBe("changes_requested");
    expect(statusFromLineProofs(["changes_requested", "awaiting_answer", "approved"])).toBe("changes_requested");
    expect(statusFromLineProofs([])).toBe("proof_sent");
  });

  it("names the product only when the order has several", () => {
    const cap = { product: { title: "Cap" } };
    expect(lineTitle([cap], cap)).toBeNull();
    expect(lineTitle([cap, { product: { title: "Shorts" } }], cap)).toBe("Cap");
    expect(proofName(2, null)).toBe("Proof version 2");
    expect(proofName(2, "Cap")).toBe("Proof version 2 of Cap");
  });

  it("reads the line of a proof link, the first when none is named", () => {
    expect(proofLineParam(null)).toBe(1);
    expect(proofLineParam("")).toBe(1);
    expect(proofLineParam("2")).toBe(2);
    expect(proofLineParam("100")).toBe(100);
    for (const bad of ["0", "-1", "101", "1.5", "two", "1e2", " 2"]) expect(proofLineParam(bad)).toBeNull();
  });
});

describe("the payment in words", () => {
  const card = { method: "card" as const, paidOn: "Tue, Nov 24, 2026" };
  it("says how and when the buyer paid, never a provider id", () => {
    expect(paymentStatusText("paid", card)).toBe("Paid by card on Tue, Nov 24, 2026");
    expect(paymentStatusText("shipped", card)).toBe("Paid by card on Tue, Nov 24, 2026");
    expect(paymentStatusText("refunded", card)).toBe("Paid by card on Tue, Nov 24, 2026; refunded");
  });
  it("says a transfer is awaited, received, or never came", () => {
    const transfer = { method: "bank_transfer" as const, paidOn: null, dueOn: "Thu, Dec 10, 2026" };
    expect(paymentStatusText("awaiting_transfer", transfer)).toBe(
      "Awaiting your bank transfer, due by Thu, Dec 10, 2026",
    );
    expect(paymentStatusText("proof_sent", transfer)).toBe("Awaiting your bank transfer, due by Thu, Dec 10, 2026");
    expect(paymentStatusText("expired", transfer)).toBe("Not paid: the bank transfer was due by Thu, Dec 10, 2026");
    expect(paymentStatusText("cancelled", transfer)).toBe("Not paid: cancelled");
    expect(paymentStatusText("paid", { ...transfer, paidOn: "Mon, Dec 7, 2026" })).toBe(
      "Paid by bank transfer on Mon, Dec 7, 2026",
    );
  });
  it("dates a transfer by the day it arrived, and a card by the London day it was paid", () => {
    // Recorded on Monday 14 December, the money arrived on Saturday the 12th.
    expect(paidOnText(new Date("2026-12-14T10:00:00Z"), "2026-12-12")).toBe("Sat, Dec 12, 2026");
    // 23:30 UTC on 31 May is 00:30 on 1 June in London (BST).
    expect(paidOnText(new Date("2026-05-31T23:30:00Z"), null)).toBe("Mon, Jun 1, 2026");
    expect(paidOnText(null, null)).toBeNull();
  });
});
