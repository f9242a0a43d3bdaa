import { describe, expect, it } from "vitest";
import {
  BRAND_KIT_LIMITS,
  BRAND_KIT_MESSAGES,
  cleanPlacementNotes,
  parseBrandColours,
  withPlacementNotes,
} from "./brand-kit";

describe("parseBrandColours", () => {
  it("takes six-digit hex colours with or without '#', any case, by commas, spaces or lines", () => {
    expect(parseBrandColours("#1F2A56, f26b12\n#FFFFFF;000000")).toEqual({
      ok: true,
      colours: ["#1f2a56", "#f26b12", "#ffffff", "#000000"],
    });
  });
  it("keeps each colour once, in the order given", () => {
    expect(parseBrandColours("#abcdef #ABCDEF abcdef #123456")).toEqual({ ok: true, colours: ["#abcdef", "#123456"] });
  });
  it("takes nothing as no colours", () => {
    expect(parseBrandColours("  \n ")).toEqual({ ok: true, colours: [] });
  });
  it("refuses what is not a hex colour, naming it", () => {
    for (const bad of ["#12345", "#1234567", "navy", "#gggggg", "rgb(0,0,0)", "##123456"]) {
      const parsed = parseBrandColours(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain("is not a colour");
    }
  });
  it(`refuses more than ${BRAND_KIT_LIMITS.colours} colours, and very long input before looking at it`, () => {
    const many = Array.from({ length: 21 }, (_, i) => `#${String(i).padStart(6, "0")}`).join(" ");
    expect(parseBrandColours(many)).toEqual({ ok: false, message: BRAND_KIT_MESSAGES.tooManyColours });
    const twenty = Array.from({ length: 20 }, (_, i) => `#${String(i).padStart(6, "0")}`).join(" ");
    expect(parseBrandColours(twenty).ok).toBe(true);
    expect(parseBrandColours("#".repeat(10_000))).toEqual({ ok: false, message: BRAND_KIT_MESSAGES.tooManyColours });
  });
});

describe("cleanPlacementNotes", () => {
  it("trims, and refuses notes that are too long", () => {
    expect(cleanPlacementNotes("  Centred, 8 cm wide \n")).toBe("Centred, 8 cm wide");
    expect(cleanPlacementNotes("x".repeat(BRAND_KIT_LIMITS.placementNotes))).toHaveLength(
      BRAND_KIT_LIMITS.placementNotes,
    );
    expect(cleanPlacementNotes("x".repeat(BRAND_KIT_LIMITS.placementNotes + 1))).toBeNull();
  });
});

describe("withPlacementNotes", () => {
  it("fills blank placement details with the kit's notes", () => {
    expect(withPlacementNotes("  ", "Centred")).toBe("Centred");
  });
  it("adds them after what the buyer wrote, once", () => {
    expect(withPlacementNotes("Left chest", "Centred")).toBe("Left chest\nCentred");
    expect(withPlacementNotes("Left chest\nCentred", "Centred")).toBe("Left chest\nCentred");
  });
  it("never makes the details longer than the draft allows", () => {
    expect(withPlacementNotes("a".repeat(10), "b".repeat(10), 15)).toHaveLength(15);
  });
});
