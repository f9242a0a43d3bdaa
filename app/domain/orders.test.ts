import { describe, expect, it } from "vitest";
import { fieldErrorsFrom } from "./field-errors";
import {
  allowedMoves,
  canTransition,
  formatOrderNumber,
  lineProofState,
  lineTitle,
  ORDER_STATUSES,
  paymentStatusText,
  proofAnswerSchema,
  proofLineParam,
  proofName,
  statusFromLineProofs,
  shippingDetailsProblem,
  staffStatusChoices,
} from "./orders";

describe("order transitions", () => {
  it("lets staff move production forward one step at a time", () => {
    expect(canTransition("proof_approved", "in_production", "staff")).toBe(true);
    expect(canTransition("in_production", "quality_check", "staff")).toBe(true);
    expect(canTransition("quality_check", "shipped", "staff")).toBe(true);
    expect(canTransition("shipped", "delivered", "staff")).toBe(true);
    expect(canTransition("proof_approved", "shipped", "staff")).toBe(false);
    expect(canTransition("delivered", "in_production", "staff")).toBe(false);
  });
  it("allows cancelling only before the proof is approved", () => {
    for (const from of ["paid", "proof_sent", "changes_requested"] as const)
      expect(canTransition(from, "cancelled", "staff")).toBe(true);
    for (const from of ["proof_approved", "in_production", "shipped", "delivered"] as const)
      expect(canTransition(from, "cancelled", "staff")).toBe(false);
  });
  it("lets the buyer only answer a proof", () => {
    expect(canTransition("proof_sent", "proof_approved", "buyer")).toBe(true);
    expect(canTransition("proof_sent", "changes_requested", "buyer")).toBe(true);
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (from !== "proof_sent") expect(canTransition(from, to, "buyer")).toBe(false);
      }
    }
  });
  it("lets the system approve a repeat order on payment and nothing else", () => {
    expect(allowedMoves("paid", "system")).toEqual(["proof_approved"]);
    expect(allowedMoves("proof_sent", "system")).toEqual([]);
  });
  it("keeps proof uploads out of the status menu", () => {
    expect(staffStatusChoices("paid")).toEqual(["cancelled", "refunded"]);
    expect(staffStatusChoices("quality_check")).toEqual(["shipped"]);
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

describe("proofs per line (issue 15 item 6)", () => {
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

describe("the payment in words (issue 16 item 8)", () => {
  it("says how and when the buyer paid, never a provider id", () => {
    expect(paymentStatusText("paid", "Tue, Nov 24, 2026")).toBe("Paid by card on Tue, Nov 24, 2026");
    expect(paymentStatusText("shipped", "Tue, Nov 24, 2026")).toBe("Paid by card on Tue, Nov 24, 2026");
    expect(paymentStatusText("refunded", "Tue, Nov 24, 2026")).toBe("Paid by card on Tue, Nov 24, 2026; refunded");
  });
});
