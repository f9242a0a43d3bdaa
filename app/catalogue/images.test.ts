import { describe, expect, it } from "vitest";
import { findProductById } from "./catalogue";
import { imageForColour } from "./colour-picture";

const shorts = findProductById("15")!;
const cap = findProductById("8")!;

describe("imageForColour", () => {
  it("pictures orange shorts in orange and black shorts in black", () => {
    expect(imageForColour(shorts, "#f26b12")?.alt).toMatch(/^Orange running shorts/);
    expect(imageForColour(shorts, "#F26B12")?.alt).toMatch(/^Orange running shorts/);
    expect(imageForColour(shorts, "#111111")?.alt).toMatch(/^Black running shorts/);
  });

  it("falls back to the first picture for a colour without one, no colour or a colour not offered", () => {
    expect(imageForColour(cap, "#d62828")).toBe(cap.images[0]);
    expect(imageForColour(shorts, "")).toBe(shorts.images[0]);
    expect(imageForColour(shorts, undefined)).toBe(shorts.images[0]);
    expect(imageForColour(shorts, "#2c6bdb")).toBe(shorts.images[0]);
  });

  it("names only pictures that exist", () => {
    expect(imageForColour({ colours: shorts.colours, images: [] }, "#f26b12")).toBeUndefined();
    expect(imageForColour({ colours: shorts.colours, images: [shorts.images[0]!] }, "#f26b12")).toBe(shorts.images[0]);
  });
});
