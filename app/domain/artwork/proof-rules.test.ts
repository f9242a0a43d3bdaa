import { describe, expect, it } from "vitest";
import { PROOF_MAX_BYTES, proofFileName, proofKind } from "./proof-rules";

const bytes = (...values: number[]) => Uint8Array.of(...values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe("proofKind: the bytes decide", () => {
  it.each([
    ["a PDF", ascii("%PDF-1.7\n%âãÏÓ"), "pdf"],
    ["a PNG", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), "png"],
    ["a JPEG (JFIF)", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), "jpeg"],
    ["a JPEG (Exif)", bytes(0xff, 0xd8, 0xff, 0xe1), "jpeg"],
  ])("recognises %s", (_label, head, kind) => {
    expect(proofKind(head)).toBe(kind);
  });

  it.each([
    ["HTML", ascii("<!doctype html><script>")],
    ["an EPS", ascii("%!PS-Adobe-3.0 EPSF-3.0")],
    ["a GIF", ascii("GIF89a")],
    ["a PNG cut short", bytes(0x89, 0x50, 0x4e, 0x47)],
    ["two JPEG bytes", bytes(0xff, 0xd8)],
    ["'PDF' without the percent sign", ascii("PDF-1.4")],
    ["nothing", new Uint8Array()],
  ])("refuses %s", (_label, head) => {
    expect(proofKind(head)).toBeNull();
  });
});

describe("proofFileName", () => {
  it("keeps a name whose extension matches the content", () => {
    expect(proofFileName("Acme cap v2.PDF", "pdf")).toBe("Acme cap v2.PDF");
    expect(proofFileName("mock.jpeg", "jpeg")).toBe("mock.jpeg");
    expect(proofFileName("mock.jpg", "jpeg")).toBe("mock.jpg");
  });
  it("adds the real extension when the name says something else or nothing", () => {
    expect(proofFileName("proof.pdf", "png")).toBe("proof.pdf.png");
    expect(proofFileName("mockup", "pdf")).toBe("mockup.pdf");
    expect(proofFileName("C:\\fakepath\\mock", "jpeg")).toBe("mock.jpg");
    expect(proofFileName("   ", "pdf")).toBe("proof.pdf");
  });
});

it("limits proofs to 20 MB", () => {
  expect(PROOF_MAX_BYTES).toBe(20 * 1024 * 1024);
});
