import { describe, expect, it } from "vitest";
import { cardProblems, cvcProblem, expiryProblem, passesLuhn, testCardOutcome } from "./cards";

const now = new Date("2026-11-20T12:00:00Z");

describe("passesLuhn", () => {
  it.each([
    ["4242 4242 4242 4242", true],
    ["4000 0000 0000 0002", true],
    ["5555555555554444", true],
    ["378282246310005", true],
    ["4242 4242 4242 4241", false],
    ["1234", false],
    ["abcd efgh ijkl mnop", false],
  ])("%s → %s", (number, ok) => expect(passesLuhn(number)).toBe(ok));
});

describe("expiry and CVC", () => {
  it("accepts this month and later, refuses earlier and malformed dates", () => {
    expect(expiryProblem("11/26", now)).toBeNull();
    expect(expiryProblem("12/2030", now)).toBeNull();
    expect(expiryProblem("10/26", now)).toBe("Your card's expiration date is in the past.");
    expect(expiryProblem("13/27", now)).toBe("Enter the expiry date as MM/YY.");
    expect(expiryProblem("1127", now)).toBe("Enter the expiry date as MM/YY.");
  });
  it("wants 3 digits, or 4 for American Express", () => {
    expect(cvcProblem("123", "4242424242424242")).toBeNull();
    expect(cvcProblem("12", "4242424242424242")).not.toBeNull();
    expect(cvcProblem("1234", "378282246310005")).toBeNull();
    expect(cvcProblem("123", "378282246310005")).not.toBeNull();
  });
});

describe("test card outcomes", () => {
  it("declines the documented decline numbers and passes the rest", () => {
    expect(testCardOutcome("4242424242424242")).toEqual({ outcome: "succeeded" });
    expect(testCardOutcome("4000 0000 0000 0002")).toEqual({
      outcome: "declined",
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect(testCardOutcome("4000000000009995")).toMatchObject({ code: "insufficient_funds" });
  });
  it("reports every problem of a form at once", () => {
    expect(cardProblems({ number: "4242", expiry: "01/20", cvc: "1" }, now)).toEqual({
      number: "Your card number is invalid.",
      expiry: "Your card's expiration date is in the past.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(cardProblems({ number: "4242424242424242", expiry: "12/30", cvc: "123" }, now)).toEqual({});
  });
});
