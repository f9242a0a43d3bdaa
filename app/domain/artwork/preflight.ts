/**
 * Artwork preflight (decision 027): what a PDF or EPS holds, as the server read it at upload
 * (app/server/artwork/preflight.server.ts), judged against the decoration method and the placement the
 * buyer chose. Pure: report in, findings out, so step 2, the order page and the back office say
 * the same. The thresholds are ours, from what the factory asks for (docs/decisions/027).
 */
import type { ArtworkKind } from "./artwork-rules";
import type { BrandingMethod } from "../pricing/checkout";
import {
  artKind,
  type ColourUse,
  colourFindings,
  coloursText,
  effectivePpi,
  type Finding,
  type FindingLevel,
  MIN_TEXT_MM,
  MIN_PPI,
  methodName,
  mmText,
  oxford,
  type PlacedImage,
  type Placement,
  blocker,
  pass,
  plural,
  printedAt,
  printScale,
  VECTOR_METHODS,
  warning,
} from "./preflight-findings";
import {
  describeImageReport,
  judgeRaster,
  judgeSvg,
  MAX_IMAGE_PIXELS,
  type RasterReport,
  type SvgReport,
} from "./preflight-image";

export type { Finding, Placement } from "./preflight-findings";

// ---------------------------------------------------------------------------------------------
// The report, as stored with the file

export type PdfReport = {
  kind: "pdf";
  pages: number;
  /** Page one's size (its crop box). */
  pageWidthMm: number;
  pageHeightMm: number;
  encrypted: boolean;
  /** Whether page one draws paths or text (vector art), besides any images. */
  vector: boolean;
  /** Every image drawn on page one, once per time it is drawn. */
  images: PlacedImage[];
  colours: ColourUse;
  fonts: { name: string; embedded: boolean }[];
  /** The smallest text on page one, its height on the page; null without text. */
  smallestTextMm: number | null;
};

export type EpsReport = {
  kind: "eps";
  /** From %%HiResBoundingBox or %%BoundingBox; null when the header has neither (or a bad one). */
  boundingBox: { widthMm: number; heightMm: number } | null;
  /** Whether the PostScript draws raster image data (image, colorimage, or embedded data). */
  raster: boolean;
  /** The DSC header's comments, e.g. { Creator: "Adobe Illustrator", Title: "logo" }. */
  dsc: Record<string, string>;
  colours: ColourUse;
  /** A binary (DOS) EPS's preview section; null for a plain-text EPS. */
  preview: { format: "tiff" | "wmf"; bytes: number } | null;
  /** Set when this server draws no EPS pictures (no sandbox for Ghostscript; decision 032). */
  pictureOff?: true;
};

/** Why a file could not be read at all: each refuses the upload. */
export const UNREADABLE_REASONS = [
  "damaged",
  "no_pages",
  "encrypted",
  "too_complex",
  "too_many_pixels",
  "svg_script",
  "svg_external",
  "svg_entities",
] as const;
export type UnreadableReason = (typeof UNREADABLE_REASONS)[number];
export type UnreadableReport = { kind: "unreadable"; reason: UnreadableReason };

/**
 * Why a file went unchecked (docs/decisions/032-sandboxed-parsers.md): a limit of the sandboxed
 * reader (CPU, memory, wall time, output), a crash, or no sandbox to read it in. Staff check it.
 */
export const OVER_LIMITS = ["cpu", "memory", "time", "output", "crash", "no-sandbox"] as const;
export type OverLimit = (typeof OVER_LIMITS)[number];
export type UncheckedReport = { kind: "unchecked"; overLimit: OverLimit };

/** Each begins "We could not check this file: " (docs/decisions/032-sandboxed-parsers.md), then a plain reason. */
export const OVER_LIMIT_MESSAGES = {
  cpu: "We could not check this file: it needed more computing time than we allow.",
  memory: "We could not check this file: it needed more memory than we allow.",
  time: "We could not check this file: it took too long to read.",
  output: "We could not check this file: its picture came out too large.",
  crash: "We could not check this file: our reader stopped on it.",
  "no-sandbox": "We could not check this file: our file checks are switched off at the moment.",
} as const satisfies Record<OverLimit, string>;
export const BY_HAND = "We'll check it by hand before we print.";

/** The 422 for an SVG that could not be checked (docs/decisions/044-raster-and-svg-artwork.md). */
export const SVG_UNCHECKED_MESSAGE = "We could not check this SVG. Please upload it as a PDF or PNG.";
/**
 * Whether a file of `kind` the sandbox could not check is kept for staff (decision 032): an SVG
 * is refused instead, since what it may hold runs in a browser, not a printer (decision 044).
 */
export const keptUnchecked = (kind: ArtworkKind): boolean => kind !== "svg";
export const PICTURE_OFF = "No picture of this EPS: we can't draw EPS files at the moment. The rest of the check ran.";

export type PreflightReport = PdfReport | EpsReport | RasterReport | SvgReport | UnreadableReport | UncheckedReport;

// ---------------------------------------------------------------------------------------------
// Findings

export const PREFLIGHT_MESSAGES = {
  damaged: "We couldn't read this file: it may be damaged or cut short. Export it again and upload that.",
  no_pages: "This PDF has no pages. Export your artwork again and upload that.",
  encrypted: "This PDF is password-protected or encrypted. Save a copy without security and upload that.",
  too_complex:
    "This file is too complex for us to check in time. Simplify it (flatten effects, remove hidden layers) or e-mail it to us.",
  too_many_pixels: `This image is over ${MAX_IMAGE_PIXELS / 1_000_000} megapixels, far more than any print needs. Resize it (6,000 px on its longest side is plenty) and upload that.`,
  svg_script:
    "This SVG contains a script or an event handler. Export it again as plain SVG (no scripts) and upload that.",
  svg_external:
    "This SVG links to files or addresses outside itself. Embed its images and fonts (or convert text to outlines), export it again, or upload a PDF.",
  svg_entities: "This SVG declares XML entities, which we don't read. Export it again as plain SVG, or upload a PDF.",
} as const satisfies Record<UnreadableReason, string>;

/**
 * The findings for `report` decorated with `method` at `placement`: blockers first, then
 * warnings, then passes. A blocker refuses the file; a warning lets the buyer go on only after
 * "Use it anyway".
 */
export function judgePreflight(
  report: PreflightReport,
  choice: { method: BrandingMethod; placement: Placement | null },
): Finding[] {
  if (report.kind === "unreadable") return [blocker(report.reason, PREFLIGHT_MESSAGES[report.reason])];
  // Usable, after the buyer's "Use it anyway"; staff see the same words on the order.
  if (report.kind === "unchecked") return [warning("unchecked", `${OVER_LIMIT_MESSAGES[report.overLimit]} ${BY_HAND}`)];
  const findings =
    report.kind === "pdf"
      ? judgePdf(report, choice)
      : report.kind === "eps"
        ? judgeEps(report, choice)
        : report.kind === "raster"
          ? judgeRaster(report, choice)
          : judgeSvg(report, choice);
  const rank: Record<FindingLevel, number> = { blocker: 0, warning: 1, pass: 2 };
  return findings.sort((a, b) => rank[a.level] - rank[b.level]);
}

function judgePdf(report: PdfReport, { method, placement }: { method: BrandingMethod; placement: Placement | null }) {
  if (report.encrypted) return [blocker("encrypted", PREFLIGHT_MESSAGES.encrypted)];
  if (report.pages === 0) return [blocker("no_pages", PREFLIGHT_MESSAGES.no_pages)];
  const findings: Finding[] = [];
  const page = { widthMm: report.pageWidthMm, heightMm: report.pageHeightMm };
  const scale = printScale(page, placement);
  const at = printedAt(placement);

  if (report.pages > 1) {
    findings.push(
      warning("pages", `This PDF has ${report.pages} pages: we'll print page 1 unless your notes say otherwise.`),
    );
  }
  findings.push(...artKind(method, report.images.length > 0, report.vector));

  if (report.images.length > 0 && method !== "none") {
    const lowest = Math.min(...report.images.map((image) => effectivePpi(image, scale)));
    if (VECTOR_METHODS.includes(method)) {
      // Resolution is moot when the image is to be redrawn as outlines.
    } else if (lowest < MIN_PPI) {
      findings.push(warning("resolution", `Image at ${lowest} ppi: may print blurry ${at}.`));
    } else {
      findings.push(pass("resolution", `Images at ${lowest} ppi or more ${at}.`));
    }
  }

  const minText = MIN_TEXT_MM[method];
  if (minText !== undefined && report.smallestTextMm !== null) {
    const printed = Math.round(report.smallestTextMm * scale * 10) / 10;
    if (printed < minText) {
      findings.push(
        warning(
          "detail",
          `Text ${printed} mm high ${at}: ${methodName(method)} needs letters at least ${minText} mm high.`,
        ),
      );
    } else {
      findings.push(pass("detail", `Text at least ${printed} mm high ${at}.`));
    }
  }

  const missing = report.fonts.filter((font) => !font.embedded).map((font) => font.name);
  if (missing.length > 0) {
    findings.push(
      warning(
        "fonts",
        `${missing.length === 1 ? "Font" : "Fonts"} ${oxford(missing)} not embedded: convert text to outlines so it prints as designed.`,
      ),
    );
  } else if (report.fonts.length > 0) {
    findings.push(pass("fonts", "Fonts embedded."));
  }
  findings.push(...colourFindings(method, report.colours));
  return findings;
}

function judgeEps(report: EpsReport, { method }: { method: BrandingMethod; placement: Placement | null }) {
  const findings: Finding[] = [];
  if (!report.boundingBox) {
    findings.push(warning("size", "This EPS has no bounding box, so we can't tell its size. Export it again."));
  }
  findings.push(...artKind(method, report.raster, true));
  if (report.raster && method !== "none" && !VECTOR_METHODS.includes(method)) {
    findings.push(
      warning(
        "resolution",
        "Contains raster image data whose resolution an EPS doesn't state: upload a PDF for a resolution check.",
      ),
    );
  }
  findings.push(...colourFindings(method, report.colours));
  // Not the buyer's doing, so not a warning to consent to: only said (decision 032).
  if (report.pictureOff) findings.push(pass("picture", PICTURE_OFF));
  return findings;
}

/** What a report found, fact by fact, as staff read it when they make the proof. */
export function describeReport(report: PreflightReport): string[] {
  if (report.kind === "unreadable") return [PREFLIGHT_MESSAGES[report.reason]];
  if (report.kind === "unchecked") return [OVER_LIMIT_MESSAGES[report.overLimit], "Not checked: check it by hand"];
  if (report.kind === "raster" || report.kind === "svg") return describeImageReport(report);
  if (report.kind === "eps") {
    const box = report.boundingBox;
    return [
      box ? `EPS, ${mmText(box.widthMm)} × ${mmText(box.heightMm)} mm` : "EPS without a bounding box",
      report.raster ? "Contains raster image data" : "Vector only",
      `Colours: ${coloursText(report.colours)}`,
      ...Object.entries(report.dsc).map(([key, value]) => `${key}: ${value}`),
      report.preview ? `${report.preview.format.toUpperCase()} preview of ${report.preview.bytes} bytes` : "No preview",
    ];
  }
  const images = report.images;
  const lowest = images.length > 0 ? Math.min(...images.map((image) => effectivePpi(image, 1))) : null;
  return [
    `PDF, ${plural(report.pages, "page")}, page 1 ${mmText(report.pageWidthMm)} × ${mmText(report.pageHeightMm)} mm`,
    images.length === 0
      ? "Vector only"
      : `${report.vector ? "Vector art and " : ""}${plural(images.length, "image")}, the lowest at ${lowest} ppi on the page`,
    `Colours: ${coloursText(report.colours)}`,
    ...(report.fonts.length > 0
      ? [
          `Fonts: ${report.fonts.map((font) => `${font.name} (${font.embedded ? "embedded" : "not embedded"})`).join(", ")}`,
        ]
      : []),
    ...(report.smallestTextMm !== null ? [`Smallest text ${mmText(report.smallestTextMm)} mm high on the page`] : []),
  ];
}

/** Whether the buyer must say "Use it anyway" before going on, and whether the file is refused. */
export function preflightVerdict(findings: readonly Finding[]): "refused" | "needs_consent" | "passed" {
  if (findings.some((finding) => finding.level === "blocker")) return "refused";
  return findings.some((finding) => finding.level === "warning") ? "needs_consent" : "passed";
}

/**
 * The warnings of `findings` the buyer has not yet said "Use it anyway" to. Consent is kept as
 * the warnings' codes, so a warning that appears later (another method, another placement) asks again.
 */
export function unconsentedWarnings(findings: readonly Finding[], accepted: readonly string[]): Finding[] {
  return findings.filter((finding) => finding.level === "warning" && !accepted.includes(finding.code));
}

/** What a report may hold when stored with its file: the lowest-resolution images, bounded lists. */
export const REPORT_LIMITS = { images: 20, fonts: 50, spot: 50, name: 100, dscKeys: 20, dscValue: 200 } as const;

const pixelsPerMm = (image: PlacedImage) => Math.min(image.widthPx / image.widthMm, image.heightPx / image.heightMm);

/**
 * `report` bounded for storage (REPORT_LIMITS): a PDF drawing ten thousand images keeps the 20 of
 * lowest resolution, which is all the judging needs (the scale is the same for every image of a
 * page, so the order by resolution is too); long lists and names are cut.
 */
export function boundReport(report: PreflightReport): PreflightReport {
  const name = (text: string) => text.slice(0, REPORT_LIMITS.name);
  const colours = (use: ColourUse): ColourUse => ({ ...use, spot: use.spot.slice(0, REPORT_LIMITS.spot).map(name) });
  if (report.kind === "pdf") {
    return {
      ...report,
      images: [...report.images]
        .filter((image) => image.widthMm > 0 && image.heightMm > 0)
        .sort((a, b) => pixelsPerMm(a) - pixelsPerMm(b))
        .slice(0, REPORT_LIMITS.images),
      colours: colours(report.colours),
      fonts: report.fonts.slice(0, REPORT_LIMITS.fonts).map((font) => ({ ...font, name: name(font.name) })),
    };
  }
  if (report.kind === "eps") {
    const dsc = Object.entries(report.dsc)
      .slice(0, REPORT_LIMITS.dscKeys)
      .map(([key, value]) => [name(key), value.slice(0, REPORT_LIMITS.dscValue)]);
    return { ...report, dsc: Object.fromEntries(dsc), colours: colours(report.colours) };
  }
  return report;
}

const PLACEMENT_SIZE = /up to (\d+(?:\.\d+)?) × (\d+(?:\.\d+)?) (cm|mm)/i;

/** "Up to 10 × 5.5 cm, up to 8 thread colours" → 100 × 55 mm; null when the text gives no size (decision 027). */
export function parsePlacementSize(text: string): { widthMm: number; heightMm: number } | null {
  const match = PLACEMENT_SIZE.exec(text);
  if (!match) return null;
  const unit = match[3]!.toLowerCase() === "cm" ? 10 : 1;
  return { widthMm: Number(match[1]) * unit, heightMm: Number(match[2]) * unit };
}

/**
 * Where a line's artwork prints: the first chosen option (in the catalogue's order) whose text
 * gives a size, e.g. the cap's "Front embroidery" at 10 × 5.5 cm; null when none does.
 */
export function placementFor(
  options: readonly { title: string; subtitle?: string }[],
  selections: readonly string[],
): Placement | null {
  for (const option of options) {
    if (!selections.includes(option.title)) continue;
    const size = parsePlacementSize(option.subtitle ?? "");
    if (size) return { label: option.title, ...size };
  }
  return null;
}
