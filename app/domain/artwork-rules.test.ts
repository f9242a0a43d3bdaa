import { describe, expect, it } from "vitest";
import {
  ARTWORK_MAX_BYTES,
  ARTWORK_MAX_FILES,
  ARTWORK_MESSAGES,
  ARTWORK_TOOLTIP,
  artworkKind,
  cleanArtworkName,
  contentMatchesArtwork,
  isAllowedArtworkName,
} from "./artwork-rules";

const bytes = (text: string) => new TextEncoder().encode(text);
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);

describe("isAllowedArtworkName (R-CUST-06)", () => {
  it.each([
    ["logo.pdf", true],
    ["logo.PDF", true],
    ["Logo Final.Pdf", true],
    ["logo.eps", true],
    ["LOGO.EPS", true],
    ["logo.pdf ", true],
    ["logo.png", false],
    ["logo.pdf.png", false],
    ["logo.ai", false],
    ["logo.svg", false],
    ["logopdf", false],
    ["", false],
  ])("%j → %s", (name, allowed) => {
    expect(isAllowedArtworkName(name)).toBe(allowed);
  });

  it("tells PDF from EPS by extension", () => {
    expect(artworkKind("a.PDF")).toBe("pdf");
    expect(artworkKind("a.Eps")).toBe("eps");
    expect(artworkKind("a.jpg")).toBeNull();
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
    expect(ARTWORK_MESSAGES.wrongType).toBe("Only .EPS or .PDF files are accepted.");
    expect(ARTWORK_MESSAGES.tooMany).toBe("You can upload at most 10 files per order.");
    expect(ARTWORK_TOOLTIP).toMatch(/\.EPS or \.PDF/);
  });
});
