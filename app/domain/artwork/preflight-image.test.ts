import { describe, expect, it } from "vitest";
import { describeReport, judgePreflight, PREFLIGHT_MESSAGES, preflightVerdict } from "./preflight";
import {
  ASSUMED_PPI,
  describeImageReport,
  type RasterReport,
  rasterNaturalSize,
  type SvgReport,
  TRANSPARENCY_MESSAGES,
} from "./preflight-image";
import { preflightReportSchema } from "./preflight-schema";

/** docs/decisions/044-raster-and-svg-artwork.md: PNG, JPEG and SVG logos judged as a PDF's images are. */

const CAP_FRONT = { label: "Front embroidery", widthMm: 100, heightMm: 55 };
const RGB = { rgb: true, cmyk: false, gray: false, spot: [] };
const png = (over: Partial<RasterReport> = {}): RasterReport => ({
  kind: "raster",
  format: "png",
  widthPx: 1181,
  heightPx: 650,
  ppi: null,
  alpha: true,
  colours: RGB,
  ...over,
});
const svg = (over: Partial<SvgReport> = {}): SvgReport => ({
  kind: "svg",
  size: { widthMm: 100, heightMm: 55 },
  raster: false,
  colours: RGB,
  ...over,
});
const codes = (findings: { level: string; code: string }[]) => findings.map((f) => `${f.level}:${f.code}`);

describe("a raster logo's size without a placement", () => {
  it("is its pixels at the resolution it states", () => {
    expect(rasterNaturalSize({ widthPx: 3000, heightPx: 1500, ppi: 300 })).toEqual({ widthMm: 254, heightMm: 127 });
  });

  it(`is its pixels at ${ASSUMED_PPI} ppi when it states none`, () => {
    expect(ASSUMED_PPI).toBe(72);
    expect(rasterNaturalSize({ widthPx: 720, heightPx: 72, ppi: null })).toEqual({ widthMm: 254, heightMm: 25.4 });
  });
});

describe("judging a PNG or JPEG for DTF on the cap's front (10 × 5.5 cm)", () => {
  it("passes 1181 × 650 px with a transparent background: 300 ppi at the printed size", () => {
    const findings = judgePreflight(png(), { method: "dtf", placement: CAP_FRONT });
    expect(findings).toEqual([
      { level: "pass", code: "resolution", message: "Image at 300 ppi at 10 × 5.5 cm." },
      { level: "pass", code: "transparency", message: TRANSPARENCY_MESSAGES.alpha },
      { level: "pass", code: "colours", message: "Colours: RGB." },
    ]);
    expect(preflightVerdict(findings)).toBe("passed");
  });

  it("warns that 283 × 156 px may print blurry: 72 ppi, whatever resolution the file states", () => {
    for (const ppi of [null, 72, 600]) {
      const findings = judgePreflight(png({ widthPx: 283, heightPx: 156, ppi }), {
        method: "dtf",
        placement: CAP_FRONT,
      });
      expect(findings[0]).toEqual({
        level: "warning",
        code: "resolution",
        message: "Image at 72 ppi: may print blurry at 10 × 5.5 cm.",
      });
    }
  });

  it("fits a tall logo by its height: 600 × 1100 px into 55 mm high is 508 ppi", () => {
    const findings = judgePreflight(png({ widthPx: 600, heightPx: 1100 }), { method: "dtf", placement: CAP_FRONT });
    expect(findings[0]?.message).toBe("Image at 508 ppi at 10 × 5.5 cm.");
  });

  it("asks for consent to an opaque background (a JPEG never has one), with the resolution warning first", () => {
    const jpeg = png({ format: "jpeg", alpha: false, widthPx: 500, heightPx: 275 });
    const findings = judgePreflight(jpeg, { method: "dtf", placement: CAP_FRONT });
    expect(codes(findings)).toEqual(["warning:resolution", "warning:transparency", "pass:colours"]);
    expect(findings[1]?.message).toBe(
      "No transparent background: the whole rectangle prints, background included. Upload a PNG with a transparent background, or tell us in your notes to remove it.",
    );
    expect(preflightVerdict(findings)).toBe("needs_consent");
  });

  it("says the colours it found: CMYK from a four-component JPEG, greyscale from a grey PNG", () => {
    const cmyk = judgePreflight(png({ colours: { ...RGB, rgb: false, cmyk: true } }), {
      method: "dtf",
      placement: null,
    });
    expect(cmyk.at(-1)?.message).toBe("Colours: CMYK.");
    const grey = judgePreflight(png({ colours: { ...RGB, rgb: false, gray: true } }), {
      method: "dtf",
      placement: null,
    });
    expect(grey.at(-1)?.message).toBe("Colours: greyscale.");
  });
});

describe("judging a raster logo for other methods", () => {
  it("uses the stated resolution at its own size without a placement", () => {
    const findings = judgePreflight(png({ widthPx: 600, heightPx: 300, ppi: 300 }), { method: "dtf", placement: null });
    expect(findings.find((f) => f.code === "resolution")?.message).toBe("Image at 300 ppi at its own size.");
    const unstated = judgePreflight(png({ widthPx: 600, heightPx: 300 }), { method: "dtf", placement: null });
    expect(unstated.find((f) => f.code === "resolution")?.message).toBe(
      "Image at 72 ppi: may print blurry at its own size.",
    );
  });

  it.each(["embroidery", "laser", "deboss"] as const)(
    "%s: pixels are redrawn as outlines, so no resolution or background finding",
    (method) => {
      const findings = judgePreflight(png({ widthPx: 100, heightPx: 55, alpha: false }), {
        method,
        placement: CAP_FRONT,
      });
      expect(codes(findings)).toEqual(["warning:raster", "pass:colours"]);
      expect(findings[0]?.message).toMatch(/needs vector art \(paths\), so we'd redraw it from pixels\.$/);
    },
  );

  it("screen print: an RGB logo is matched by eye, as an RGB PDF is", () => {
    const findings = judgePreflight(png(), { method: "screen_print", placement: CAP_FRONT });
    expect(codes(findings)).toEqual(["warning:spot", "pass:resolution", "pass:transparency"]);
  });

  it("no method yet: only the colours are said", () => {
    expect(codes(judgePreflight(png({ alpha: false }), { method: "none", placement: null }))).toEqual(["pass:colours"]);
  });
});

describe("judging an SVG", () => {
  it("passes vector art at any size", () => {
    expect(judgePreflight(svg(), { method: "dtf", placement: CAP_FRONT })).toEqual([
      { level: "pass", code: "vector", message: "Vector artwork: sharp at any size." },
      { level: "pass", code: "colours", message: "Colours: RGB." },
    ]);
    expect(codes(judgePreflight(svg({ size: null }), { method: "embroidery", placement: null }))).toEqual([
      "pass:vector",
      "pass:colours",
    ]);
  });

  it("warns that an embedded image's resolution is unknown, and embroidery would redraw it", () => {
    expect(codes(judgePreflight(svg({ raster: true }), { method: "dtf", placement: CAP_FRONT }))).toEqual([
      "warning:resolution",
      "pass:colours",
    ]);
    const stitched = judgePreflight(svg({ raster: true }), { method: "embroidery", placement: CAP_FRONT });
    expect(stitched[0]?.message).toMatch(/so we'd redraw it\.$/);
  });
});

describe("refusals of hostile or oversized files", () => {
  it.each([
    ["too_many_pixels", /over 100 megapixels/],
    ["svg_script", /script or an event handler/],
    ["svg_external", /links to files or addresses outside itself/],
    ["svg_entities", /declares XML entities/],
  ] as const)("%s is a blocker with its message", (reason, message) => {
    const findings = judgePreflight({ kind: "unreadable", reason }, { method: "dtf", placement: CAP_FRONT });
    expect(findings).toEqual([{ level: "blocker", code: reason, message: PREFLIGHT_MESSAGES[reason] }]);
    expect(PREFLIGHT_MESSAGES[reason]).toMatch(message);
    expect(preflightVerdict(findings)).toBe("refused");
  });
});

describe("the stored report", () => {
  it("keeps a raster and an SVG report as they are", () => {
    for (const report of [png(), png({ format: "jpeg", ppi: 300, alpha: false }), svg(), svg({ size: null })]) {
      expect(preflightReportSchema.parse(report)).toEqual(report);
    }
  });

  it("refuses a worker's answer with impossible figures", () => {
    expect(() => preflightReportSchema.parse(png({ widthPx: 0 }))).toThrow();
    expect(() => preflightReportSchema.parse({ ...png(), format: "gif" })).toThrow();
    expect(() => preflightReportSchema.parse(svg({ size: { widthMm: -1, heightMm: 1 } }))).toThrow();
  });

  it("is described for staff fact by fact", () => {
    expect(describeReport(png({ ppi: 300 }))).toEqual([
      "PNG, 1181 × 650 px",
      "300 ppi stated",
      "Transparent background",
      "Colours: RGB",
    ]);
    expect(describeImageReport(png({ format: "jpeg", alpha: false }))).toEqual([
      "JPEG, 1181 × 650 px",
      "No resolution stated (read as 72 ppi)",
      "No transparency",
      "Colours: RGB",
    ]);
    expect(describeReport(svg({ raster: true }))).toEqual([
      "SVG, 100 × 55 mm",
      "Contains embedded raster images",
      "Colours: RGB",
    ]);
    expect(describeReport(svg({ size: null }))[0]).toBe("SVG without a size");
  });
});
