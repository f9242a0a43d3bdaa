import { describe, expect, it } from "vitest";
import { KNOWN_CARRIERS, trackingLink } from "./tracking";

describe("trackingLink", () => {
  it("links each known carrier's tracking page with the number", () => {
    expect(trackingLink("Royal Mail", "AB123456789GB")).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    expect(trackingLink("Parcelforce", "PB1234567")).toBe(
      "https://www.parcelforce.com/track-trace?trackNumber=PB1234567",
    );
    expect(trackingLink("DPD", "15501234567890")).toBe("https://www.dpd.co.uk/apps/tracking/?reference=15501234567890");
    expect(trackingLink("DHL", "1234567890")).toBe(
      "https://www.dhl.com/gb-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890",
    );
    expect(trackingLink("UPS", "1Z999AA10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(trackingLink("FedEx", "123456789012")).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789012");
    expect(trackingLink("Evri", "H01ABC0012345678")).toBe("https://www.evri.com/track/parcel/H01ABC0012345678");
  });

  it("reads the carrier as staff type it: any case, extra spaces, common other names", () => {
    expect(trackingLink("  royal   MAIL ", "ab 1234 5678 9gb")).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    expect(trackingLink("dpd local", "1550-1234-5678")).toBe(
      "https://www.dpd.co.uk/apps/tracking/?reference=155012345678",
    );
    expect(trackingLink("Hermes", "H01ABC0012345678")).toBe("https://www.evri.com/track/parcel/H01ABC0012345678");
    expect(trackingLink("Fed Ex", "123456789012")).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789012");
  });

  it("gives no link for another carrier, a missing value or a number that is not a plain reference", () => {
    expect(trackingLink("Our own van", "12345678")).toBeNull();
    expect(trackingLink("DPD Germany", "12345678")).toBeNull();
    expect(trackingLink(null, "12345678")).toBeNull();
    expect(trackingLink("DPD", null)).toBeNull();
    expect(trackingLink("", "12345678")).toBeNull();
    expect(trackingLink("DPD", "")).toBeNull();
    expect(trackingLink("DPD", "123")).toBeNull();
    expect(trackingLink("DPD", "1234/../../evil")).toBeNull();
    expect(trackingLink("DPD", "12345678?x=https://evil.example")).toBeNull();
    expect(trackingLink("DPD", "A".repeat(41))).toBeNull();
  });

  it("lists the carriers it links, for the staff form", () => {
    expect(KNOWN_CARRIERS).toEqual(["Royal Mail", "Parcelforce", "DPD", "DHL", "UPS", "FedEx", "Evri"]);
    for (const carrier of KNOWN_CARRIERS) expect(trackingLink(carrier, "AB123456789GB")).toMatch(/^https:\/\//);
  });
});
