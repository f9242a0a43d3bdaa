import { describe, expect, it } from "vitest";
import { chatLink, publicBusiness, registeredIn, telHref } from "./business-profile";
import { BUSINESS_SAMPLES, businessProfile } from "./business-variables";

describe("the profile's helpers", () => {
  it("read the part of the UK a company is registered in from its number", () => {
    expect(registeredIn("01234567")).toBe("England and Wales");
    expect(registeredIn("OC123456")).toBe("England and Wales");
    expect(registeredIn("SC123456")).toBe("Scotland");
    expect(registeredIn("NI123456")).toBe("Northern Ireland");
  });

  it("make chat and phone links", () => {
    expect(chatLink("https://wa.me/441314960000", "Hi, I'd like it by 5 June & more")).toBe(
      "https://wa.me/441314960000?text=Hi%2C%20I'd%20like%20it%20by%205%20June%20%26%20more",
    );
    expect(chatLink("https://chat.example.com/start?team=sales&text=old#top", "Hi")).toBe(
      "https://chat.example.com/start?team=sales&text=Hi",
    );
    expect(telHref("+44 (0)131 496-0000")).toBe("tel:+4401314960000");
  });

  it("give the browser everything but the bank account", () => {
    const profile = businessProfile(BUSINESS_SAMPLES);
    const shown = publicBusiness(profile);
    expect(shown).not.toHaveProperty("bank");
    expect(shown.supportEmail).toBe(profile.supportEmail);
  });
});
