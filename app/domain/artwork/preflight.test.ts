import { describe, expect, it } from "vitest";
import type { BrandingMethod } from "../pricing/checkout";
import {
  describeReport,
  type EpsReport,
  type Finding,
  judgePreflight,
  keptUnchecked,
  type PdfReport,
  type Placement,
  parsePlacementSize,
  placementFor,
  PREFLIGHT_MESSAGES,
  preflightVerdict,
  UNREADABLE_REASONS,
} from "./preflight";
import { effectivePpi, formatSizeCm, MAX_SCREENS, printScale } from "./preflight-findings";

const CAP_FRONT: Placement = { label: "Front embroidery", widthMm: 100, heightMm: 55 };
const NO_COLOURS = { rgb: false, cmyk: false, gray: false, spot: [] };

/** A one-page A4-wide logo sheet, 100 × 55 mm: prints at exactly the cap's front size. */
const pdf = (overrides: Partial<PdfReport> = {}): PdfReport => ({
  kind: "pdf",
  pages: 1,
  pageWidthMm: 100,
  pageHeightMm: 55,
  encrypted: false,
  vector: true,
  images: [],
  colours: { ...NO_COLOURS, cmyk: true },
  fonts: [],
  smallestTextMm: null,
  ...overrides,
});
const eps = (overrides: Partial<EpsReport> = {}): EpsReport => ({
  kind: "eps",
  boundingBox: { widthMm: 100, heightMm: 55 },
  raster: false,
  dsc: { Creator: "Adobe Illustrator" },
  colours: { ...NO_COLOURS, cmyk: true },
  preview: null,
  ...overrides,
});
/** An image drawn 100 mm wide: `ppi` pixels per inch at that size. */
const imageAt = (ppi: number) => ({
  widthPx: Math.round((100 / 25.4) * ppi),
  heightPx: Math.round((55 / 25.4) * ppi),
  widthMm: 100,
  heightMm: 55,
});

const judge = (report: Parameters<typeof judgePreflight>[0], method: BrandingMethod, placement = CAP_FRONT) =>
  judgePreflight(report, { method, placement });
const messages = (findings: Finding[]) => findings.map((f) => `${f.level}: ${f.message}`);
const codes = (findings: Finding[], level: Finding["level"]) =>
  findings.filter((f) => f.level === level).map((f) => f.code);

describe("sizes and resolution", () => {
  it("reads the catalogue's placement sizes in centimetres and millimetres", () => {
    expect(parsePlacementSize("Up to 10 × 5.5 cm, up to 8 thread colours")).toEqual({ widthMm: 100, heightMm: 55 });
    expect(parsePlacementSize("Blind deboss, up to 80 × 50 mm")).toEqual({ widthMm: 80, heightMm: 50 });
    expect(parsePlacementSize("At one end of the mat, up to 30 × 20 cm")).toEqual({ widthMm: 300, heightMm: 200 });
    expect(parsePlacementSize("Woven label with your logo on the back strap")).toBeNull();
    expect(parsePlacementSize("up to 10 x 5 cm")).toBeNull();
  });

  it("places a line's artwork at its first chosen option with a size, in the catalogue's order", () => {
    const cap = [
      { title: "Front embroidery", subtitle: "Up to 10 × 5.5 cm, up to 8 thread colours" },
      { title: "Side logo", subtitle: "Small embroidery on the left side panel, up to 5 × 3 cm" },
      { title: "Custom strap tag", subtitle: "Woven label with your logo on the back strap" },
    ];
    expect(placementFor(cap, ["Side logo", "Front embroidery"])).toEqual(CAP_FRONT);
    expect(placementFor(cap, ["Custom strap tag", "Side logo"])).toEqual({
      label: "Side logo",
      widthMm: 50,
      heightMm: 30,
    });
    expect(placementFor(cap, ["Custom strap tag"])).toBeNull();
    expect(placementFor(cap, [])).toBeNull();
  });

  it("fits the artwork into the placement keeping proportions, up or down, or prints it at its own size", () => {
    expect(printScale({ widthMm: 100, heightMm: 55 }, CAP_FRONT)).toBe(1);
    expect(printScale({ widthMm: 200, heightMm: 55 }, CAP_FRONT)).toBe(0.5);
    expect(printScale({ widthMm: 50, heightMm: 11 }, CAP_FRONT)).toBe(2);
    expect(printScale({ widthMm: 50, heightMm: 50 }, null)).toBe(1);
    expect(printScale({ widthMm: 0, heightMm: 50 }, CAP_FRONT)).toBe(1);
  });

  it("gives an image's ppi at the printed size, the lower axis ruling", () => {
    expect(effectivePpi(imageAt(300), 1)).toBe(300);
    expect(effectivePpi(imageAt(300), 2)).toBe(150);
    expect(effectivePpi(imageAt(72), 0.5)).toBe(144);
    expect(effectivePpi({ widthPx: 1181, heightPx: 100, widthMm: 100, heightMm: 55 }, 1)).toBe(46);
  });

  it("writes sizes as the catalogue does", () => {
    expect(formatSizeCm(100, 55)).toBe("10 × 5.5 cm");
    expect(formatSizeCm(80, 50)).toBe("8 × 5 cm");
  });
});

describe("blockers", () => {
  it("refuses every unreadable file with its reason, and nothing else", () => {
    for (const reason of UNREADABLE_REASONS) {
      const findings = judge({ kind: "unreadable", reason }, "dtf");
      expect(findings).toEqual([{ level: "blocker", code: reason, message: PREFLIGHT_MESSAGES[reason] }]);
      expect(preflightVerdict(findings)).toBe("refused");
    }
  });

  it("refuses an encrypted PDF and one without pages, whatever the method", () => {
    for (const method of ["embroidery", "dtf", "none"] as const) {
      expect(messages(judge(pdf({ encrypted: true }), method))).toEqual([`blocker: ${PREFLIGHT_MESSAGES.encrypted}`]);
      expect(messages(judge(pdf({ pages: 0 }), method))).toEqual([`blocker: ${PREFLIGHT_MESSAGES.no_pages}`]);
    }
  });
});

describe("a PDF judged against the method", () => {
  it("passes pure vector art for every method", () => {
    for (const method of ["embroidery", "screen_print", "dtf", "laser", "deboss", "none"] as const) {
      const findings = judge(pdf({ colours: { ...NO_COLOURS, spot: ["PANTONE 186 C"] } }), method);
      expect(codes(findings, "warning"), method).toEqual([]);
      expect(findings[0]).toEqual({ level: "pass", code: "vector", message: "Vector artwork: sharp at any size." });
      expect(preflightVerdict(findings)).toBe("passed");
    }
  });

  it("warns of a 72 ppi image placed at 10 cm for DTF, in the issue's words, and passes one at 300 ppi", () => {
    const low = judge(pdf({ vector: false, images: [imageAt(72)] }), "dtf");
    expect(messages(low)).toContain("warning: Image at 72 ppi: may print blurry at 10 × 5.5 cm.");
    expect(preflightVerdict(low)).toBe("needs_consent");
    const high = judge(pdf({ vector: false, images: [imageAt(300)] }), "dtf");
    expect(messages(high)).toContain("pass: Images at 300 ppi or more at 10 × 5.5 cm.");
    expect(preflightVerdict(high)).toBe("passed");
  });

  it("judges resolution at the printed size: a 300 ppi image doubled in size is 150 ppi", () => {
    // 591 × 325 px drawn 50 × 27.5 mm: 300 ppi on its page, fitted into 10 × 5.5 cm at twice the size.
    const image = { widthPx: 591, heightPx: 325, widthMm: 50, heightMm: 27.5 };
    const small = pdf({ pageWidthMm: 50, pageHeightMm: 27.5, images: [image] });
    expect(messages(judge(small, "screen_print"))).toContain(
      "warning: Image at 150 ppi: may print blurry at 10 × 5.5 cm.",
    );
    // Without a placement it prints at its own size.
    expect(messages(judgePreflight(small, { method: "dtf", placement: null }))).toContain(
      "pass: Images at 300 ppi or more at its own size.",
    );
  });

  it("takes the lowest of several images", () => {
    const findings = judge(pdf({ images: [imageAt(600), imageAt(96), imageAt(300)] }), "dtf");
    expect(messages(findings)).toContain("warning: Image at 96 ppi: may print blurry at 10 × 5.5 cm.");
  });

  it("warns that embroidery, laser and deboss redraw raster art, without a resolution finding", () => {
    for (const method of ["embroidery", "laser", "deboss"] as const) {
      const findings = judge(pdf({ vector: false, images: [imageAt(72)] }), method);
      expect(codes(findings, "warning"), method).toEqual(["raster"]);
      expect(findings.some((f) => f.code === "resolution")).toBe(false);
    }
    expect(messages(judge(pdf({ vector: false, images: [imageAt(72)] }), "embroidery"))[0]).toBe(
      "warning: Contains a raster image: embroidery needs vector art (paths), so we'd redraw it from pixels.",
    );
    expect(messages(judge(pdf({ images: [imageAt(300)] }), "laser"))[0]).toBe(
      "warning: Contains a raster image: laser engraving needs vector art (paths), so we'd redraw it.",
    );
  });

  it("says nothing of resolution when nothing is printed", () => {
    expect(judge(pdf({ images: [imageAt(10)] }), "none").some((f) => f.code === "resolution")).toBe(false);
  });

  it("warns of text too small to stitch, engrave or press, at the printed size", () => {
    expect(messages(judge(pdf({ smallestTextMm: 4 }), "embroidery"))).toContain(
      "warning: Text 4 mm high at 10 × 5.5 cm: embroidery needs letters at least 5 mm high.",
    );
    expect(messages(judge(pdf({ smallestTextMm: 5 }), "embroidery"))).toContain(
      "pass: Text at least 5 mm high at 10 × 5.5 cm.",
    );
    // Half-size art prints its 8 mm letters at 4 mm.
    const big = pdf({ pageWidthMm: 200, pageHeightMm: 110, smallestTextMm: 8 });
    expect(codes(judge(big, "embroidery"), "warning")).toEqual(["detail"]);
    expect(codes(judge(pdf({ smallestTextMm: 2.5 }), "deboss"), "warning")).toEqual(["detail"]);
    expect(codes(judge(pdf({ smallestTextMm: 1.2 }), "laser"), "warning")).toEqual([]);
    // Print methods have no minimum letter size here.
    expect(judge(pdf({ smallestTextMm: 0.5 }), "dtf").some((f) => f.code === "detail")).toBe(false);
  });

  it("warns of fonts that are not embedded, naming them, and passes embedded ones", () => {
    const one = pdf({ fonts: [{ name: "Helvetica", embedded: false }] });
    expect(messages(judge(one, "dtf"))).toContain(
      "warning: Font Helvetica not embedded: convert text to outlines so it prints as designed.",
    );
    const three = pdf({
      fonts: [
        { name: "Helvetica", embedded: false },
        { name: "Inter", embedded: true },
        { name: "Courier", embedded: false },
        { name: "Times", embedded: false },
      ],
    });
    expect(messages(judge(three, "dtf"))).toContain(
      "warning: Fonts Helvetica, Courier and Times not embedded: convert text to outlines so it prints as designed.",
    );
    expect(messages(judge(pdf({ fonts: [{ name: "Inter", embedded: true }] }), "dtf"))).toContain(
      "pass: Fonts embedded.",
    );
  });

  it("warns of a PDF of several pages that page 1 is printed", () => {
    expect(messages(judge(pdf({ pages: 3 }), "dtf"))).toContain(
      "warning: This PDF has 3 pages: we'll print page 1 unless your notes say otherwise.",
    );
  });

  it("lists blockers, then warnings, then passes", () => {
    const findings = judge(pdf({ pages: 2, fonts: [{ name: "Inter", embedded: true }], images: [imageAt(72)] }), "dtf");
    const levels = findings.map((f) => f.level);
    expect(levels).toEqual(
      [...levels].sort((a, b) => ["blocker", "warning", "pass"].indexOf(a) - ["blocker", "warning", "pass"].indexOf(b)),
    );
    expect(levels[0]).toBe("warning");
  });
});

describe("colours", () => {
  it("counts spot colours for screen print: named, up to the screens it takes", () => {
    const two = judge(pdf({ colours: { ...NO_COLOURS, spot: ["PANTONE 186 C", "PANTONE Black C"] } }), "screen_print");
    expect(messages(two)).toContain("pass: 2 spot colours: PANTONE 186 C and PANTONE Black C.");
    const many = Array.from({ length: MAX_SCREENS + 2 }, (_, i) => `Spot ${i + 1}`);
    expect(messages(judge(pdf({ colours: { ...NO_COLOURS, spot: many } }), "screen_print"))).toContain(
      "warning: 8 spot colours: screen print takes at most 6, so we'd merge the closest.",
    );
  });

  it("warns screen print of RGB or CMYK where spot colours were meant", () => {
    expect(messages(judge(pdf({ colours: { ...NO_COLOURS, rgb: true } }), "screen_print"))).toContain(
      "warning: No spot colours: screen print prints one colour per screen, so we'd match your RGB colours by eye. Name them as spot colours for an exact match.",
    );
    expect(codes(judge(pdf(), "screen_print"), "warning")).toEqual(["spot"]);
    expect(judge(pdf({ colours: NO_COLOURS }), "screen_print").some((f) => f.code === "spot")).toBe(false);
  });

  it("names the colour spaces for other methods", () => {
    const all = { rgb: true, cmyk: true, gray: true, spot: ["Gold 871"] };
    expect(messages(judge(pdf({ colours: all }), "dtf"))).toContain(
      "pass: Colours: CMYK, RGB, greyscale and 1 spot colour (Gold 871).",
    );
    expect(judge(pdf({ colours: NO_COLOURS }), "dtf").some((f) => f.code === "colours")).toBe(false);
  });
});

describe("an EPS", () => {
  it("passes vector art with a bounding box", () => {
    const findings = judge(eps(), "embroidery");
    expect(preflightVerdict(findings)).toBe("passed");
    expect(messages(findings)).toEqual(["pass: Vector artwork: sharp at any size.", "pass: Colours: CMYK."]);
  });

  it("warns of raster data: redrawn for embroidery, unmeasurable for print", () => {
    expect(codes(judge(eps({ raster: true }), "embroidery"), "warning")).toEqual(["raster"]);
    expect(messages(judge(eps({ raster: true }), "dtf"))).toContain(
      "warning: Contains raster image data whose resolution an EPS doesn't state: upload a PDF for a resolution check.",
    );
  });

  it("warns when it has no bounding box, and counts its custom colours for screen print", () => {
    expect(messages(judge(eps({ boundingBox: null }), "dtf"))).toContain(
      "warning: This EPS has no bounding box, so we can't tell its size. Export it again.",
    );
    expect(messages(judge(eps({ colours: { ...NO_COLOURS, spot: ["PANTONE 286 C"] } }), "screen_print"))).toContain(
      "pass: 1 spot colour: PANTONE 286 C.",
    );
  });
});

describe("describeReport", () => {
  it("states a PDF's facts as staff read them", () => {
    const report = pdf({
      pages: 2,
      images: [imageAt(300), imageAt(72)],
      colours: { rgb: true, cmyk: true, gray: false, spot: ["PANTONE 186 C"] },
      fonts: [
        { name: "Helvetica", embedded: false },
        { name: "Inter", embedded: true },
      ],
      smallestTextMm: 2.04,
    });
    expect(describeReport(report)).toEqual([
      "PDF, 2 pages, page 1 100 × 55 mm",
      "Vector art and 2 images, the lowest at 72 ppi on the page",
      "Colours: CMYK; RGB; spot: PANTONE 186 C",
      "Fonts: Helvetica (not embedded), Inter (embedded)",
      "Smallest text 2 mm high on the page",
    ]);
    expect(describeReport(pdf({ colours: NO_COLOURS }))).toEqual([
      "PDF, 1 page, page 1 100 × 55 mm",
      "Vector only",
      "Colours: none found",
    ]);
  });

  it("states an EPS's facts, its DSC header among them, and an unreadable file's reason", () => {
    expect(describeReport(eps({ raster: true, preview: { format: "tiff", bytes: 512 } }))).toEqual([
      "EPS, 100 × 55 mm",
      "Contains raster image data",
      "Colours: CMYK",
      "Creator: Adobe Illustrator",
      "TIFF preview of 512 bytes",
    ]);
    expect(describeReport(eps({ boundingBox: null }))[0]).toBe("EPS without a bounding box");
    expect(describeReport({ kind: "unreadable", reason: "damaged" })).toEqual([PREFLIGHT_MESSAGES.damaged]);
  });
});

describe("keptUnchecked (decision 044)", () => {
  it("keeps every kind the sandbox could not check for staff, but an SVG", () => {
    expect((["pdf", "eps", "png", "jpeg", "svg"] as const).filter(keptUnchecked)).toEqual([
      "pdf",
      "eps",
      "png",
      "jpeg",
    ]);
  });
});
