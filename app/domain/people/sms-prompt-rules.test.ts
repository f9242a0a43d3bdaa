import { describe, expect, it } from "vitest";
import {
  parseLastShown,
  parseSignedUpRecord,
  shouldAutoOpenSmsPrompt,
  SMS_PROMPT_DELAY_MS,
  SMS_REPROMPT_DAYS,
  smsSignupSchema,
} from "./sms-prompt-rules";

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse("2026-11-20T10:00:00Z");

describe("shouldAutoOpenSmsPrompt (R-SMS-01/03)", () => {
  it("uses the spec's timings", () => {
    expect(SMS_PROMPT_DELAY_MS).toBe(23_000);
    expect(SMS_REPROMPT_DAYS).toBe(30);
  });

  it("opens for a first visit", () => {
    expect(shouldAutoOpenSmsPrompt({ signedUp: false, lastShownAt: null, now })).toBe(true);
  });

  it("stays shut 29 days after it was last shown and opens again at 30", () => {
    expect(shouldAutoOpenSmsPrompt({ signedUp: false, lastShownAt: now - 29 * DAY, now })).toBe(false);
    expect(shouldAutoOpenSmsPrompt({ signedUp: false, lastShownAt: now - 30 * DAY + 1, now })).toBe(false);
    expect(shouldAutoOpenSmsPrompt({ signedUp: false, lastShownAt: now - 30 * DAY, now })).toBe(true);
  });

  it("never opens once signed up", () => {
    expect(shouldAutoOpenSmsPrompt({ signedUp: true, lastShownAt: null, now })).toBe(false);
  });
});

describe("stored values (R-LS-06)", () => {
  it("reads a valid signed-up record", () => {
    const record = { phoneNumber: "+447123456789", timestamp: now, id: "abc" };
    expect(parseSignedUpRecord(JSON.stringify(record))).toEqual(record);
  });

  it.each([null, "", "{", "[]", '{"phoneNumber":"x"}', "null"])("treats %j as not signed up", (raw) => {
    expect(parseSignedUpRecord(raw)).toBeNull();
  });

  it("reads a last-shown time and ignores junk", () => {
    expect(parseLastShown(String(now))).toBe(now);
    for (const raw of [null, "", "soon", "-5", "NaN"]) expect(parseLastShown(raw)).toBeNull();
  });
});

describe("smsSignupSchema (R-SMS-05, A-21)", () => {
  it("stores a valid UK number as E.164", () => {
    expect(smsSignupSchema.parse({ phone: "07123 456789", sourcePage: "/faqs" })).toEqual({
      phone: "+447123456789",
      sourcePage: "/faqs",
    });
    expect(smsSignupSchema.parse({ phone: "020 7946 0958" }).phone).toBe("+442079460958");
  });

  it.each(["447123456789", "0712345", "+4407123456789", "07123-456789", ""])("rejects %j", (phone) => {
    expect(smsSignupSchema.safeParse({ phone }).success).toBe(false);
  });

  it("only takes a path on this site as the source page", () => {
    expect(smsSignupSchema.safeParse({ phone: "07123456789", sourcePage: "https://evil.example" }).success).toBe(false);
    expect(smsSignupSchema.safeParse({ phone: "07123456789", sourcePage: "//evil.example" }).success).toBe(false);
  });
});
