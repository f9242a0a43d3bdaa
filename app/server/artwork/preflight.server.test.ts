import { describe, expect, it } from "vitest";
import { judgePreflight, type PdfReport, type PreflightReport } from "~/domain/artwork/preflight";
import { effectivePpi } from "~/domain/artwork/preflight-findings";
import * as corpus from "../../../tests/setup/artwork-corpus";
import { readEps, readPdf } from "./preflight-read.server";
import { type PreflightResult, runPreflight } from "./preflight.server";
import { ghostscriptInstalled } from "./preflight-sandbox.server";

/**
 * Decision 027: the preflight reads each file of the generated corpus as a buyer's upload would be
 * read, and the runner keeps hostile files (too big, too slow) and crowds (a full queue) away
 * from the server.
 */

function asPdf(report: PreflightReport): PdfReport {
  if (report.kind !== "pdf") throw new Error(`expected a PDF report, got ${JSON.stringify(report)}`);
  return report;
}

function answered(result: PreflightResult) {
  if (!result.ok) throw new Error(`no answer: ${JSON.stringify(result)}`);
  return result;
}

const NO_COLOURS = { rgb: false, cmyk: false, gray: false, spot: [] };
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

describe("reading a PDF", () => {
  it("finds a vector logo's paths, its text size and its standard font, which is not embedded", async () => {
    const report = asPdf(await readPdf(await corpus.vectorLogo()));
    expect(report).toEqual({
      kind: "pdf",
      pages: 1,
      pageWidthMm: 100,
      pageHeightMm: 55,
      encrypted: false,
      vector: true,
      images: [],
      colours: { ...NO_COLOURS, rgb: true },
      fonts: [{ name: "Helvetica", embedded: false }],
      // 12 pt = 12 × 25.4 / 72 = 4.23 mm
      smallestTextMm: 4.2,
    });
  });

  it("knows a TrueType font pdfkit embedded as a subset by its own name", async () => {
    const report = asPdf(await readPdf(await corpus.embeddedFontLogo()));
    expect(report.fonts).toEqual([{ name: "LiberationSans", embedded: true }]);
    // 24 pt = 8.47 mm
    expect(report.smallestTextMm).toBe(8.5);
  });

  it("measures a 283 × 156 px image drawn across 100 × 55 mm at 72 ppi", async () => {
    const report = asPdf(await readPdf(await corpus.lowResImage()));
    expect(report.vector).toBe(false);
    expect(report.images).toEqual([{ widthPx: 283, heightPx: 156, widthMm: 100, heightMm: 55 }]);
    expect(report.images.map((image) => effectivePpi(image, 1))).toEqual([72]);
    expect(report.colours).toEqual({ ...NO_COLOURS, rgb: true });
  });

  it("warns a DTF buyer that the 72 ppi logo may print blurry on the cap's front", async () => {
    const report = await readPdf(await corpus.lowResImage());
    // The page is the placement's size (scale 1): 283 px / (100 mm / 25.4) = 71.9 ppi across,
    // 156 px / (55 mm / 25.4) = 72.0 down; the lower, rounded, is 72.
    const findings = judgePreflight(report, { method: "dtf", placement: corpus.CAP_FRONT });
    expect(findings[0]).toEqual({
      level: "warning",
      code: "resolution",
      message: "Image at 72 ppi: may print blurry at 10 × 5.5 cm.",
    });
  });

  it("measures a 1181 × 650 px image at 10 cm wide as 300 ppi, which DTF passes", async () => {
    const report = asPdf(await readPdf(await corpus.highResImage()));
    expect(report.images).toEqual([{ widthPx: 1181, heightPx: 650, widthMm: 100, heightMm: 55 }]);
    expect(effectivePpi(report.images[0]!, 1)).toBe(300);
    const findings = judgePreflight(report, { method: "dtf", placement: corpus.CAP_FRONT });
    expect(findings.filter((finding) => finding.level !== "pass")).toEqual([]);
  });

  it("tells CMYK from RGB by the colour operators in the page's content", async () => {
    const report = asPdf(await readPdf(await corpus.cmykArtwork()));
    expect(report.colours).toEqual({ ...NO_COLOURS, cmyk: true });
    expect(report.vector).toBe(true);
  });

  it("names spot colours from the page's Separation colour spaces", async () => {
    const report = asPdf(await readPdf(await corpus.spotArtwork()));
    expect(report.colours).toEqual({ ...NO_COLOURS, spot: ["PANTONE 186 C", "PANTONE 286 C"] });
  });

  it("refuses encrypted PDFs, with a user password or only an owner password", async () => {
    expect(await readPdf(await corpus.userPasswordPdf())).toEqual({ kind: "unreadable", reason: "encrypted" });
    expect(await readPdf(await corpus.ownerOnlyPdf())).toEqual({ kind: "unreadable", reason: "encrypted" });
  });

  it("refuses a PDF cut in half, or nonsense after %PDF-, as damaged", async () => {
    expect(await readPdf(await corpus.truncatedPdf())).toEqual({ kind: "unreadable", reason: "damaged" });
    expect(await readPdf(corpus.garbagePdf())).toEqual({ kind: "unreadable", reason: "damaged" });
  });

  it("refuses an image too big to decode within the worker's memory before decoding it", async () => {
    expect(await readPdf(await corpus.hugeImagePdf())).toEqual({ kind: "unreadable", reason: "too_complex" });
  });

  it("refuses a PDF whose page tree is empty", async () => {
    expect(await readPdf(await corpus.noPagesPdf())).toEqual({ kind: "unreadable", reason: "no_pages" });
  });
});

describe("reading an EPS", () => {
  it("reads a vector EPS's bounding box, DSC header and colours, and finds no raster data", () => {
    expect(readEps(corpus.vectorEps())).toEqual({
      kind: "eps",
      // 144 × 72 pt = 2 × 1 inch
      boundingBox: { widthMm: 50.8, heightMm: 25.4 },
      raster: false,
      dsc: {
        Creator: "Adobe Illustrator(R) 24.0",
        Title: "logo.eps",
        BoundingBox: "0 0 144 72",
        HiResBoundingBox: "0 0 144.0 72.0",
        DocumentProcessColors: "Cyan Magenta Black",
        DocumentCustomColors: "(PANTONE 186 C) (PANTONE 286 C)",
      },
      colours: { ...NO_COLOURS, cmyk: true, spot: ["PANTONE 186 C", "PANTONE 286 C"] },
      preview: null,
    });
  });

  it("finds the image operator in an EPS that draws pixels", () => {
    const report = readEps(corpus.rasterEps());
    expect(report.kind === "eps" && report.raster).toBe(true);
    // 284 × 142 pt
    expect(report.kind === "eps" && report.boundingBox).toEqual({ widthMm: 100.19, heightMm: 50.09 });
  });

  it("reads a binary EPS's PostScript section and the size of its TIFF preview", () => {
    const report = readEps(corpus.binaryEps(512));
    expect(report.kind === "eps" && report.preview).toEqual({ format: "tiff", bytes: 512 });
    expect(report.kind === "eps" && report.colours.spot).toEqual(["PANTONE 186 C", "PANTONE 286 C"]);
  });

  it("refuses a file that is neither PostScript nor a binary EPS, or whose sections point outside it", () => {
    expect(readEps(new TextEncoder().encode("GIF89a"))).toEqual({ kind: "unreadable", reason: "damaged" });
    expect(readEps(corpus.binaryEps().slice(0, 100))).toEqual({ kind: "unreadable", reason: "damaged" });
  });

  it("reads an old Mac EPS (lines ending in CR) whose bounding box is given at the end", () => {
    const lines = ["%!PS-Adobe-3.0 EPSF-3.0", "%%BoundingBox: (atend)", "%%EndComments", "0 0 moveto", "%%Trailer"];
    const report = readEps(new TextEncoder().encode(`${[...lines, "%%BoundingBox: 0 0 72 36", "%%EOF"].join("\r")}\r`));
    expect(report.kind === "eps" && report.boundingBox).toEqual({ widthMm: 25.4, heightMm: 12.7 });
  });

  it("keeps at most 20 DSC keys of at most 200 characters", () => {
    const lines = ["%!PS-Adobe-3.0 EPSF-3.0", ...Array.from({ length: 30 }, (_, i) => `%%Key${i}: ${"x".repeat(300)}`)];
    const report = readEps(new TextEncoder().encode(`${lines.join("\n")}\n%%EndComments\n`));
    const dsc = report.kind === "eps" ? report.dsc : {};
    expect(Object.keys(dsc)).toHaveLength(20);
    expect(Object.values(dsc).map((value) => value.length)).toEqual(Array.from({ length: 20 }, () => 200));
  });
});

describe("running the preflight in a process of its own", () => {
  it("answers with the report and a PNG of page one at most 800 px wide", async () => {
    const result = answered(await runPreflight("pdf", await corpus.lowResImage()));
    expect(asPdf(result.report).images).toHaveLength(1);
    const preview = result.preview ?? new Uint8Array();
    expect([...preview.subarray(0, 8)]).toEqual(PNG_MAGIC);
    // 100 × 55 mm fitted within 800 × 800 px
    expect(pngSize(preview)).toEqual({ width: 800, height: 440 });
  });

  it("answers a file over the memory limit as such, keeps no picture, and carries on", async () => {
    const heavy = await corpus.heavyPdf(2, 1000);
    const result = await runPreflight("pdf", heavy, { maxOldGenerationSizeMb: 8 });
    expect(result).toEqual({
      ok: false,
      overLimit: "memory",
      message: "We could not check this file: it needed more memory than we allow.",
    });
    const next = answered(await runPreflight("pdf", await corpus.vectorLogo()));
    expect(next.report.kind).toBe("pdf");
  });

  it("answers a file that takes longer than the time limit as such", async () => {
    const result = await runPreflight("pdf", await corpus.highResImage(), { timeoutMs: 50 });
    expect(result).toEqual({
      ok: false,
      overLimit: "time",
      message: "We could not check this file: it took too long to read.",
    });
  });

  it("answers a file whose answer runs past the output cap as such", async () => {
    // The 283 × 156 px image's page one is a PNG of about 23 kB.
    const result = await runPreflight("pdf", await corpus.lowResImage(), { outputBytes: 2_000 });
    expect(result).toEqual({
      ok: false,
      overLimit: "output",
      message: "We could not check this file: its picture came out too large.",
    });
  });

  it("answers busy beyond one running and four waiting", async () => {
    const eps = () => corpus.binaryEps();
    // Each job gives up after 1 ms, so the five queued ones clear quickly.
    const jobs = Array.from({ length: 6 }, () => runPreflight("eps", eps(), { timeoutMs: 1 }));
    const results = await Promise.all(jobs);
    expect(results.map((result) => "busy" in result)).toEqual([false, false, false, false, false, true]);
    expect(answered(await runPreflight("eps", eps())).report.kind).toBe("eps");
  });
});

const ghostscript = await ghostscriptInstalled();
const program = (body: string) =>
  new TextEncoder().encode(`%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\n${body}\n`);

describe("page one of an EPS, drawn by Ghostscript where it is installed (.ci/run installs it)", () => {
  it.runIf(ghostscript)("answers a binary EPS with its report and a PNG fitted within 800 px", async () => {
    const result = answered(await runPreflight("eps", corpus.binaryEps()));
    expect(result.report.kind).toBe("eps");
    const preview = result.preview ?? new Uint8Array();
    expect([...preview.subarray(0, 8)]).toEqual(PNG_MAGIC);
    // Its bounding box, 2 × 1 inches, at 400 dpi.
    expect(pngSize(preview)).toEqual({ width: 800, height: 400 });
  });

  it.runIf(ghostscript)("stops a program that never ends at its CPU limit, with no picture", async () => {
    const result = await runPreflight("eps", program("{ 1 pop } loop"));
    expect(!result.ok && "overLimit" in result && result.overLimit).toBe("cpu");
  });

  it.runIf(ghostscript)("lets no program read the server's files (-dSAFER): no picture", async () => {
    expect(
      answered(await runPreflight("eps", program("(/etc/passwd) (r) file 100 string readstring pop =="))).preview,
    ).toBeNull();
    // The same program drawing instead is pictured.
    expect(
      answered(await runPreflight("eps", program("newpath 10 10 moveto 90 90 lineto stroke"))).preview,
    ).not.toBeNull();
  });

  it("answers an EPS with its report whether or not Ghostscript is here, and a picture only where it is", async () => {
    const result = answered(await runPreflight("eps", corpus.binaryEps()));
    expect(result.report.kind).toBe("eps");
    expect(result.preview === null).toBe(!ghostscript);
  });
});
