import { describe, expect, it } from "vitest";
import { PICTURE_MESSAGES, pictureWords } from "./picture-rules";

describe("pictureWords", () => {
  it("takes the alt text trimmed and the colour, an empty colour as none", () => {
    expect(pictureWords("  The cap in navy ", "Navy")).toEqual({ ok: true, alt: "The cap in navy", colour: "Navy" });
    expect(pictureWords("The cap", "")).toEqual({ ok: true, alt: "The cap", colour: null });
    expect(pictureWords("The cap", null)).toEqual({ ok: true, alt: "The cap", colour: null });
  });

  it("needs words of 1 to 300 characters, and a colour sent as text", () => {
    for (const alt of ["", "   ", "x".repeat(301), null, new Blob(["x"])]) {
      expect(pictureWords(alt, null)).toEqual({ ok: false, field: "alt", message: PICTURE_MESSAGES.alt });
    }
    expect(pictureWords("x".repeat(300), null).ok).toBe(true);
    expect(pictureWords("The cap", new Blob(["x"]))).toEqual({
      ok: false,
      field: "colour",
      message: PICTURE_MESSAGES.colour,
    });
  });
});
