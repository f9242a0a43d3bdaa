/**
 * Card checks for the built-in test-mode payment provider (decision 007): the number, expiry and CVC
 * are checked as a card form would, and the documented Stripe test numbers behave as Stripe's do.
 */

export const TEST_MODE_LABEL = "Test mode: no card is charged";

export function digitsOnly(text: string): string {
  return text.replace(/[\s-]/g, "");
}

/** The Luhn checksum every real card number passes. */
export function passesLuhn(number: string): boolean {
  const digits = digitsOnly(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** "MM/YY" (or MM/YYYY) in the future, counted to the end of the expiry month. */
export function expiryProblem(text: string, now: Date): string | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return "Enter the expiry date as MM/YY.";
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "Enter the expiry date as MM/YY.";
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth <= now.getTime() ? "Your card's expiration date is in the past." : null;
}

export function cvcProblem(text: string, number: string): string | null {
  const amex = /^3[47]/.test(digitsOnly(number));
  return (amex ? /^\d{4}$/ : /^\d{3}$/).test(text.trim()) ? null : "Your card's security code is incomplete.";
}

export type TestCardOutcome = { outcome: "succeeded" } | { outcome: "declined"; code: string; message: string };

/** What Stripe does with its documented test numbers; any other valid number succeeds. */
export function testCardOutcome(number: string): TestCardOutcome {
  switch (digitsOnly(number)) {
    case "4000000000000002":
      return { outcome: "declined", code: "card_declined", message: "Your card was declined." };
    case "4000000000009995":
      return { outcome: "declined", code: "insufficient_funds", message: "Your card has insufficient funds." };
    case "4000000000000069":
      return { outcome: "declined", code: "expired_card", message: "Your card has expired." };
    case "4000000000000127":
      return { outcome: "declined", code: "incorrect_cvc", message: "Your card's security code is incorrect." };
    default:
      return { outcome: "succeeded" };
  }
}

export type CardInput = { number: string; expiry: string; cvc: string; name?: string };

/** Field problems of a card form, keyed by field; empty when the form can be sent. */
export function cardProblems(card: CardInput, now: Date): Partial<Record<"number" | "expiry" | "cvc", string>> {
  const problems: Partial<Record<"number" | "expiry" | "cvc", string>> = {};
  if (!passesLuhn(card.number)) problems.number = "Your card number is invalid.";
  const expiry = expiryProblem(card.expiry, now);
  if (expiry) problems.expiry = expiry;
  const cvc = cvcProblem(card.cvc, card.number);
  if (cvc) problems.cvc = cvc;
  return problems;
}
