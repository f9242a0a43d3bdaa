import { describe, expect, it } from "vitest";
import {
  accountIdFor,
  FRESHNESS_MINUTES,
  GENERIC_SIGN_IN_ERROR,
  identityErrorMessage,
  isSignInFresh,
  normalisePhone,
  parseIdentifier,
  passwordProblems,
  placeholderEmailForPhone,
  isPlaceholderEmail,
} from "./auth-rules";

describe("passwordProblems", () => {
  it("accepts a long passphrase", () => {
    expect(passwordProblems("correct horse battery staple")).toEqual([]);
  });
  it("gives every reason a password is weak", () => {
    expect(passwordProblems("short")).toEqual(["Use at least 10 characters."]);
    expect(passwordProblems("1234567890")).toEqual([
      "This is one of the most common passwords; choose another.",
      "Don't use only numbers; add some words.",
    ]);
    expect(passwordProblems("aaaaaaaaaaaa")).toContain("Use more different characters.");
    expect(passwordProblems("jane.smith-rocks", { email: "jane.smith@acme.co" })).toEqual([
      "Don't include your e-mail address.",
    ]);
    expect(passwordProblems("x".repeat(129))).toContain("Use at most 128 characters.");
  });
});

describe("parseIdentifier", () => {
  it("reads e-mail addresses, lower-cased", () => {
    expect(parseIdentifier("  Jane@Acme.CO ")).toEqual({ kind: "email", email: "jane@acme.co" });
  });
  it("reads phone numbers as E.164", () => {
    expect(parseIdentifier("07123 456789")).toEqual({ kind: "phone", phone: "+447123456789" });
    expect(parseIdentifier("+44 20 7946 0958")).toEqual({ kind: "phone", phone: "+442079460958" });
    expect(parseIdentifier("0044 7123 456789")).toEqual({ kind: "phone", phone: "+447123456789" });
  });
  it("refuses anything else", () => {
    expect(parseIdentifier("jane@")).toBeNull();
    expect(parseIdentifier("call me")).toBeNull();
    expect(parseIdentifier("")).toBeNull();
    expect(parseIdentifier("12345")).toBeNull();
  });
});

describe("normalisePhone", () => {
  it("keeps international numbers and refuses letters", () => {
    expect(normalisePhone("+1 (415) 555-0100")).toBe("+14155550100");
    expect(normalisePhone("call 02079460958")).toBeNull();
  });
});

describe("placeholder e-mails for phone accounts", () => {
  it("can never be delivered and are recognised", () => {
    const email = placeholderEmailForPhone("+447123456789");
    expect(email).toBe("phone-447123456789@phone.swagstudio.invalid");
    expect(isPlaceholderEmail(email)).toBe(true);
    expect(isPlaceholderEmail("jane@acme.co")).toBe(false);
  });
});

describe("freshness", () => {
  const signedIn = new Date("2026-11-20T10:00:00Z");
  it("has the spec's levels", () => {
    expect(FRESHNESS_MINUTES).toEqual({ strict_mfa: 10, strict: 10, moderate: 60, lax: 1440 });
  });
  it("is fresh for just under 10 minutes", () => {
    expect(isSignInFresh(signedIn, new Date("2026-11-20T10:09:59Z"))).toBe(true);
    expect(isSignInFresh(signedIn, new Date("2026-11-20T10:10:00Z"))).toBe(false);
    expect(isSignInFresh(signedIn, new Date("2026-11-20T10:59:00Z"), "moderate")).toBe(true);
  });
});

describe("accountIdFor", () => {
  it("is the active organisation, else the user", () => {
    expect(accountIdFor({ userId: "u1", activeOrganizationId: "o1" })).toBe("o1");
    expect(accountIdFor({ userId: "u1", activeOrganizationId: null })).toBe("u1");
    expect(accountIdFor({ userId: "u1" })).toBe("u1");
  });
});

describe("identityErrorMessage", () => {
  it("gives one generic message for every wrong-credentials code", () => {
    for (const code of [
      "INVALID_EMAIL_OR_PASSWORD",
      "INVALID_PHONE_NUMBER_OR_PASSWORD",
      "USER_NOT_FOUND",
      "INVALID_CREDENTIALS",
    ]) {
      expect(identityErrorMessage(code)).toBe(GENERIC_SIGN_IN_ERROR);
    }
  });
  it("has a clear text for each identity error of SPEC.md §8", () => {
    expect(identityErrorMessage("SESSION_MISSING")).toMatch(/sign in again/);
    expect(identityErrorMessage("WEAK_PASSWORD")).toMatch(/too weak/);
    expect(identityErrorMessage("INVALID_JWT")).toMatch(/invalid or has expired/);
    expect(identityErrorMessage("RETRYABLE_FETCH_ERROR")).toMatch(/couldn't reach/);
    expect(identityErrorMessage("REDIRECT_ERROR")).toMatch(/start again/);
    expect(identityErrorMessage("SOMETHING_NEW")).toBe("Something went wrong. Please try again.");
    expect(identityErrorMessage(undefined)).toBe("Something went wrong. Please try again.");
  });
  it("says why a role change is refused", () => {
    expect(identityErrorMessage("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER")).toBe(
      "Only the organisation's owner or an admin can change a role, and the owner's role stays as it is.",
    );
    expect(identityErrorMessage("MEMBER_NOT_FOUND")).toBe("That person is no longer a member of this organisation.");
    expect(identityErrorMessage("NO_ACTIVE_ORGANIZATION")).toBe("Choose the organisation you're working in first.");
  });
});
