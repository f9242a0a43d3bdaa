import { describe, expect, it } from "vitest";
import {
  ARTWORK_MAX_BYTES,
  ARTWORK_MAX_FILES,
  ARTWORK_MESSAGES,
  ARTWORK_TOOLTIP,
  artworkKind,
  artworkMaxBytes,
  artworkPreCheck,
  SVG_MAX_BYTES,
  cleanArtworkName,
  contentMatchesArtwork,
  isAllowedArtworkName,
} from "./artwork-rules";

const bytes = (text: string) => new TextEncoder().encode(text);
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const JPEG = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 16);

describe("isAllowedArtworkName (R-CUST-06, widened by docs/decisions/044-raster-and-svg-artwork.md)", () => {
  it.each([
    ["logo.pdf", true],
    ["logo.PDF", true],
    ["Logo Final.Pdf", true],
    ["logo.eps", true],
    ["LOGO.EPS", true],
    ["logo.pdf ", true],
    ["logo.png", true],
    ["logo.PNG", true],
    ["logo.jpg", true],
    ["logo.JPEG", true],
    ["logo.svg", true],
    ["logo.pdf.png", true],
    ["logo.png.exe", false],
    ["logo.ai", false],
    ["logo.gif", false],
    ["logo.webp", false],
    ["logo.svgz", false],
    ["logo.tiff", false],
    ["png", false],
    ["logopdf", false],
    ["", false],
  ])("%j → %s", (name, allowed) => {
    expect(isAllowedArtworkName(name)).toBe(allowed);
  });

  it("tells each kind by extension, .jpg and .jpeg alike", () => {
    expect(artworkKind("a.PDF")).toBe("pdf");
    expect(artworkKind("a.Eps")).toBe("eps");
    expect(artworkKind("a.png")).toBe("png");
    expect(artworkKind("a.jpg")).toBe("jpeg");
    expect(artworkKind("a.Jpeg")).toBe("jpeg");
    expect(artworkKind("a.svg")).toBe("svg");
    expect(artworkKind("a.gif")).toBeNull();
  });

  it("holds an SVG to 10 MB and every other kind to 50 MB", () => {
    expect(SVG_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(artworkMaxBytes("svg")).toBe(SVG_MAX_BYTES);
    for (const kind of ["pdf", "eps", "png", "jpeg"] as const) expect(artworkMaxBytes(kind)).toBe(ARTWORK_MAX_BYTES);
  });
});

describe("contentMatchesArtwork", () => {
  it("accepts a PDF that starts with %PDF-", () => {
    expect(contentMatchesArtwork("pdf", bytes("%PDF-1.7\n%âãÏÓ\n1 0 obj"))).toBe(true);
  });

  it("refuses a PNG, or text, named .pdf", () => {
    expect(contentMatchesArtwork("pdf", PNG)).toBe(false);
    expect(contentMatchesArtwork("pdf", bytes("hello %PDF-1.7"))).toBe(false);
    expect(contentMatchesArtwork("pdf", bytes("%PDF"))).toBe(false);
  });

  it("accepts an EPS whose first line names EPSF", () => {
    expect(contentMatchesArtwork("eps", bytes("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n"))).toBe(true);
    expect(contentMatchesArtwork("eps", bytes("%!PS-Adobe-2.0 EPSF-1.2\r%%Creator: x"))).toBe(true);
  });

  it("refuses plain PostScript (EPSF not on the first line) and a PDF named .eps", () => {
    expect(contentMatchesArtwork("eps", bytes("%!PS-Adobe-3.0\n%% EPSF-3.0\n"))).toBe(false);
    expect(contentMatchesArtwork("eps", bytes("%PDF-1.7\n"))).toBe(false);
    expect(contentMatchesArtwork("eps", PNG)).toBe(false);
  });

  it("accepts a PNG by its signature, and refuses anything else named .png", () => {
    expect(contentMatchesArtwork("png", PNG)).toBe(true);
    expect(contentMatchesArtwork("png", PNG.subarray(0, 7))).toBe(false);
    expect(contentMatchesArtwork("png", bytes("%PDF-1.7\n"))).toBe(false);
    expect(contentMatchesArtwork("png", JPEG)).toBe(false);
  });

  it("accepts a JPEG by its start (FF D8 FF), and refuses a PNG named .jpg", () => {
    expect(contentMatchesArtwork("jpeg", JPEG)).toBe(true);
    expect(contentMatchesArtwork("jpeg", Uint8Array.of(0xff, 0xd8))).toBe(false);
    expect(contentMatchesArtwork("jpeg", PNG)).toBe(false);
  });

  it.each([
    ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', true],
    ['<?xml version="1.0"?>\n<!-- Generator: Adobe Illustrator 27 -->\n<svg version="1.1">', true],
    ["\ufeff  <svg>\n<rect/></svg>", true],
    ['<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg\nwidth="1">', true],
    ["<html><body>hi</body></html>", false],
    ["hello <svg>", false],
    ["<svgfoo>", false],
    ["%PDF-1.7 <svg>", false],
  ])("SVG head %j → %s", (text, ok) => {
    expect(contentMatchesArtwork("svg", bytes(text))).toBe(ok);
  });

  it("refuses an SVG head with a NUL byte (UTF-16 or binary)", () => {
    expect(contentMatchesArtwork("svg", Uint8Array.of(0x3c, 0, 0x73, 0, 0x76, 0, 0x67, 0, 0x3e, 0))).toBe(false);
  });

  it("accepts a binary DOS EPS (C5 D0 D3 C6)", () => {
    expect(contentMatchesArtwork("eps", Uint8Array.of(0xc5, 0xd0, 0xd3, 0xc6, 0x20, 0, 0, 0))).toBe(true);
    expect(contentMatchesArtwork("pdf", Uint8Array.of(0xc5, 0xd0, 0xd3, 0xc6, 0x20, 0, 0, 0))).toBe(false);
  });
});

describe("cleanArtworkName", () => {
  it("keeps only the last path segment", () => {
    expect(cleanArtworkName("C:\\fakepath\\logo.pdf")).toBe("logo.pdf");
    expect(cleanArtworkName("../../etc/passwd.pdf")).toBe("passwd.pdf");
  });

  it("removes control characters and surrounding spaces", () => {
    expect(cleanArtworkName("  lo\u0000go\n.pdf ")).toBe("logo.pdf");
  });

  it("shortens to 255 characters and keeps the extension", () => {
    const name = cleanArtworkName(`${"a".repeat(300)}.eps`);
    expect(name).toHaveLength(255);
    expect(name.endsWith(".eps")).toBe(true);
  });

  it("keeps a non-ASCII name as it is", () => {
    expect(cleanArtworkName("Café logo – final.pdf")).toBe("Café logo – final.pdf");
  });
});

describe("limits and messages", () => {
  it("allows 50 MB (50 × 1024 × 1024 bytes) and 10 files", () => {
    expect(ARTWORK_MAX_BYTES).toBe(52_428_800);
    expect(ARTWORK_MAX_FILES).toBe(10);
  });

  it("words every refusal for the buyer", () => {
    expect(ARTWORK_MESSAGES.empty).toBe("The file is empty.");
    expect(ARTWORK_MESSAGES.tooLarge).toBe("Files can be at most 50 MB.");
    expect(ARTWORK_MESSAGES.svgTooLarge).toBe("SVG files can be at most 10 MB.");
    expect(ARTWORK_MESSAGES.wrongType).toBe("Only .EPS, .PDF, .SVG, .PNG or .JPG files are accepted.");
    expect(ARTWORK_MESSAGES.tooMany).toBe("You can upload at most 10 files per order.");
    expect(ARTWORK_TOOLTIP).toBe(
      "We accept .EPS, .PDF, .SVG, .PNG and .JPG files. Vector files (EPS, PDF, SVG) print sharpest.",
    );
  });
});

describe("artworkPreCheck: the upload button's check before sending", () => {
  it("refuses by name, emptiness and the kind's own limit (an SVG's is 10 MB)", () => {
    expect(artworkPreCheck("logo.ai", 10)).toBe(ARTWORK_MESSAGES.wrongType);
    expect(artworkPreCheck("logo.pdf", 0)).toBe(ARTWORK_MESSAGES.empty);
    expect(artworkPreCheck("logo.pdf", SVG_MAX_BYTES + 1)).toBeNull();
    expect(artworkPreCheck("logo.svg", SVG_MAX_BYTES + 1)).toBe(ARTWORK_MESSAGES.svgTooLarge);
    expect(artworkPreCheck("logo.png", ARTWORK_MAX_BYTES + 1)).toBe(ARTWORK_MESSAGES.tooLarge);
    expect(artworkPreCheck("logo.svg", SVG_MAX_BYTES)).toBeNull();
  });
});
