import { describe, expect, it } from "vitest";
import { maskedPhone, SMS_STOP_WORDS, smsKeyword } from "./sms-keywords";

describe("smsKeyword", () => {
  it.each(SMS_STOP_WORDS)("%s opts out", (word) => {
    expect(smsKeyword(word)).toBe("stop");
    expect(smsKeyword(`  ${word.toLowerCase()}\n`)).toBe("stop");
  });

  it.each(["START", "start", " Start "])("%j re-subscribes", (body) => {
    expect(smsKeyword(body)).toBe("start");
  });

  it.each(["YES", "yes", " Yes\n"])("%j confirms a sign-up", (body) => {
    expect(smsKeyword(body)).toBe("yes");
  });

  it.each(["", "stop please", "STOP!", "Please stop texting me", "YES!", "Yes please", "HELP", "S T O P", "STARTS"])(
    "%j is no command",
    (body) => {
      expect(smsKeyword(body)).toBeNull();
    },
  );
});

describe("maskedPhone", () => {
  it("keeps a UK number's country code and last three digits", () => {
    expect(maskedPhone("+447700900123")).toBe("+44 ••• ••• 123");
  });

  it("keeps another country's first digit and last three", () => {
    expect(maskedPhone("+14155550123")).toBe("+1 ••• ••• 123");
  });

  it("shows nothing of a number too short to mask", () => {
    expect(maskedPhone("+12345")).toBe("•••");
  });
});
